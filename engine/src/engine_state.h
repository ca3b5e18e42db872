// What both protocols drive: the game so far, the searcher, its options, and the search thread.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "core/game.h"
#include "core/variant.h"
#include "nnue/network.h"
#include "search/search.h"

namespace engine {

class EngineState {
 public:
  EngineState();
  ~EngineState() { stop_search(); }
  EngineState(const EngineState&) = delete;
  EngineState& operator=(const EngineState&) = delete;

  chess::Game& game() { return game_; }
  search::Searcher& searcher() { return searcher_; }
  const std::string& version() const { return version_; }

  // Selects a version by name, with its own evaluation unless another was chosen; returns an
  // error naming the valid ones.
  std::string set_version(const std::string& name);
  // Loads hand-written evaluation weights; returns the error, or empty on success. The error is
  // kept (weights_error) until an EvalFile (or --weights, --net) loads: UCI refuses to play on it
  // whatever options follow (xboard has no EvalFile).
  std::string load_weights(const std::string& path);
  const std::string& weights_error() const { return weights_error_; }
  // Loads a quantised network file (nnue/layout.h) and evaluates with it; the error is kept as a
  // weights error is.
  std::string load_network(const std::string& path);
  // The architecture network files are read as (architecture.h's grammar; empty: the one their
  // manifest names, or else the simple network). A network already loaded is read again as it.
  std::string set_eval_arch(const std::string& spec);
  // The hand-written evaluation (--eval hce): with the weights given, if any, else the version's.
  void use_hand_written_eval();
  // EvalFile's value: a weights JSON (its first byte '{'), a network file, empty or <empty> (the
  // hand-written evaluation with the version's weights) or <default> (the version's own
  // evaluation: dev's built-in network, the older versions' hand-written one).
  std::string set_eval_file(const std::string& value);
  // What evaluates, for bench and eval: "hand-written (...)" or "network FILE ((768->N)x2->1, KERNEL)".
  std::string evaluation_name() const;
  // Sets weights given by a weight's option: the hand-written evaluation plays them, across
  // version changes; when they are the version's own again, what evaluated before the options
  // gave weights evaluates again (dev: its built-in network).
  void set_weights(const eval::EvalParams& p);
  void new_game();

  // Starts a search of the current game position on a thread; `done` runs on that thread.
  void start_search(const search::SearchLimits& limits, const std::function<void(const search::SearchInfo&)>& on_info,
                    const std::function<void(const search::SearchResult&)>& done);
  // Asks the running search to stop and waits for its thread (and its `done`) to finish.
  void stop_search();
  // Waits for the running search without asking it to stop.
  void wait_search();
  // When on, the protocol loops echo every input line to standard error.
  void set_debug_log(bool on) { debug_log_ = on; }
  bool debug_log() const { return debug_log_; }
  // Chess960 (UCI_Chess960, xboard's variant fischerandom): castling is written king-takes-rook.
  void set_variant(chess::Variant v) { variant_ = v; }
  chess::Variant variant() const { return variant_; }

 private:
  chess::Game game_;
  search::Searcher searcher_;
  std::string version_ = "dev";
  std::thread thread_;
  std::atomic<bool> stop_flag_{false};
  bool debug_log_ = false;
  chess::Variant variant_ = chess::Variant::STANDARD;
  // What evaluates: the version's own evaluation (dev: its built-in network), the hand-written
  // one with the version's weights, the hand-written one with weights given, or a network file.
  enum class EvalSource { VERSION, HAND_WRITTEN, GIVEN_WEIGHTS, NETWORK_FILE };
  EvalSource eval_source_ = EvalSource::VERSION;
  eval::EvalParams given_weights_;
  // What evaluated before weight options gave weights, restored when they are set back to the
  // version's; none when the weights came from a file.
  std::optional<EvalSource> source_before_option_weights_;
  std::shared_ptr<const nnue::Network> file_network_;
  std::string network_path_;  // file_network_'s file
  std::optional<nnue::Architecture> eval_arch_;  // EvalArch / --arch
  std::string weights_error_;

  // Hands the searcher the weights and the network eval_source_ and the version call for.
  void apply_evaluation();
  std::string network_label() const;
};

// Keys of every position before the current one in the game, oldest first.
std::vector<chess::Key> history_keys(const chess::Game& game);

}  // namespace engine
