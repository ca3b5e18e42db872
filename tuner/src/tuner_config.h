// The tuner's configuration (configs/eval.json): which weights to tune over which ranges, the
// PBIL settings, and the fitness. Every error names the file and the key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tuner {

// One tuned parameter: an evaluation weight (a scalar, or one element of a table; a whole
// table expands to its elements), or one UCI option of any engine. Values live on an integer
// grid min, min + step, ..., max; a real-valued option is tuned on the grid of value x scale.
struct TunedWeight {
  std::string name;       // "bishop_pair_mg", "pst_knight_mg[27]", or the option's name
  std::string option;     // non-empty: the UCI option this parameter sets (as the engine spells it)
  std::string type;       // options: "spin", "check" or "real" (a string option given value / scale)
  std::size_t param = 0;  // weights: index in eval::param_list()
  int element = 0;
  int min = 0, max = 0, step = 1;
  int scale = 1;                // real options: grid units per unit of the option's value
  std::optional<int> start;     // options: the starting value (default: the engine's own default)
  double c_end = 0, r_end = 0;  // SPSA, per parameter (0: from the spsa settings)
  int bits = 0;                 // derived: enough for (max - min) / step + 1 values
  // The value on this parameter's grid (min + k step, within [min, max]) nearest to `value`.
  int nearest(double value) const;
  // What "setoption" sends for grid value `value`.
  std::string option_value(int value) const;
};

struct PbilSettings {
  int population = 64;
  double learning_rate = 0.1;
  double negative_learning_rate = 0.075;
  double mutation_probability = 0.02;
  double mutation_shift = 0.05;
  bool elitism = true;
  int generations = 100;
  double entropy_stop = 0.0;  // stop when the mean bit entropy falls below this
  bool gray_code = true;
  std::uint64_t seed = 1;
  // Windows: 0 searches each parameter's whole range at once (classic PBIL). N > 0 searches a
  // window of N steps either side of a centre (the start at first); when the vector's entropy
  // falls below restart_entropy the search restarts around the best so far, with the window
  // halved if the best was the centre itself (doubled back if it moved far), and ends when a
  // window of one step finds nothing.
  // A window also restarts when its best has not improved for `patience` generations.
  int radius = 0;
  double restart_entropy = 0.3;
  int patience = 8;
};

// SPSA as Stockfish's testing framework runs it (spsa.h); c_end and r_end here are the defaults
// of parameters that do not set their own.
struct SpsaSettings {
  int iterations = 1000;
  double alpha = 0.602;
  double gamma = 0.101;
  double a_ratio = 0.1;  // A = a_ratio * iterations
  double r_end = 0.02;
  double c_end_fraction = 0.05;  // c_end of a weight = this fraction of its range (at least its step)
  int games_per_iteration = 2;   // games fitness: game pairs of theta+ against theta- (even)
  int batch = 1;                 // iterations drawn from one theta whose games are played at once
  std::uint64_t seed = 1;
};

// Gradient descent on the texel error of the traced evaluation (linear_texel.h): `epochs`
// passes over the positions, in mini-batches of `batch_size` positions (0: the whole set, one
// step an epoch; the set shuffled once by `seed`, the batches' order anew each epoch), each a
// step of Adam or AdaGrad, the rate falling linearly from learning_rate to a twentieth of it
// over the run; every
// `record_every` epochs are stored as one generation. `l2` adds l2 x the squared distance
// (in centipawns) of every weight from its start to the error: a few thousand games' labels
// cannot pin hundreds of weights, and this keeps those they say little about near the start.
struct GradientSettings {
  int epochs = 2000;
  static constexpr double MAX_LEARNING_RATE = 1000;
  double learning_rate = 1.0;  // about the centipawns a weight moves in one step, at the start
  int record_every = 20;
  double l2 = 0;
  std::string optimizer = "adam";  // or "adagrad"
  int batch_size = 0;
  std::uint64_t seed = 1;
  int generations() const { return (epochs + record_every - 1) / record_every; }
};

struct FitnessSettings {
  std::string type = "texel";  // texel or games
  // texel
  std::string positions;                   // labeled position file
  static constexpr int MAX_THREADS = 256;  // each holds its own tracing state
  int threads = 1;
  double holdout = 0;  // fraction of the positions kept out of tuning, to measure the fit on unseen ones
  // The search score's weight in the label, 0 to 1 (labeled_positions.h: blended_label); above
  // 0 the positions must be 'FEN | score | result' lines.
  double score_weight = 0;
  // The scaling constant K of the sigmoid: "start" (fitted once on the starting weights),
  // "defaults" (fitted once on dev's own weights: the engine's centipawn scale, for a start
  // far from it), "refit" (fitted on the start, then again on each generation's best), or a number.
  std::string k = "start";
  double k_value = 0;  // when `k` is a number
  // games: the tuned engine (a registry name or an engine specification "name=X cmd=..."; to
  // tune weights it must take an EvalFile option) plays against the opponent ("start": itself
  // with the starting values, or a registry name or specification), or, in mode
  // "round-robin", the generation's individuals play each other.
  std::string engine = "dev";
  std::string opponent = "start";
  std::string mode = "opponent";
  std::string registry;  // default: the project's configs/engines.json
  std::string tc = "1+0.01";
  int games_per_individual = 8;
  int concurrency = 1;
  std::string openings;  // default: the project's suites/openings.epd
  // games on a Slurm cluster: each generation's (or SPSA batch's, or validation's) games as a
  // job array of `shards` tasks (0: on this machine). `dir` is a folder every node sees
  // (default: cluster/ beside the database); each run gets run-N inside it.
  struct Cluster {
    int shards = 0;
    std::string partition;
    std::vector<std::string> sbatch_args;
    std::string dir;
  } cluster;
};

// The match of the tuned weights against the starting weights, at the end and every `every`
// generations (0: only at the end). games 0 turns it off.
struct ValidationSettings {
  int games = 100;
  int every = 0;
  std::string tc = "4+0.04";
  int concurrency = 2;
};

struct TunerConfig {
  std::string name = "tuned";
  std::string start_weights;  // empty: dev's own weights (configs/weights/dev.json)
  std::vector<TunedWeight> weights;
  PbilSettings pbil;
  SpsaSettings spsa;
  GradientSettings gradient;
  FitnessSettings fitness;
  ValidationSettings validation;
  std::string source_text;  // the file as read, stored with the run
  int total_bits() const;
  // Whether the parameters are UCI options (set by "setoption") rather than evaluation weights.
  bool tunes_options() const { return !weights.empty() && !weights.front().option.empty(); }
};

chess::Result<TunerConfig> parse_tuner_config(const std::string& json_text, const std::string& source);
chess::Result<TunerConfig> load_tuner_config(const std::string& path);

}  // namespace tuner
