// TunerStore: a tuner run's generations with their individuals, held-out errors and validation
// matches; enough to resume a run and to report it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "storage/connection.h"

namespace tuner {

// One step of a tuner run (a generation, an iteration, a block of epochs): its best and mean
// fitness, and the method's whole state after it as a JSON object of the method's own keys
// (PBIL: "probabilities", "entropy"; SPSA and gradient descent: "theta"; each: "saved", the
// optimiser's state as text), from which the run resumes.
struct GenerationRow {
  int generation = 0;
  double best_fitness = 0, mean_fitness = 0;
  std::string state;
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
  double elo = 0, elo_error = 0;  // NaN and infinity when not finite (every game won or lost)
};

// A confirmation after a tune (tuner --confirm): the tuned values against the start at one
// time control, under an SPRT when one was given.
struct ConfirmationRow {
  std::string label;  // "stc", "ltc"
  std::string tc;
  std::int64_t match_run = 0;
  double elo = 0, elo_error = 0;  // NaN and infinity when not finite
  std::string verdict;            // "H1", "H0", "undecided" (an SPRT's), or "" without one
};

// What a tuner run wrote as its result: the values, the generation they came from, the file.
struct TunerResultRow {
  int generation = -1;  // 0-based; -1: the start values were kept
  std::string values;   // JSON object name -> value
  std::string path;
};

// A data file a training run read when it began (tuner nnue): its path as the configuration
// names it, its size and its checksum, hashed as it was read.
struct RunDataRow {
  std::string path;
  std::int64_t bytes = 0;
  std::string sha256;
};

class TunerStore {
 public:
  explicit TunerStore(harness::Connection& connection) : c_(connection) {}
  // A tuner generation and its individuals, in one transaction.
  chess::Result<bool> save_generation(std::int64_t run_id, const GenerationRow& generation,
                                      const std::vector<IndividualRow>& individuals);
  chess::Result<std::vector<GenerationRow>> generations(std::int64_t run_id);
  chess::Result<std::optional<GenerationRow>> generation(std::int64_t run_id, int generation);
  chess::Result<std::vector<IndividualRow>> individuals(std::int64_t run_id, int generation);
  // The error on the held-out positions of each stored generation's result (texel fitness with a holdout).
  chess::Result<bool> save_heldout(std::int64_t run_id, int generation, double error);
  chess::Result<std::vector<std::pair<int, double>>> heldout_errors(std::int64_t run_id);
  chess::Result<bool> save_validation(std::int64_t run_id, const ValidationRow& validation);
  chess::Result<std::vector<ValidationRow>> validations(std::int64_t run_id);
  chess::Result<bool> save_confirmation(std::int64_t run_id, const ConfirmationRow& confirmation);
  chess::Result<std::vector<ConfirmationRow>> confirmations(std::int64_t run_id);
  chess::Result<bool> save_result(std::int64_t run_id, const TunerResultRow& result);
  chess::Result<std::optional<TunerResultRow>> result(std::int64_t run_id);
  // The data a run is pinned to, stored once when it begins (all rows in one transaction), in
  // the configuration's order; a run stored before data was pinned has none.
  chess::Result<bool> save_run_data(std::int64_t run_id, const std::vector<RunDataRow>& files);
  chess::Result<std::vector<RunDataRow>> run_data(std::int64_t run_id);

 private:
  harness::Connection& c_;
};

}  // namespace tuner
