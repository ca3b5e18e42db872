// MatchConfig: everything a match or tournament run needs. It checks itself (validate), whichever
// door it came in by (command line, stored run, shard, cluster, tuner), and is stored as JSON in
// the run's row so that a resumed run plays exactly what the first one would have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "builds/speed_scale.h"
#include "builds/tested_engine.h"
#include "engines/engine_config.h"
#include "game/game_settings.h"
#include "openings/opening_book.h"
#include "pgn/pgn_writer.h"
#include "record/run_kind.h"
#include "settings/setting_problems.h"
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

// Where an imported run's games came from: the PGN files, and the games' TimeControl tag ("?"
// when they differ); the run's time control is that tag when it reads as one. Its games are
// all it holds: an import is complete whatever schedule its games would fill.
struct ImportedGames {
  std::vector<std::string> files;
  std::string time_control;
  int games = 0;  // 0 in runs imported before it was kept
  bool operator==(const ImportedGames&) const = default;
};
void to_json(nlohmann::json& j, const ImportedGames& imported);
void from_json(const nlohmann::json& j, ImportedGames& imported);

// PAIRS: engine 2k plays engine 2k + 1 only (a tuner's SPSA batch, theta+ against theta-).
enum class TournamentKind { MATCH, ROUND_ROBIN, GAUNTLET, PAIRS };
const char* tournament_kind_name(TournamentKind kind);  // "match", "round-robin", "gauntlet", "pairs"
chess::Result<TournamentKind> parse_tournament_kind(const std::string& name);

// The most games a run plays at once.
inline constexpr int MAX_CONCURRENCY = 1024;
// The most games one run plays (--games, or --rounds times a round's games): ten million, far
// past any test (fishtest's longest run to a decision is some 200,000 games), far below a count
// whose tallies would overflow.
inline constexpr int MAX_GAMES = 10'000'000;
// The most positions a datagen run is sized by (--positions): a thousand for each of MAX_GAMES.
inline constexpr std::int64_t MAX_POSITIONS = 1000LL * MAX_GAMES;

struct MatchConfig {
  TournamentKind kind = TournamentKind::MATCH;
  std::vector<EngineConfig> engines;
  int games = 100;  // matches: total games (tournaments play one game pair per encounter and round)
  int rounds = 1;   // tournaments
  GameSettings settings;
  std::string openings_path;
  // 0 or more: each game's opening is this many random plies from the start, drawn from the
  // game's number and the seed (harness datagen --random-plies, the tuner loop), and
  // openings_path is empty; -1: the openings come from the book.
  int random_plies = -1;
  // The openings the run was planned on (OpeningBook::digest), set when its book is first read:
  // a resumed run whose book now reads otherwise is refused. "" in runs stored before it was kept.
  std::string openings_digest;
  int plies = 0;
  OpeningOrder order = OpeningOrder::SEQUENTIAL;
  BookChoice book_choice = BookChoice::WEIGHTED;  // how a Polyglot book's moves are chosen
  // How read_opening_book reads this run's book.
  PolyglotOptions polyglot() const { return {book_choice, seed}; }
  // Tournaments: every encounter of a round plays that round's opening (a tuner's individuals
  // are then compared on the same positions); otherwise each game pair gets the next one.
  bool opening_per_round = false;
  std::uint64_t seed = 1;
  int opening_offset = 0;  // the first pair takes the opening this far into the order (fastchess's start=N is N - 1)
  int concurrency = 1;
  std::optional<SprtConfig> sprt;
  std::string pgn_path;          // also append each game's PGN here, if set
  std::string log_path;          // the engine dialogue of every game, appended here (record/dialogue_log.h), if set; "-": stderr
  bool log_engine_lines = true;  // false: the log holds the harness's notes only (fastchess's -log without engine=true)
  PgnComments pgn_comments;      // what move comments add (--pgn-comments)
  std::string event = "Workbench match";
  Shard shard;  // this database plays only these pairs (harness match --shard, a cluster task)
  // Set for games played elsewhere that `harness import` stored: nothing to play or resume,
  // engines that are names only (no command), a game count that need not be even.
  std::optional<ImportedGames> imported;
  // Set by `harness test`: the commits its engines were built from, with their bench signatures.
  std::vector<TestedCommit> tested;
  // A datagen run (harness datagen): each game's moves are stored packed in its row, without
  // PGN or engine logs, for `harness positions` to export.
  bool datagen = false;
  // A datagen run sized by positions (run/positions_target.h): it keeps the shortest run of games,
  // in order, whose scored positions reach this many, and `games` is the most it plays; 0: none.
  std::int64_t positions = 0;
  // false: each game stands alone with its own opening and colours alternating (fastchess's
  // -games 1, cutechess-cli without -repeat, harness match --no-pairs); the statistics are then
  // trinomial. Gauntlets against fixed opponents and data generation play so.
  bool paired = true;
  // fastchess's -noswap (the first engine has White in every game) and -reverse (colours swapped).
  bool noswap = false, reverse = false;
  // fastchess's -wait: each game slot pauses this long between its games.
  int wait_ms = 0;
  // --params-file: option values read again before each game pair (engines/params_file.h); empty: none.
  std::string params_file;
  std::vector<std::string> engine_names() const;
  // fastchess's -show-latency: each move's latency (the harness's time less the engine's own) is
  // noted in the dialogue log.
  bool show_latency = false;
  // fastchess's -use-affinity [CPUS]: each engine process is pinned to one CPU of these (all the
  // machine's when empty), the two engines of a game slot to CPUs of their own.
  bool use_affinity = false;
  std::vector<int> affinity_cpus;
  // Set by --scale-nps: the time control in `settings` is the given one scaled by this.
  std::optional<SpeedScale> speed_scale;
  // A run of this configuration measured again (harness test --resume): the speeds are taken
  // from the stored run, whose clock was scaled by them, so the two compare equal.
  void adopt_measurements(const MatchConfig& stored);
  // Whether the games were played on a clock this configuration knows (plots of the clock).
  bool has_clock() const;
  // The time control as runs show it: an imported run's TimeControl tag ("?" when its games
  // differ or hold none), else the limit it was played at.
  std::string time_control_text() const;
  // The kind its stored run has: DATAGEN, MATCH or TOURNAMENT.
  RunKind run_kind() const;

  // The same run with every pair: what shards of it are merged into.
  MatchConfig unsharded() const {
    MatchConfig c = *this;
    c.shard = Shard{};
    return c;
  }

  // Every problem of the configuration, each by its setting (the stored JSON's key). What
  // needs the book, the tables or the engines themselves is checked by prepare_run. A new run
  // is held to the rules of today; a stored one only to what it needs to be played and read
  // (a run stored with an odd number of games still resumes).
  enum class Checks { NEW_RUN, STORED_RUN };
  SettingProblems validate(Checks checks = Checks::NEW_RUN) const;
  // Every game the schedule holds, whatever the shard: games (a match), or rounds times each
  // round's encounters times the games of an encounter; in 64 bits, checked against MAX_GAMES.
  std::int64_t total_games() const;

  // The run as it is stored. Every text in it is UTF-8 when validate() found no problem (a
  // path or an option's value that is not is refused there, by its key, rather than thrown here).
  std::string to_json() const;
  // A stored run: unreadable JSON, an unknown name or a setting that fails validate() is an error.
  static chess::Result<MatchConfig> from_json(const std::string& text);

 private:
  nlohmann::json stored_json() const;
};

void to_json(nlohmann::json& j, const Shard& shard);
void from_json(const nlohmann::json& j, Shard& shard);

}  // namespace harness
