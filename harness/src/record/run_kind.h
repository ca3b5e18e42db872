// A stored run's kind, declared once: the word the runs table keeps for each kind, read back by
// one parser, and what each kind is (plays games, a suite, a tuner's run). A tuning method's run
// is stored as "tuner-" and its method's name ("tuner-spsa"): its kind is TUNER_METHOD and the
// method's name is kept apart, so that the harness needs no list of the tuner's methods.
#pragma once

#include <string>
#include <utility>

#include "core/result.h"

namespace harness {

enum class RunKind {
  MATCH,         // two engines (harness match, test, cutechess/fastchess with two, imported PGN of two)
  TOURNAMENT,    // round robin, gauntlet or pairs of more engines
  DATAGEN,       // self-play kept as training positions
  PERFT,         // a perft suite
  EPD,           // an EPD test-position suite
  BENCH,         // a bisect step's bench of one commit
  BISECT,        // the search over commits
  TUNER_METHOD,  // a tuning method's run, "tuner-NAME" (the method's name kept apart)
  TUNER_NNUE,    // tuner nnue's training of a network
  TUNER_LOOP,    // tuner loop's generations
  UNKNOWN,       // a word this harness does not know (a newer one stored it); it has no name
};
inline constexpr int RUN_KINDS = int(RunKind::UNKNOWN);  // the kinds with a name

// A kind with, for TUNER_METHOD, its method's name ("spsa"); empty for every other kind.
struct KindAndMethod {
  KindAndMethod(RunKind k) : kind(k) {}  // every kind but TUNER_METHOD is whole by itself
  KindAndMethod(RunKind k, std::string m) : kind(k), method(std::move(m)) {}
  RunKind kind;
  std::string method;
  bool operator==(const KindAndMethod&) const = default;
};

// "match", "tuner-nnue", ...; TUNER_METHOD: "tuner-", the start of its words; UNKNOWN: "unknown".
const char* run_kind_name(RunKind kind);
// The word the runs table keeps: the kind's name, "tuner-spsa" for a tuning method's run.
std::string run_kind_word(const KindAndMethod& kind);
// The kind of a stored word; an unknown word is an error that names it.
chess::Result<KindAndMethod> parse_run_kind(const std::string& word);

// What the kinds are, as the commands that take some of them ask.
bool plays_games(RunKind kind);             // MATCH, TOURNAMENT, DATAGEN: a MatchConfig's games
bool is_match_or_tournament(RunKind kind);  // games with a report, ratings and PGN
bool is_suite(RunKind kind);                // PERFT, EPD: a suite's lines checked
bool is_tuner_run(RunKind kind);            // TUNER_*: 'tuner show' and 'tuner report' show it

}  // namespace harness
