// The options that `harness match`, `tournament` and `cluster match` share, and the run
// configuration they make: every check of a command line's settings is here, before anything
// is recorded.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "builds/git_engines.h"
#include "command_support/command_line.h"
#include "process/executable_path.h"
#include "run/run_inputs.h"

namespace harness {

// How an --engine spec is written, for every command's --help: one spec per --engine, its words
// quoted as settings/key_values.h reads them.
inline constexpr const char* ENGINE_SPEC_HELP =
    "Ad-hoc engine, one spec per --engine: \"name=X cmd=PATH proto=uci|xboard option.Hash=16 arg=A dir=D\"; a word "
    "with spaces is quoted as a shell quotes it: 'option.Skill Level=3'";

struct MatchOptions {
  std::vector<std::string> engines;
  std::vector<std::string> engine_specs;
  std::string registry;
  int games = 100;
  int rounds = 1;
  bool gauntlet = false;
  std::string tc;
  double movetime = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t timemargin = 0;
  std::int64_t search_timeout_ms = GameSettings{}.search_timeout_ms;
  EngineDeadlines deadlines;  // --startup-ms, --ucinewgame-ms, --ping-ms
  std::string openings;
  int plies = 0;
  std::string order = "sequential";
  std::uint64_t seed = 1;
  int concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
  std::string sprt, resign, draw;
  int maxmoves = 0;
  std::string db = default_database();
  std::string pgn;
  std::string event;
  bool resume = false;
  std::int64_t run = 0;
  std::string shard;  // K/N: play only this share of the pairs
  std::string pgn_comments;
  std::string variant;
  std::string book_mode = "weighted";
  bool ponder = false;
  bool check_mate_pvs = false;
  bool no_pairs = false;                 // each game its own opening, colours alternating
  std::vector<std::string> match_lines;  // --match-line: engine lines kept with each move
  std::string log;                       // --log: the engine dialogue of every game
  std::string events;                    // --events: the run's events, as JSON lines ("-": standard output)
  std::string params_file;               // --params-file: option values read before each game pair
  std::string tb;                        // tablebase directory
  int tb_pieces = 0;  // 0: as many pieces as the tables hold  // standard or fischerandom; empty: from the book's castling fields
  std::vector<EngineConfig> made_engines;  // engines the command made itself (harness test's builds)
  std::vector<TestedCommit> tested;        // and the commits they were built from
  std::optional<SpeedScale> speed_scale;   // harness test --scale-nps: the clock is scaled by it
  bool datagen = false;                    // harness datagen: the moves are stored packed
  std::int64_t positions = 0;              // harness datagen --positions: the run's size, --games its most
  int random_plies = -1;                   // harness datagen --random-plies: each game's opening drawn by number and seed
};

// --startup-ms, --ucinewgame-ms and --ping-ms, with fastchess's meanings and defaults.
void add_deadline_options(CLI::App* cmd, EngineDeadlines& deadlines);
// --build, --make-path, --compiler and --network of the commands that build commits (test, bisect).
void add_build_options(CLI::App* cmd, BuildRecipe& recipe);
// The recipe as the command line gave it, its make path in one spelling and its network file
// absolute; a problem is the command's failure, named by option.
BuildRecipe checked_recipe(BuildRecipe recipe);
// --bench-runs of the commands that run benches.
void add_bench_runs_option(CLI::App* cmd, int& runs);
// Adds the options every match-like command takes.
void add_common(CLI::App* cmd, MatchOptions& o);
// The run configuration of a command line, validated; a bad setting ends the program with a
// message naming each option that is wrong.
MatchConfig build_config(const MatchOptions& o, TournamentKind kind);
// Reads the book (the variant follows it unless --variant was given), opens the tables and
// probes the engines, once; an error ends the program before anything is recorded.
RunInputs prepare_or_fail(MatchConfig& config, const MatchOptions& o);
// Plays a new run of this command line, or with --resume the unfinished one of the same
// settings; ends the program with the run's exit status.
[[noreturn]] void start_or_resume(MatchOptions& o, TournamentKind kind);

}  // namespace harness
