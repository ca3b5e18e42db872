#include "engine_state.h"

#include <cctype>
#include <chrono>
#include <fstream>

#include "core/regular_file.h"
#include "network_manifest.h"
#include "inference/builtin_network.h"
#include "inference/output.h"

#include "search/versions.h"

namespace engine {

EngineState::EngineState() {
  searcher_.set_features(search::find_version(version_)->features);
  apply_evaluation();
}

std::string EngineState::set_version(const std::string& name) {
  const search::Version* v = search::find_version(name);
  if (!v) return "unknown version '" + name + "'; versions are " + search::version_names();
  version_ = name;
  searcher_.set_features(v->features);
  apply_evaluation();
  return {};
}

void EngineState::apply_evaluation() {
  const search::Version& v = *search::find_version(version_);
  std::shared_ptr<const nnue::Network> net;
  if (eval_source_ == EvalSource::NETWORK_FILE) net = file_network_;
  if (eval_source_ == EvalSource::VERSION && v.builtin_network) net = nnue::builtin_network();
  // The table is emptied once, which also drops what a version's other evaluation stored.
  searcher_.set_evaluation(eval_source_ == EvalSource::GIVEN_WEIGHTS ? given_weights_ : v.weights(), std::move(net));
}

std::string EngineState::load_weights(const std::string& path) {
  chess::Result<eval::EvalParams> p = eval::load_params(path);
  if (!p) return weights_error_ = p.error();
  given_weights_ = *p;
  eval_source_ = EvalSource::GIVEN_WEIGHTS;
  source_before_option_weights_.reset();  // a file's weights are given whatever their values
  weights_error_.clear();
  apply_evaluation();
  return {};
}

void EngineState::set_weights(const eval::EvalParams& p) {
  if (eval_source_ != EvalSource::GIVEN_WEIGHTS) source_before_option_weights_ = eval_source_;
  // The version's own values undo what the options gave, so that what plays follows the options'
  // values, not the order they were set in (a reused process plays as a fresh one).
  if (source_before_option_weights_ && p == search::find_version(version_)->weights()) {
    eval_source_ = *source_before_option_weights_;
  } else {
    given_weights_ = p;
    eval_source_ = EvalSource::GIVEN_WEIGHTS;
  }
  apply_evaluation();
}

std::string EngineState::load_network(const std::string& path) {
  auto manifest = manifest_architecture(path);
  if (!manifest) return weights_error_ = manifest.error();
  chess::Result<nnue::Network> net = nnue::load_network(path, eval_arch_ ? eval_arch_ : *manifest);
  if (!net) return weights_error_ = net.error();
  file_network_ = std::make_shared<const nnue::Network>(std::move(net).value());
  network_path_ = path;
  eval_source_ = EvalSource::NETWORK_FILE;
  source_before_option_weights_.reset();
  weights_error_.clear();
  apply_evaluation();
  return {};
}

void EngineState::use_hand_written_eval() {
  if (eval_source_ != EvalSource::GIVEN_WEIGHTS) eval_source_ = EvalSource::HAND_WRITTEN;
  apply_evaluation();
}

namespace {

// Whether the file's first byte that is not white space is '{': a weights JSON, not a network.
// Opened without blocking: a FIFO is no JSON, and the network's reader then names what it is.
bool looks_like_json(const std::string& path) {
  auto opened = chess::open_regular_stream(path, "evaluation file");
  if (!opened) return false;
  std::istream& in = *opened.value();
  char c = 0;
  while (in.get(c))
    if (!std::isspace(static_cast<unsigned char>(c))) return c == '{';
  return false;
}

}  // namespace

std::string EngineState::set_eval_file(const std::string& value) {
  if (value.empty() || value == "<empty>" || value == "<default>") {
    eval_source_ = value == "<default>" ? EvalSource::VERSION : EvalSource::HAND_WRITTEN;
    source_before_option_weights_.reset();
    weights_error_.clear();
    apply_evaluation();
    return {};
  }
  if (looks_like_json(value)) return load_weights(value);
  return load_network(value);
}

std::string EngineState::network_label() const {
  if (eval_source_ == EvalSource::NETWORK_FILE) return network_path_;
  return nnue::builtin_network_name() + " (built in)";
}

std::string EngineState::evaluation_name() const {
  if (const nnue::Network* net = searcher_.network())
    return "network " + network_label() + " (" + net->arch.spec() + ", " +
           std::string(nnue::simd_kernel(*net)) + ")";
  const bool given = eval_source_ == EvalSource::GIVEN_WEIGHTS;
  return std::string("hand-written (") + (given ? "weights given" : version_ + " weights") + ")";
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

namespace engine {

std::string EngineState::set_eval_arch(const std::string& spec) {
  if (spec.empty() || spec == "<empty>") {
    eval_arch_.reset();
  } else {
    auto arch = nnue::parse_architecture(spec);
    if (!arch) return arch.error();
    eval_arch_ = *arch;
  }
  if (eval_source_ == EvalSource::NETWORK_FILE && !network_path_.empty()) return load_network(network_path_);
  return {};
}

}  // namespace engine
