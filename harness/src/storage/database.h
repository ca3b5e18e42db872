// Database: the harness's SQLite file, and the only code that talks to SQLite. One writer,
// WAL mode, one transaction per finished game. The schema is created and migrated here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engines/engine_config.h"
#include "match/game_record.h"

struct sqlite3;

namespace harness {

struct RunRow {
  std::int64_t id = 0;
  std::string kind;  // match, tournament, perft, epd, ...
  std::string created_at, finished_at;
  std::string status;   // running, finished, stopped
  std::string config;   // JSON of everything needed to resume
  std::string summary;  // the results block at the last update
};

struct StoredGame {
  std::int64_t id = 0;
  int game_index = 0;
  std::string opening_fen;
  std::vector<std::string> opening_moves;  // UCI
  std::string white, black;
  std::string result;  // "1-0", "0-1", "1/2-1/2"
  std::string termination, reason;
  int plies = 0;
  std::string pgn;
};

// A game as a report shows it: its row without the PGN, and its moves.
struct ReportGame {
  std::int64_t id = 0;
  int game_index = 0, pair_index = 0;
  std::string white, black, result, termination, reason;
  std::string opening_fen;
  std::string opening_moves;  // UCI, space-separated
  int plies = 0;
  std::string started_at, finished_at;
};

struct ReportMove {
  std::int64_t game_id = 0;
  int ply = 0;
  std::string uci, san;
  std::int64_t time_ms = 0;
  bool has_score = false;
  int score_cp = 0, mate_in = 0, depth = 0;
  std::int64_t nodes = 0;
};

struct PerftResultRow {
  int line = 0;
  std::string position_id, fen;
  int depth = 0;
  std::uint64_t expected = 0, got = 0;
  double seconds = 0;
  bool passed = false;
  std::string error;  // the engine failed to answer
  std::string bug;    // the located bug, as text
};

struct EpdResultRow {
  int line = 0;
  std::string position_id, fen;
  std::string move;  // the engine's move (UCI)
  bool solved = false;
  int points = 0, max_points = 0;
  std::int64_t found_time_ms = -1;  // when a solving move was first found and kept; -1 if never
  int found_depth = 0;
};

// One tuner generation: the probability vector after it, and everything needed to resume.
struct GenerationRow {
  int generation = 0;
  double entropy = 0;
  double best_fitness = 0, mean_fitness = 0;
  std::string probabilities;  // JSON array: PBIL's bit probabilities, or SPSA's weights (theta)
  std::string state;          // the optimiser's saved state (vector, best so far, random generator)
};

struct IndividualRow {
  int index = 0;
  std::string bits;     // "0101..."
  std::string weights;  // JSON object of the tuned weights
  double fitness = 0;
  std::int64_t match_run = 0;  // games fitness: the run holding this individual's games (0: none)
};

// A validation match of a tuner run: tuned weights against the starting weights.
struct ValidationRow {
  int generation = 0;  // after this many generations (or iterations)
  std::int64_t match_run = 0;
  double elo = 0, elo_error = 0;
};

// A run played on a Slurm cluster: where its shard databases are, and the jobs that played them.
struct ClusterJobRow {
  std::int64_t run_id = 0;
  std::string dir;  // the shared folder: job script, configuration, shard databases, logs
  int shards = 0;
  std::vector<std::string> job_ids;  // every array job submitted for the run, oldest first
  bool decided = false;              // an SPRT decided: only the `counted` games belong to the run
  std::vector<int> counted;          // the game indices the decision counted
};

class Database {
 public:
  static chess::Result<std::unique_ptr<Database>> open(const std::string& path);
  // The same for a database that must exist already (reading results, resuming): a missing
  // file is an error, not a new empty database.
  static chess::Result<std::unique_ptr<Database>> open_existing(const std::string& path);
  // Reading a database that another process may be writing (a shard, a dashboard): never
  // created, never migrated, never written.
  static chess::Result<std::unique_ptr<Database>> open_readonly(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // For a shard: a rollback journal instead of WAL, whose shared-memory index works only when
  // every reader is on the writer's host. A shard is read from another host (the cluster's
  // controller over a shared filesystem) and copied as one file; this keeps both right.
  // False if another process holds the file open and the mode stays WAL.
  bool use_rollback_journal();
  int schema_version() const;
  std::int64_t engine_id(const EngineConfig& engine);
  std::int64_t create_run(const std::string& kind, const std::string& config_json);
  void update_run(std::int64_t run_id, const std::string& status, const std::string& summary);
  std::optional<RunRow> run(std::int64_t run_id);
  std::vector<RunRow> runs();
  // Stores a finished game and its moves in one transaction.
  std::int64_t save_game(std::int64_t run_id, const GameRecord& game, std::int64_t white_id, std::int64_t black_id);
  std::vector<StoredGame> games(std::int64_t run_id);
  // The engines' moves of a stored game (UCI), in order.
  std::vector<std::string> game_moves(std::int64_t game_id);
  void save_perft_result(std::int64_t run_id, const PerftResultRow& row);
  std::vector<PerftResultRow> perft_results(std::int64_t run_id);
  void save_epd_result(std::int64_t run_id, const EpdResultRow& row);
  std::vector<EpdResultRow> epd_results(std::int64_t run_id);
  // A tuner generation and its individuals, in one transaction.
  void save_generation(std::int64_t run_id, const GenerationRow& generation, const std::vector<IndividualRow>& individuals);
  std::vector<GenerationRow> generations(std::int64_t run_id);
  std::optional<GenerationRow> generation(std::int64_t run_id, int generation);
  // The error on the held-out positions of each stored generation's result (texel fitness with a holdout).
  void save_heldout(std::int64_t run_id, int generation, double error);
  std::vector<std::pair<int, double>> heldout_errors(std::int64_t run_id);
  std::vector<IndividualRow> individuals(std::int64_t run_id, int generation);
  void save_validation(std::int64_t run_id, const ValidationRow& validation);
  std::vector<ValidationRow> validations(std::int64_t run_id);
  // Everything a report shows of a run's games, by game index, and their moves by game and ply.
  std::vector<ReportGame> report_games(std::int64_t run_id);
  // Without `text`, a move's UCI and SAN are left empty (the numbers a summary needs are quicker).
  std::vector<ReportMove> report_moves(std::int64_t run_id, bool text = true);
  std::vector<ReportMove> report_moves_of_game(std::int64_t game_id);
  // How many finished games a run holds; and every result row it holds (games, perft and EPD
  // results): what changes whenever a run makes progress.
  int game_count(std::int64_t run_id);
  int stored_rows(std::int64_t run_id);
  // A run's finished games as (game index, result), the least a live count needs.
  std::vector<std::pair<int, std::string>> game_results(std::int64_t run_id);
  // The engines that played the run's games: (name, checksum of the binary).
  std::vector<std::pair<std::string, std::string>> run_engines(std::int64_t run_id);
  // Copies run `from_run` of the database file `from_path` into run `to_run`: its games with
  // their moves and engines, leaving out game indices `to_run` holds already and, when `only`
  // is given, indices not in it. A game that cannot be read is left out and counted. Copying
  // twice adds nothing.
  struct ImportCount {
    int copied = 0, present = 0, unreadable = 0;
  };
  chess::Result<ImportCount> import_games(const std::string& from_path, std::int64_t from_run, std::int64_t to_run,
                                          const std::vector<int>* only = nullptr);
  void save_cluster_job(const ClusterJobRow& job);
  std::optional<ClusterJobRow> cluster_job(std::int64_t run_id);

  const std::string& path() const { return path_; }

  // Runs a statement with no result rows; for schema changes owned by other harness parts.
  void exec(const std::string& sql);

 private:
  Database(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  std::string migrate();
  void rollback_if_open();
  sqlite3* db_;
  std::string path_;
};

}  // namespace harness
