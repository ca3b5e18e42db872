// Labeled positions turned into the tuner's in-memory set (traced_positions.h): read, kept
// only when quiet (their quiescence score under the filter weights is their static evaluation,
// so that the score is the linear function the trace describes), and traced, a block at a time
// across threads, so a file of millions never exists as boards in memory.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "data/labeled_positions.h"
#include "data/traced_positions.h"
#include "eval/params.h"

namespace tuner {

// Positions kept out of tuning to measure the fit on positions it did not see: about a
// fraction f of them, as whole blocks of HOLDOUT_BLOCK consecutive positions (a labeled file
// lists a game's positions together, and positions of one game share their label): position i
// of the file is held out when (i / HOLDOUT_BLOCK) % n == n - 1, n = max(2, round(1 / f)).
constexpr std::size_t HOLDOUT_BLOCK = 100;

struct TracedSets {
  TracedPositions tuning;
  TracedPositions heldout;    // about `holdout` of the positions, in blocks (HOLDOUT_BLOCK)
  std::size_t read = 0;       // positions read
  std::size_t not_quiet = 0;  // left out: their quiescence score is not their evaluation
};

// How a labeled file is read: the share held out, the weight of the search score in the label
// (labeled_positions.h: blended_label), and the threads that trace.
struct TracingOptions {
  double holdout = 0;
  double score_weight = 0;
  int threads = 1;
  formats::PositionFormat format = formats::PositionFormat::TEXT;
};

// Errors name the file and line.
chess::Result<TracedSets> trace_labeled_file(const std::string& path, const TracingOptions& options,
                                             const eval::EvalParams& filter);
// Positions already in memory keep their result as the label (no score_weight).
TracedSets trace_labeled_positions(const std::vector<LabeledPosition>& positions, double holdout, const eval::EvalParams& filter,
                                   int threads);

}  // namespace tuner
