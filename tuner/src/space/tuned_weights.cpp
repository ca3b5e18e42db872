#include "space/tuned_weights.h"
#include "json/json_input.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace tuner {

Values nearest_values(const TunerConfig& config, const std::vector<double>& reals) {
  Values values;
  for (std::size_t i = 0; i < reals.size(); ++i) values.push_back(config.weights[i].nearest(reals[i]));
  return values;
}

chess::Result<Values> start_values(const TunerConfig& config, const eval::EvalParams& params) {
  Values values;
  // Exact, not rounded onto the grid: a window (PBIL's radius) centred on the start holds it,
  // so the first generation's start individual is the start itself.
  for (const TunedWeight& w : config.weights) {
    const int start = w.option.empty() ? eval::param_data(params, w.param)[w.element] : w.start.value_or(w.min);
    if (start < w.min || start > w.max)
      return chess::Error{"parameters: '" + w.name + "' starts at " + std::to_string(start) + " (" +
                          (config.start_weights.empty() ? std::string("dev's weights") : config.start_weights) +
                          "), outside its range [" + std::to_string(w.min) + ", " + std::to_string(w.max) + "]"};
    values.push_back(start);
  }
  return values;
}

eval::EvalParams with_values(const TunerConfig& config, const eval::EvalParams& base, const Values& values) {
  eval::EvalParams p = base;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (config.weights[i].option.empty()) eval::param_data(p, config.weights[i].param)[config.weights[i].element] = values[i];
  return p;
}

std::vector<std::pair<std::string, std::string>> option_settings(const TunerConfig& config, const Values& values) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!config.weights[i].option.empty()) out.emplace_back(config.weights[i].option, config.weights[i].option_value(values[i]));
  return out;
}

std::string values_json(const TunerConfig& config, const Values& values) {
  nlohmann::json j = nlohmann::json::object();
  for (std::size_t i = 0; i < values.size(); ++i) {
    const TunedWeight& w = config.weights[i];
    if (w.type == "check")
      j[w.name] = values[i] != 0;
    else if (w.type == "real")
      j[w.name] = double(values[i]) / w.scale;
    else
      j[w.name] = values[i];
  }
  return j.dump();
}

std::vector<double> tuned_real_values(const TunerConfig& config, const eval::EvalParams& params) {
  std::vector<double> values;
  for (const TunedWeight& w : config.weights) values.push_back(eval::param_data(params, w.param)[w.element]);
  return values;
}

eval::EvalParams with_tuned_values(const TunerConfig& config, const eval::EvalParams& base, const std::vector<double>& values) {
  return with_values(config, base, nearest_values(config, values));
}

std::optional<Values> values_from_json(const TunerConfig& config, const std::string& text) {
  const nlohmann::json j = json_input::parse_or_discarded(text);
  if (!j.is_object()) return std::nullopt;
  Values values;
  for (const TunedWeight& w : config.weights) {
    auto it = j.find(w.name);
    if (it == j.end() || !it->is_number_integer()) return std::nullopt;
    values.push_back(it->get<int>());
  }
  return values;
}

}  // namespace tuner
