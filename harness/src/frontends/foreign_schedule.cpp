#include "frontends/foreign_schedule.h"

#include <cstdint>
#include <utility>

namespace harness::frontend {

namespace {

// `rounds` encounters of `per_round` games (2: a pair), as a match or a tournament.
chess::Result<bool> settle(LineState& s, int per_round, int rounds) {
  MatchConfig& c = s.run.config;
  if (rounds < 1 || per_round < 1) return chess::Error{"-rounds and -games: must be at least 1"};
  const int per_encounter = c.paired ? 2 : 1;
  if (std::int64_t(per_encounter) * rounds > MAX_GAMES)
    return chess::Error{"-rounds " + std::to_string(s.rounds) + ": more than a run's " + std::to_string(MAX_GAMES) + " games"};
  if (c.engines.size() == 2) {
    c.kind = TournamentKind::MATCH;
    c.games = per_encounter * rounds;
  } else {
    c.kind = s.gauntlet ? TournamentKind::GAUNTLET : TournamentKind::ROUND_ROBIN;
    c.rounds = rounds;
  }
  if (!c.paired) s.run.output.penta = false;  // as fastchess: no pentanomial report without pairs
  return true;
}

}  // namespace

chess::Result<bool> fastchess_schedule(LineState& s) {
  int per_round = s.repeat ? s.repeat : s.games, rounds = s.rounds;
  if (per_round > 2) std::swap(per_round, rounds);  // fastchess reads "-games 100 -rounds 1" so
  if (per_round > 2)                                // the message names the values as given, not as swapped
    return chess::Error{(s.repeat ? "-repeat " + std::to_string(s.repeat) : "-games " + std::to_string(s.games)) + " -rounds " +
                        std::to_string(s.rounds) +
                        ": -games must be 1 or 2 (games of an encounter in a round), or -rounds 1 with -games N for N "
                        "rounds of one game"};
  s.run.config.paired = per_round == 2;
  return settle(s, per_round, rounds);
}

chess::Result<bool> cutechess_schedule(LineState& s) {
  MatchConfig& c = s.run.config;
  const int per_round = s.games;
  int rounds = s.rounds;
  if (s.repeat > 2) return chess::Error{"-repeat " + std::to_string(s.repeat) + ": only 2 is supported (a game pair)"};
  c.paired = s.repeat == 2;
  if (c.paired && per_round % 2 != 0)
    return chess::Error{"-games " + std::to_string(per_round) + ": must be even with -repeat (each opening is played twice)"};
  if (std::int64_t(rounds) * per_round > MAX_GAMES)
    return chess::Error{"-games " + std::to_string(per_round) + " -rounds " + std::to_string(rounds) + ": more than a run's " +
                        std::to_string(MAX_GAMES) + " games"};
  rounds *= c.paired ? per_round / 2 : per_round;
  return settle(s, per_round, rounds);
}

}  // namespace harness::frontend
