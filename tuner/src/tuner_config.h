// The tuner's configuration (configs/eval.json): which weights to tune over which ranges, the
// PBIL settings, and the fitness. Every error names the file and the key.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace tuner {

// One tuned weight element: a scalar, one table element, or (expanded) every element of a table.
struct TunedWeight {
  std::string name;       // "bishop_pair_mg" or "pst_knight_mg[27]"
  std::size_t param = 0;  // index in eval::param_list()
  int element = 0;
  int min = 0, max = 0, step = 1;
  int bits = 0;  // derived: enough for (max - min) / step + 1 values
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
};

struct FitnessSettings {
  std::string type = "texel";  // texel or games
  std::string positions;       // texel: labeled position file
  int threads = 1;
  std::string opponent = "dev";  // games: registry engine or the engine with the starting weights
  std::string tc = "1+0.01";
  int games_per_individual = 8;
  int concurrency = 1;
  std::string openings;
};

struct TunerConfig {
  std::string name = "tuned";
  std::string start_weights;  // empty: the engine's default weights
  std::vector<TunedWeight> weights;
  PbilSettings pbil;
  FitnessSettings fitness;
  std::string source_text;  // the file as read, stored with the run
  int total_bits() const;
};

chess::Result<TunerConfig> parse_tuner_config(const std::string& json_text, const std::string& source);
chess::Result<TunerConfig> load_tuner_config(const std::string& path);

}  // namespace tuner
