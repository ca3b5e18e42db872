#include "engines/params_file.h"

#include <algorithm>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"
#include "text/trim.h"

namespace harness {

namespace {

void set(OptionValues& values, const std::string& name, const std::string& value) {
  auto found = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
  if (found != values.end())
    found->second = value;
  else
    values.emplace_back(name, value);
}

// "[name]": the section's engine, or an error.
chess::Result<std::string> section_name(const std::string& line, const std::string& where, const std::vector<std::string>& engines) {
  if (line.back() != ']') return chess::Error{where + ": a section line is [ENGINE]"};
  const std::string name = trim(line.substr(1, line.size() - 2));
  if (std::find(engines.begin(), engines.end(), name) == engines.end())
    return chess::Error{where + ": [" + name + "] is not an engine of the run" + chess::did_you_mean(name, engines)};
  return name;
}

}  // namespace

chess::Result<std::vector<ParamsSection>> parse_params_file(const std::string& text, const std::string& path,
                                                            const std::vector<std::string>& engines) {
  std::vector<ParamsSection> sections{{}};
  std::istringstream in(text);
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string line = trim(raw), where = path + ":" + std::to_string(number);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.find('\0') != std::string::npos) return chess::Error{where + ": a NUL byte; a parameters file is text"};
    if (line[0] == '[') {
      auto name = section_name(line, where, engines);
      CHESS_RETURN_IF_ERROR(name);
      sections.push_back({*name, {}});
      continue;
    }
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) return chess::Error{where + ": '" + line + "' is not name=value"};
    std::string name = trim(line.substr(0, eq));
    if (name.rfind("option.", 0) == 0) name = name.substr(7);
    if (name.empty()) return chess::Error{where + ": the option's name is empty"};
    set(sections.back().values, name, trim(line.substr(eq + 1)));
  }
  return sections;
}

chess::Result<std::vector<ParamsSection>> read_params_file(const std::string& path, const std::vector<std::string>& engines) {
  auto text = chess::read_whole_file(path, "parameters file", chess::MAX_JSON_FILE);
  if (!text) return chess::Error{"--params-file: " + text.error()};
  return parse_params_file(*text, path, engines);
}

OptionValues params_for(const std::vector<ParamsSection>& sections, const std::string& engine) {
  OptionValues values;
  for (const ParamsSection& s : sections)
    if (s.engine.empty())
      for (const auto& [name, value] : s.values) set(values, name, value);
  for (const ParamsSection& s : sections)
    if (s.engine == engine)
      for (const auto& [name, value] : s.values) set(values, name, value);
  return values;
}

EngineConfig with_params(EngineConfig engine, const OptionValues& values) {
  for (const auto& [name, value] : values) set(engine.options, name, value);
  return engine;
}

}  // namespace harness
