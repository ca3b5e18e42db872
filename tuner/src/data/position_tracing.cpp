#include "data/position_tracing.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "data/parallel_shares.h"
#include "search/search.h"
#include "search/versions.h"

namespace tuner {

namespace {

constexpr std::size_t TRACE_BLOCK_POSITIONS = 1 << 16;  // positions parsed before a block is traced across threads

class Tracer {
 public:
  Tracer(double holdout, const eval::EvalParams& filter, int threads)
      : every_(holdout > 0 ? std::max<std::size_t>(2, std::size_t(std::lround(1.0 / holdout))) : 0),
        filter_(filter),
        mode_(search::find_version("dev")->features.eval) {
    for (int t = 0; t < std::max(1, threads); ++t) {
      auto s = std::make_unique<search::Searcher>();
      s->set_hash_mb(1);
      s->set_features(search::find_version("dev")->features);
      s->set_params(filter);
      searchers_.push_back(std::move(s));
    }
  }

  void take(LabeledPosition position) {
    block_.push_back(std::move(position));
    if (block_.size() == TRACE_BLOCK_POSITIONS) flush();
  }

  TracedSets finish() {
    flush();
    sets_.tuning.shrink_to_fit();
    sets_.heldout.shrink_to_fit();
    return std::move(sets_);
  }

 private:
  struct Part {
    TracedPositions tuning, heldout;
    std::size_t not_quiet = 0;
  };

  // Each thread traces a contiguous share of the block; the shares join in order.
  void flush() {
    std::vector<Part> parts(searchers_.size());
    parallel_shares(block_.size(), int(searchers_.size()), [&](std::size_t first, std::size_t last, std::size_t t) {
      for (std::size_t i = first; i < last; ++i) trace(i, *searchers_[t], parts[t]);
    });
    for (const Part& part : parts) {
      sets_.tuning.append(part.tuning);
      sets_.heldout.append(part.heldout);
      sets_.not_quiet += part.not_quiet;
    }
    sets_.read += block_.size();
    block_.clear();
  }

  void trace(std::size_t i, search::Searcher& searcher, Part& part) const {
    const chess::Position& pos = block_[i].position;
    const eval::EvalTrace traced = eval::trace_evaluation(pos, filter_, mode_);
    const int quiescence = searcher.quiescence_score(pos);
    if ((pos.side_to_move() == chess::WHITE ? quiescence : -quiescence) != traced.score) {
      ++part.not_quiet;
      return;
    }
    const std::size_t index = sets_.read + i;  // the position's place in the file
    const bool held = every_ && (index / HOLDOUT_BLOCK) % every_ == every_ - 1;
    (held ? part.heldout : part.tuning).add(traced, block_[i].result);
  }

  std::size_t every_;
  const eval::EvalParams& filter_;
  eval::EvalMode mode_;
  std::vector<std::unique_ptr<search::Searcher>> searchers_;
  std::vector<LabeledPosition> block_;
  TracedSets sets_;
};

}  // namespace

chess::Result<TracedSets> trace_labeled_file(const std::string& path, const TracingOptions& options,
                                             const eval::EvalParams& filter) {
  Tracer tracer(options.holdout, filter, options.threads);
  auto read = read_labeled_file(
      path, [&](LabeledPosition&& p) { tracer.take(std::move(p)); }, options.score_weight, options.format);
  CHESS_RETURN_IF_ERROR(read);
  return tracer.finish();
}

TracedSets trace_labeled_positions(const std::vector<LabeledPosition>& positions, double holdout, const eval::EvalParams& filter,
                                   int threads) {
  Tracer tracer(holdout, filter, threads);
  for (const LabeledPosition& p : positions) tracer.take(p);
  return tracer.finish();
}

}  // namespace tuner
