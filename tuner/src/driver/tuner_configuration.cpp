#include "driver/tuner_configuration.h"

#include "methods/tuning_method.h"

namespace tuner {

namespace {

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const auto& m : tuning_methods()) names.push_back(m->name());
  return names;
}

// Every method reads its own section (one it does not have: every default, checked too).
chess::Result<TunerConfig> check_sections(chess::Result<TunerConfig> config, const std::string& source) {
  CHESS_RETURN_IF_ERROR(config);
  for (const auto& m : tuning_methods())
    CHESS_RETURN_IF_ERROR(m->check_settings(config->method_section(m->name()), source + ": " + m->name()));
  return config;
}

}  // namespace

chess::Result<TunerConfig> parse_tuner_config(const std::string& json_text, const std::string& source) {
  return check_sections(parse_common_config(json_text, source, method_names()), source);
}

chess::Result<TunerConfig> load_tuner_config(const std::string& path) {
  return check_sections(load_common_config(path, method_names()), path);
}

}  // namespace tuner
