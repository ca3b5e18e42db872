// MatchConfig: everything a match or tournament run needs, stored as JSON in the run's row so
// that a resumed run plays exactly what the first one would have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "game_runner.h"
#include "opening_book.h"
#include "pgn_writer.h"
#include "stats/sprt.h"

namespace harness {

// A share of a run's game pairs for one machine: pair p belongs to shard p % count (index is
// 0-based; written K/N with K from 1). Every shard plays the unsharded run's pairs, openings and
// colours, so shards merged give the run that one machine would have played.
struct Shard {
  int index = 0;
  int count = 1;
  bool active() const { return count > 1; }
  bool holds_pair(int pair) const { return pair % count == index; }
  std::string describe() const { return std::to_string(index + 1) + "/" + std::to_string(count); }
  bool operator==(const Shard&) const = default;
};

// "K/N" with 1 <= K <= N; the error says which part is wrong.
chess::Result<Shard> parse_shard(const std::string& text);

// PAIRS: engine 2k plays engine 2k + 1 only (a tuner's SPSA batch, theta+ against theta-).
enum class TournamentKind { MATCH, ROUND_ROBIN, GAUNTLET, PAIRS };

struct MatchConfig {
  TournamentKind kind = TournamentKind::MATCH;
  std::vector<EngineConfig> engines;
  int games = 100;  // matches: total games (tournaments play one game pair per encounter and round)
  int rounds = 1;   // tournaments
  GameSettings settings;
  std::string openings_path;
  int plies = 0;
  OpeningOrder order = OpeningOrder::SEQUENTIAL;
  BookChoice book_choice = BookChoice::WEIGHTED;  // how a Polyglot book's moves are chosen
  // How read_opening_book reads this run's book.
  PolyglotOptions polyglot() const { return {book_choice, seed}; }
  // Tournaments: every encounter of a round plays that round's opening (a tuner's individuals
  // are then compared on the same positions); otherwise each game pair gets the next one.
  bool opening_per_round = false;
  std::uint64_t seed = 1;
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  std::string pgn_path;      // also append each game's PGN here, if set
  PgnComments pgn_comments;  // what move comments add (--pgn-comments)
  std::string event = "Workbench match";
  Shard shard;  // this database plays only these pairs (harness match --shard, a cluster task)

  // The same run with every pair: what shards of it are merged into.
  MatchConfig unsharded() const {
    MatchConfig c = *this;
    c.shard = Shard{};
    return c;
  }

  std::string to_json() const;
  static chess::Result<MatchConfig> from_json(const std::string& text);
};

// One game to play: who has White, which pair and opening it belongs to.
struct GameSpec {
  int game_index = 0;
  int pair_index = 0;
  int white = 0, black = 0;  // indices into MatchConfig::engines
  int opening = 0;           // which opening of the run's order
};

// Every game of the run, whatever the shard.
std::vector<GameSpec> make_schedule(const MatchConfig& config);
// The games of the schedule that the config's shard plays.
std::vector<GameSpec> shard_games(const std::vector<GameSpec>& schedule, const Shard& shard);

}  // namespace harness
