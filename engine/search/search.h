// The search: iterative deepening over alpha-beta with quiescence, switched by Features.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/position.h"
#include "eval/params.h"
#include "limits.h"
#include "inference/accumulator.h"
#include "move_picker.h"
#include "search_params.h"
#include "time_manager.h"
#include "tt.h"
#include "versions.h"

namespace search {

constexpr int MATE = 32000;
constexpr int MATE_BOUND = MATE - 2 * OrderingTables::MAX_PLY;  // scores beyond this are mates
// Every static evaluation (a network's, however large its file's weights, or the hand-written
// one) is clamped within +-MAX_EVAL, below the mate range, so no evaluation reads as a mate.
constexpr int MAX_EVAL = MATE_BOUND - 1;
constexpr int INF = 32500;
constexpr int MAX_PLY = OrderingTables::MAX_PLY;

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;  // centipawns, or a mate score beyond MATE_BOUND
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<chess::Move> pv;
};

struct SearchResult {
  chess::Move best;
  chess::Move ponder;
  int score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
};

// Moves to mate (positive: we mate) for a mate score, else 0.
int mate_in_moves(int score);

class Searcher {
 public:
  Searcher();
  void set_features(const Features& f) { features_ = f; }
  const Features& features() const { return features_; }
  // New weights also empty the table: it keeps static evaluations made under the old ones.
  void set_params(const eval::EvalParams& p) {
    params_ = p;
    tt_.clear();
  }
  const eval::EvalParams& params() const { return params_; }
  // The network the search evaluates with; none: the hand-written evaluation. Setting it empties
  // the table, as new weights do.
  void set_network(std::shared_ptr<const nnue::Network> net);
  // Both at once, emptying the table once: what an engine's evaluation choice sets.
  void set_evaluation(const eval::EvalParams& p, std::shared_ptr<const nnue::Network> net);
  const nnue::Network* network() const { return network_.get(); }
  // The refreshes of king moves since the network was set (none without a network).
  const nnue::RefreshStats* refresh_stats() const { return accumulators_ ? &accumulators_->refresh_stats() : nullptr; }
  void reset_refresh_stats() {
    if (accumulators_) accumulators_->reset_refresh_stats();
  }
  void set_search_params(const SearchParams& p);
  const SearchParams& search_params() const { return sp_; }
  void set_hash_mb(std::size_t mb) { tt_.resize(mb); }
  void set_contempt(int cp) { contempt_ = cp; }
  void set_move_overhead(int ms) { move_overhead_ms_ = ms; }
  void new_game();

  // Searches `root`; `game_keys` are the keys of the positions before it in the game (oldest
  // first), for repetition detection. Calls `on_info` after each completed iteration.
  SearchResult run(const chess::Position& root, const std::vector<chess::Key>& game_keys, const SearchLimits& limits,
                   const std::function<void(const SearchInfo&)>& on_info);
  // Safe from another thread: makes run() return as soon as possible.
  void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }
  // Clears a stop request; call before run(), from the thread that may later call request_stop().
  void clear_stop() { stop_requested_.store(false); }
  // Pondering: set before the search starts (go ponder); ponderhit starts its clock from now.
  void set_pondering(bool on) { pondering_.store(on); }
  void ponderhit() {
    time_.restart();
    pondering_.store(false);
  }
  bool pondering() const { return pondering_.load(); }
  // Static evaluation under the current version and weights (side to move's view).
  int evaluate(const chess::Position& pos) const;
  // The quiescence-search score of a position (side to move's view), as the tuner's texel
  // fitness uses it: captures resolved, no time or node limit.
  int quiescence_score(const chess::Position& pos);

 private:
  // The steps declared inline are defined in search_path.h, which only the search's sources include.
  int search_root(chess::Position& pos, int alpha, int beta, int depth);
  int search(chess::Position& pos, int alpha, int beta, int depth, int ply, bool null_allowed);
  // What search() knows of a node when it comes to try its moves (depth after extension and
  // reduction; the table's entry as probed; raw_eval: the evaluation the table stores).
  struct Node {
    int depth = 0;
    int ply = 0;
    bool pv_node = false;
    bool in_check = false;
    bool improving = false;
    bool futile = false;   // quiet moves after the first that give no check are skipped
    chess::Move excluded;  // the move a singular-extension search leaves out
    chess::Move tt_move;
    chess::Move pv_move;  // the previous iteration's move at this ply, while on its line
    TTEntry tt;
    PathContext path;
    int raw_eval = 0;
  };
  // search()'s steps: the null-move search (a score: the node fails high, or the search stopped),
  // the loop over the node's moves, and the search of one move made (PVS, late-move reduction).
  std::optional<int> null_move_search(chess::Position& pos, int beta, int depth, int ply, int static_eval);
  int search_moves(chess::Position& pos, int alpha, int beta, const Node& node, MovePicker& picker);
  int search_move(chess::Position& pos, int alpha, int beta, int new_depth, const Node& node, int searched, bool quiet,
                  bool gives_check, int history, const MovePicker& picker);
  int quiescence(chess::Position& pos, int alpha, int beta, int ply);
  bool is_repetition(const chess::Position& pos) const;
  // Moves along the search path: the position and, with a network, its accumulators.
  inline void make_move(chess::Position& pos, chess::Move m, chess::Undo& undo);
  inline void unmake_move(chess::Position& pos, chess::Move m, const chess::Undo& undo);
  inline void make_null_move(chess::Position& pos, chess::Undo& undo);
  inline void unmake_null_move(chess::Position& pos, const chess::Undo& undo);
  // The static evaluation of the position at the end of the search path.
  inline int path_evaluation(const chess::Position& pos);
  // Singular extension: the table's move is searched a ply deeper when every other move fails
  // low against its score less a margin, at half depth.
  struct Singularity {
    bool extend = false;
    bool multicut = false;  // another move also beats beta: return `score`
    int score = 0;
  };
  bool singular_candidate(const TTEntry& tt, chess::Move excluded, int depth, int ply) const;
  Singularity test_singularity(chess::Position& pos, const TTEntry& tt, int beta, int depth, int ply);
  // The static evaluation, replaced by the table's score where its bound says that is closer.
  inline int refined_eval(int raw_eval, const TTEntry& tt, int ply) const;
  int draw_score(int ply) const;
  inline bool should_stop();
  inline void update_pv(int ply, chess::Move m);

  // Plies of late-move reduction by depth and move number, from the search parameters.
  int late_move_reduction(int depth, int moves_searched) const {
    return lmr_table_[std::size_t(std::min(depth, 63))][std::size_t(std::min(moves_searched, 63))];
  }

  Features features_;
  eval::EvalParams params_;
  std::shared_ptr<const nnue::Network> network_;
  std::unique_ptr<nnue::AccumulatorStack> accumulators_;  // with a network: one entry per ply of the path
  SearchParams sp_;
  std::array<std::array<std::uint8_t, 64>, 64> lmr_table_{};
  TranspositionTable tt_;
  OrderingTables ordering_;
  TimeManager time_;
  SearchLimits limits_;
  std::atomic<bool> stop_requested_{false};
  std::atomic<bool> pondering_{false};  // time limits wait for ponderhit
  bool stopped_ = false;
  int contempt_ = 0;
  int move_overhead_ms_ = 10;
  chess::Color root_side_ = chess::WHITE;
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  std::vector<chess::Key> keys_;  // game keys, then the keys along the current search path
  chess::Move pv_[MAX_PLY + 1][MAX_PLY + 1];
  int pv_length_[MAX_PLY + 1] = {};
  std::vector<chess::Move> previous_pv_;
  bool following_pv_ = false;
  chess::Move root_best_;
  int root_best_score_ = 0;
  int static_evals_[MAX_PLY + 1] = {};   // by ply, -INF when in check
  bool quiescence_tt_ = true;            // off while quiescence_score serves the tuner
  chess::Move path_moves_[MAX_PLY + 1];  // the move played at each ply of the current path (none: a null move)
  chess::Piece path_pieces_[MAX_PLY + 1] = {};
  chess::Move excluded_[MAX_PLY + 1];  // the move a singular-extension search leaves out, by ply
  // The entry for the quiet move that refutes the move played at ply - 1 (nullptr: none kept).
  chess::Move* countermove_slot(int ply);
  // The countermove and continuation-history rows for a node at `ply` of the current path.
  PathContext path_context(int ply);
};

}  // namespace search
