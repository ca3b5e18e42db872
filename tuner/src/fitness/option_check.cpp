#include "fitness/option_check.h"

#include <algorithm>
#include <cmath>

#include "core/nearest_names.h"
#include "players/uci_player.h"

namespace tuner {

namespace {

chess::Result<bool> check_one(TunedWeight& w, const std::vector<harness::UciOption>& declared, const std::string& where) {
  auto found = harness::find_declared_option(declared, w.option, where);
  CHESS_RETURN_IF_ERROR(found);
  const harness::UciOption* o = *found;
  w.option = o->name;
  const bool wants_check = w.type == "check";
  if (wants_check != (o->type == "check") || (w.type == "spin" && o->type != "spin") ||
      (w.type == "real" && o->type != "spin" && o->type != "string"))
    return chess::Error{where + ": option '" + o->name + "' is a " + o->type + " option; tuning it as '" + w.type + "' needs " +
                        (w.type == "real" ? "a spin or string option" : "a " + w.type + " option")};
  // A real value goes to a spin option as an integer: only whole values fit.
  if (w.type == "real" && o->type == "spin" && w.scale != 1)
    return chess::Error{where + ": option '" + o->name + "' is a spin option: it takes integers, so 'scale' must be 1"};
  if (o->type == "spin" && (w.min < o->min || w.max > o->max))
    return chess::Error{where + ": range [" + std::to_string(w.min) + ", " + std::to_string(w.max) + "] lies outside option '" +
                        o->name + "''s own [" + std::to_string(o->min) + ", " + std::to_string(o->max) + "]"};
  if (!w.start) {
    if (o->type == "check") {
      w.start = o->default_value == "true" ? 1 : 0;
    } else {
      char* end = nullptr;
      const double d = std::strtod(o->default_value.c_str(), &end);
      if (o->default_value.empty() || *end != '\0')
        return chess::Error{where + ": option '" + o->name + "' has no numeric default ('" + o->default_value +
                            "'); give the parameter a 'start'"};
      w.start = std::clamp(int(std::lround(d * w.scale)), w.min, w.max);
    }
  }
  if (o->type != "string")
    if (auto valid = harness::check_uci_value(*o, w.option_value(*w.start)); !valid)
      return chess::Error{where + ": 'start': " + valid.error()};
  return true;
}

}  // namespace

chess::Result<bool> check_tuned_options(TunerConfig& config, const harness::EngineConfig& engine, const std::string& source) {
  harness::UciPlayer player(engine, "");
  auto started = player.start();
  if (!started) return chess::Error{source + ": fitness: 'engine': " + started.error()};
  const std::vector<harness::UciOption> declared = player.declared_options();
  player.stop();
  if (!config.tunes_options()) {
    if (!harness::find_uci_option(declared, "EvalFile"))
      return chess::Error{source + ": fitness: 'engine': '" + engine.name +
                          "' has no EvalFile option, so it cannot play with tuned weights; tune its UCI options instead"};
    return true;
  }
  for (std::size_t i = 0; i < config.weights.size(); ++i) {
    auto r = check_one(config.weights[i], declared, source + ": parameters[" + std::to_string(i) + "]");
    if (!r) return r;
  }
  return true;
}

}  // namespace tuner
