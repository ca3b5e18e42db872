#include "engine_state.h"

#include <cctype>
#include <chrono>
#include <fstream>

#include "nnue/output.h"

#include "search/versions.h"

namespace engine {

EngineState::EngineState() { searcher_.set_features(search::find_version(version_)->features); }

std::string EngineState::set_version(const std::string& name) {
  const search::Version* v = search::find_version(name);
  if (!v) return "unknown version '" + name + "'; versions are " + search::version_names();
  version_ = name;
  searcher_.set_features(v->features);
  if (!own_weights_) searcher_.set_params(v->weights());
  return {};
}

std::string EngineState::load_weights(const std::string& path) {
  chess::Result<eval::EvalParams> p = eval::load_params(path);
  if (!p) return weights_error_ = p.error();
  set_weights(*p);
  return {};
}

std::string EngineState::load_network(const std::string& path) {
  chess::Result<nnue::Network> net = nnue::load_network(path);
  if (!net) return weights_error_ = net.error();
  weights_error_.clear();
  network_path_ = path;
  searcher_.set_network(std::make_shared<const nnue::Network>(std::move(net).value()));
  return {};
}

void EngineState::use_hand_written_eval() {
  network_path_.clear();
  searcher_.set_network(nullptr);
  use_version_weights();
}

namespace {

// Whether the file's first byte that is not white space is '{': a weights JSON, not a network.
bool looks_like_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char c = 0;
  while (in.get(c))
    if (!std::isspace(static_cast<unsigned char>(c))) return c == '{';
  return false;
}

}  // namespace

std::string EngineState::set_eval_file(const std::string& value) {
  if (value.empty() || value == "<default>") {
    use_hand_written_eval();
    return {};
  }
  if (looks_like_json(value)) {
    network_path_.clear();
    searcher_.set_network(nullptr);
    return load_weights(value);
  }
  return load_network(value);
}

std::string EngineState::evaluation_name() const {
  if (const nnue::Network* net = searcher_.network())
    return "network " + network_path_ + " ((768->" + std::to_string(net->hidden) + ")x2->1, " +
           std::string(nnue::simd_kernel()) + ")";
  return std::string("hand-written (") + (own_weights_ ? "weights given" : version_ + " weights") + ")";
}

void EngineState::set_weights(const eval::EvalParams& p) {
  own_weights_ = true;
  weights_error_.clear();
  searcher_.set_params(p);
}

void EngineState::use_version_weights() {
  own_weights_ = false;
  weights_error_.clear();
  searcher_.set_params(search::find_version(version_)->weights());
}

void EngineState::new_game() {
  stop_search();
  game_ = chess::Game();
  searcher_.new_game();
}

std::vector<chess::Key> history_keys(const chess::Game& game) {
  std::vector<chess::Key> keys;
  chess::Position pos = game.start_position();
  chess::Undo undo;
  for (chess::Move m : game.moves()) {
    keys.push_back(pos.key());
    pos.do_move(m, undo);
  }
  return keys;
}

void EngineState::start_search(const search::SearchLimits& limits, const std::function<void(const search::SearchInfo&)>& on_info,
                               const std::function<void(const search::SearchResult&)>& done) {
  stop_search();
  stop_flag_ = false;
  searcher_.clear_stop();
  searcher_.set_pondering(limits.ponder);
  chess::Position root = game_.position();
  std::vector<chess::Key> keys = history_keys(game_);
  thread_ = std::thread([this, root, keys, limits, on_info, done] {
    search::SearchResult result = searcher_.run(root, keys, limits, on_info);
    // In infinite mode the best move may only be sent after "stop", when pondering after
    // "ponderhit" or "stop".
    while ((limits.infinite || searcher_.pondering()) && !stop_flag_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    done(result);
  });
}

void EngineState::stop_search() {
  stop_flag_ = true;
  searcher_.request_stop();
  if (thread_.joinable()) thread_.join();
}

void EngineState::wait_search() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace engine
