// The tuner's configuration (configs/eval.json): which weights to tune over which ranges, the
// fitness, the validation, and each method's own section. Every error names the file and the key.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "formats/format_table.h"
#include "space/spsa_lines.h"

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

struct FitnessSettings {
  std::string type = "texel";  // texel or games
  // texel
  std::string positions;                   // labeled position file
  // Its format, one with a reader (formats/format_table.h): text lines, or a trainer's binary format.
  std::string positions_format = formats::position_format_name(formats::PositionFormat::TEXT);
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
  FitnessSettings fitness;
  ValidationSettings validation;
  std::string source_text;  // the file as read, stored with the run
  // The parameters as the frameworks' SPSA lines, when they were given so (the result is
  // written in their form too).
  std::optional<SpsaLines> parameter_lines;
  // Each tuning method's own section as written ("pbil": {...}), read by the method itself
  // (methods/tuning_method.h); a method without one has every default.
  nlohmann::json method_sections = nlohmann::json::object();
  const nlohmann::json& method_section(const std::string& method) const;
  // Whether the parameters are UCI options (set by "setoption") rather than evaluation weights.
  bool tunes_options() const { return !weights.empty() && !weights.front().option.empty(); }
};

// What is common to every method: the parameters, the fitness, the validation, the start. Each
// name of `method_names` may be a top-level key holding that method's section, kept unread.
chess::Result<TunerConfig> parse_common_config(const std::string& json_text, const std::string& source,
                                               const std::vector<std::string>& method_names);
// The file's text read and parsed; paths in it that lead nowhere are errors.
chess::Result<TunerConfig> load_common_config(const std::string& path, const std::vector<std::string>& method_names);

}  // namespace tuner
