#include "record/run_kind.h"

#include <array>

namespace harness {

namespace {

struct KindRow {
  RunKind kind;
  const char* name;
};

// One row per kind, in the enum's order: the words the runs table keeps.
constexpr std::array<KindRow, RUN_KINDS> RUN_KIND_ROWS = {{
    {RunKind::MATCH, "match"},
    {RunKind::TOURNAMENT, "tournament"},
    {RunKind::DATAGEN, "datagen"},
    {RunKind::PERFT, "perft"},
    {RunKind::EPD, "epd"},
    {RunKind::BENCH, "bench"},
    {RunKind::BISECT, "bisect"},
    {RunKind::TUNER_METHOD, "tuner-"},  // followed by the method's name
    {RunKind::TUNER_NNUE, "tuner-nnue"},
    {RunKind::TUNER_LOOP, "tuner-loop"},
}};

}  // namespace

const char* run_kind_name(RunKind kind) { return kind == RunKind::UNKNOWN ? "unknown" : RUN_KIND_ROWS[std::size_t(kind)].name; }

std::string run_kind_word(const KindAndMethod& kind) {
  return kind.kind == RunKind::TUNER_METHOD ? run_kind_name(kind.kind) + kind.method : run_kind_name(kind.kind);
}

chess::Result<KindAndMethod> parse_run_kind(const std::string& word) {
  for (const KindRow& row : RUN_KIND_ROWS)
    if (row.kind != RunKind::TUNER_METHOD && word == row.name) return KindAndMethod(row.kind);
  const std::string prefix = run_kind_name(RunKind::TUNER_METHOD);
  if (word.size() > prefix.size() && word.compare(0, prefix.size(), prefix) == 0)
    return KindAndMethod(RunKind::TUNER_METHOD, word.substr(prefix.size()));
  return chess::Error{"unknown run kind '" + word + "'"};
}

bool plays_games(RunKind kind) { return kind == RunKind::MATCH || kind == RunKind::TOURNAMENT || kind == RunKind::DATAGEN; }

bool is_match_or_tournament(RunKind kind) { return kind == RunKind::MATCH || kind == RunKind::TOURNAMENT; }

bool is_suite(RunKind kind) { return kind == RunKind::PERFT || kind == RunKind::EPD; }

bool is_tuner_run(RunKind kind) {
  return kind == RunKind::TUNER_METHOD || kind == RunKind::TUNER_NNUE || kind == RunKind::TUNER_LOOP;
}

}  // namespace harness
