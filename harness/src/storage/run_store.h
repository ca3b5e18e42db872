// RunStore: the runs of every kind, the engines that played, and each match's games and moves,
// over the database's one connection. Every function returns its failure as a value.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "engines/engine_config.h"
#include "process/process_identity.h"
#include "record/game_record.h"
#include "record/packed_moves.h"
#include "record/run_kind.h"
#include "record/run_status.h"
#include "storage/connection.h"

namespace harness {

// A run as its row has it, its kind and status read from their words (record/run_kind.h,
// record/run_status.h). A word this harness does not know (a newer harness stored it) does not
// make the row unreadable: its kind or status is UNKNOWN, which no command takes, and the word
// is kept to be listed and named ("run 7 is a frobnicate run").
struct RunRow {
  std::int64_t id = 0;
  RunKind kind = RunKind::UNKNOWN;
  std::string method;  // a tuning method's run (RunKind::TUNER_METHOD): the method's name, "spsa" of "tuner-spsa"
  std::string created_at, finished_at;
  RunStatus status = RunStatus::UNKNOWN;
  std::string config;   // JSON of everything needed to resume
  std::string summary;  // the results block at the last update
  std::string unknown_kind, unknown_status;  // the words of an UNKNOWN kind or status, as stored

  // The words as stored, to be shown: "match", "tuner-spsa", "finished", or the unknown word.
  std::string kind_text() const;
  std::string status_text() const;
};

struct StoredGame {
  std::int64_t id = 0;
  int game_index = 0;
  std::string opening_fen;
  std::vector<std::string> opening_moves;  // UCI
  std::string white, black;
  std::string result;       // "1-0", "0-1", "1/2-1/2"
  std::string termination;  // the PGN Termination tag as stored
  GameEnd end = GameEnd::UNKNOWN;
  std::string reason;
  int plies = 0;
  std::string pgn;
  std::string params;  // game_params_json of the game: the values a parameters file set, or empty
};

// A game stored with its moves packed (record/packed_moves.h).
// A game's moves with the scores their engines gave, however the game was stored: packed
// (datagen) or as move rows (matches, tournaments, tests, imported PGN with its comments' scores).
struct ScoredGame {
  int game_index = 0;
  std::string opening_fen;
  std::vector<std::string> opening_moves;  // UCI
  std::string result;                      // "1-0", "0-1", "1/2-1/2", or "*"
  GameEnd end = GameEnd::UNKNOWN;
  std::string reason;                      // end_reason's words, as stored
  std::vector<PackedMove> moves;           // after the opening's
  std::string problem;                     // packed moves that could not be read (then no moves)
};

// A game as a report shows it: its row without the PGN, and its moves.
struct ReportGame {
  std::int64_t id = 0;
  int game_index = 0, pair_index = 0;
  std::string white, black, result;
  GameEnd end = GameEnd::UNKNOWN;
  std::string reason;
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

// What an engine said with a move that was kept (migration 12's move_notes): kind "line" (a
// match_lines pattern's line) or a PV fault's key (record/pv_warning.h) with the engine's line.
struct MoveNote {
  int ply = 0;
  std::string kind, text;
};

// What RunStore::import_games copied of another database's run.
struct ImportCount {
  int copied = 0, present = 0, unreadable = 0;
};

// A stored game's end: its name, or for games stored before ends had names, read from the text.
GameEnd stored_end(const std::string& name, const std::string& termination, const std::string& reason);

class RunStore {
 public:
  explicit RunStore(Connection& connection) : c_(connection) {}

  chess::Result<std::int64_t> engine_id(const EngineConfig& engine);
  // A new run, RUNNING. A kind whose word would not read back (UNKNOWN, a tuning method's run
  // without its method's name) is refused.
  chess::Result<std::int64_t> create_run(const KindAndMethod& kind, const std::string& config_json);
  // finished_at is set with any status but RUNNING; UNKNOWN is refused.
  chess::Result<bool> update_run(std::int64_t run_id, RunStatus status, const std::string& summary);
  // The run, or nullopt when there is none of that id.
  chess::Result<std::optional<RunRow>> run(std::int64_t run_id);
  chess::Result<std::vector<RunRow>> runs();
  // The process that plays a run. claim_run records `me` unless a process that `running` says
  // is still running holds the run, and returns that one (with when it began) instead;
  // release_run forgets `me` (a run it no longer holds is left as it is).
  struct Holder {
    ProcessIdentity process;
    std::string since;
  };
  chess::Result<std::optional<Holder>> claim_run(std::int64_t run_id, const ProcessIdentity& me,
                                                 const std::function<bool(const ProcessIdentity&)>& running);
  chess::Result<bool> release_run(std::int64_t run_id, const ProcessIdentity& me);
  // How a game's moves are kept: a row each (reports, replays), or packed into the game's row
  // with no PGN or engine logs (datagen: tens of millions of positions).
  enum class MovesStored { ROWS, PACKED };
  // Stores a finished game and its moves in one transaction, with `owed_event` when it is not
  // empty: the game's event line (events/run_events.h), owed until event_written forgets it.
  chess::Result<std::int64_t> save_game(std::int64_t run_id, const GameRecord& game, std::int64_t white_id, std::int64_t black_id,
                                        MovesStored moves = MovesStored::ROWS, const std::string& owed_event = "");
  // The owed event of game `game_id` was written (storage/owed_events.cpp).
  chess::Result<bool> event_written(std::int64_t game_id);
  // Gives the run's owed events to `write` in game order, forgetting each once written, until
  // `write` returns false (its stream was given up). How many were written.
  chess::Result<int> write_owed_events(std::int64_t run_id, const std::function<bool(const std::string&)>& write);
  // The run's games with their scored moves, one at a time in game order, until `each` returns false.
  chess::Result<bool> for_each_scored_game(std::int64_t run_id, const std::function<bool(const ScoredGame&)>& each);
  chess::Result<std::vector<StoredGame>> games(std::int64_t run_id);
  // The engines' moves of a stored game (UCI), in order.
  chess::Result<std::vector<std::string>> game_moves(std::int64_t game_id);

  // Everything a report shows of a run's games, by game index, and their moves by game and ply.
  chess::Result<std::vector<ReportGame>> report_games(std::int64_t run_id);
  // Without `text`, a move's UCI and SAN are left empty (the numbers a summary needs are quicker).
  chess::Result<std::vector<ReportMove>> report_moves(std::int64_t run_id, bool text = true);
  chess::Result<std::vector<ReportMove>> report_moves_of_game(std::int64_t game_id);
  chess::Result<std::vector<MoveNote>> move_notes(std::int64_t game_id);
  // How many finished games a run holds; and every result row it holds (games, perft and EPD
  // results): what changes whenever a run makes progress.
  chess::Result<int> game_count(std::int64_t run_id);
  chess::Result<int> stored_rows(std::int64_t run_id);
  // A run's finished games as (game index, result), the least a live count needs.
  chess::Result<std::vector<std::pair<int, std::string>>> game_results(std::int64_t run_id);
  // The engines that played the run's games: (name, checksum of the binary).
  chess::Result<std::vector<std::pair<std::string, std::string>>> run_engines(std::int64_t run_id);

  // Copies run `from_run` of the database file `from_path` into run `to_run`: its games with
  // their moves and engines, leaving out game indices `to_run` holds already and, when `only`
  // is given, indices not in it. A game that cannot be read is left out and counted. Copying
  // twice adds nothing.
  chess::Result<ImportCount> import_games(const std::string& from_path, std::int64_t from_run, std::int64_t to_run,
                                          const std::vector<int>* only = nullptr);

 private:
  // `schema`: the shard's schema version (what it holds beyond the oldest mergeable one).
  int copy_games(std::int64_t from_run, std::int64_t to_run, bool only, std::int64_t one_game, int schema);
  ImportCount copy_game_by_game(const std::string& from_path, std::int64_t from_run, std::int64_t to_run, bool only, int schema);
  // Inside save_game's transaction.
  void insert_owed_event(std::int64_t game_id, std::int64_t run_id, int game_index, const std::string& line);
  Connection& c_;
};

}  // namespace harness
