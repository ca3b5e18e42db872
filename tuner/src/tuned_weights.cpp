#include "tuned_weights.h"

#include <nlohmann/json.hpp>

namespace tuner {

std::vector<double> tuned_real_values(const TunerConfig& config, const eval::EvalParams& params) {
  std::vector<double> values;
  for (const TunedWeight& w : config.weights) values.push_back(eval::param_data(params, w.param)[w.element]);
  return values;
}

eval::EvalParams with_tuned_values(const TunerConfig& config, const eval::EvalParams& base, const std::vector<double>& values) {
  eval::EvalParams p = base;
  for (std::size_t i = 0; i < values.size(); ++i)
    eval::param_data(p, config.weights[i].param)[config.weights[i].element] = config.weights[i].nearest(values[i]);
  return p;
}

std::string tuned_weights_json(const TunerConfig& config, const eval::EvalParams& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const TunedWeight& w : config.weights) j[w.name] = eval::param_data(params, w.param)[w.element];
  return j.dump();
}

}  // namespace tuner
