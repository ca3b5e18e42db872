#include "run/params_checks.h"

#include "core/nearest_names.h"

namespace harness {

namespace {

// What a declared option takes, for a message that says what a refused value should be.
std::string declared_option_takes(const UciOption& o) {
  if (o.type == "spin") return "an integer from " + std::to_string(o.min) + " to " + std::to_string(o.max);
  if (o.type == "check") return "true or false";
  if (o.type != "combo") return "a " + o.type + " value";
  std::string choices;
  for (const std::string& v : o.vars) choices += (choices.empty() ? "" : ", ") + v;
  return "one of " + choices;
}

// `name` and `value` against what engine `e` declared; the message quotes only the wrong field.
chess::Result<bool> check_declared_param(const DeclaredOptions& e, const std::string& name, const std::string& value) {
  if (!e.declares) return true;
  const UciOption* o = find_uci_option(e.options, name);
  if (!o) {
    std::vector<std::string> names;
    for (const UciOption& d : e.options) names.push_back(d.name);
    return chess::Error{"engine '" + e.engine + "' has no option " + quoted_params_field(name) +
                        chess::did_you_mean(name, names)};
  }
  if (o->type == "button")
    return chess::Error{"option '" + o->name + "' of engine '" + e.engine + "' is a button: it takes no value"};
  if (!check_uci_value(*o, value))
    return chess::Error{"option '" + o->name + "' of engine '" + e.engine + "' takes " + declared_option_takes(*o) + ", not " +
                        quoted_params_field(value)};
  return true;
}

}  // namespace

ParamsCheck params_check(std::vector<DeclaredOptions> declared) {
  return [engines = std::move(declared)](const std::string& engine, const std::string& name,
                                         const std::string& value) -> chess::Result<bool> {
    for (const DeclaredOptions& e : engines)
      if (engine.empty() || e.engine == engine) CHESS_RETURN_IF_ERROR(check_declared_param(e, name, value));
    return true;
  };
}

}  // namespace harness
