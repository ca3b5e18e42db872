#include "engines/params_file.h"

#include <algorithm>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"
#include "core/regular_file.h"
#include "text/control_characters.h"
#include "text/trim.h"

namespace harness {

namespace {

// A message quotes this much of a field at most: it is stored with the run and shown.
constexpr std::size_t PARAMS_QUOTED_BYTES = 40;

void set(OptionValues& values, const std::string& name, const std::string& value) {
  auto found = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
  if (found != values.end())
    found->second = value;
  else
    values.emplace_back(name, value);
}

// Why a name or value cannot be sent to an engine or stored, without quoting it; "" when it can.
std::string params_text_problem(const std::string& field) {
  for (char c : field)
    if (is_control_character(c)) return "holds a control character (" + escaped_controls(std::string(1, c)) + ")";
  return chess::utf8_problem(field);
}

// "[name]": the section's engine, or an error.
chess::Result<std::string> section_name(const std::string& line, const std::string& where, const std::vector<std::string>& engines) {
  if (line.back() != ']') return chess::Error{where + ": a section line is [ENGINE]"};
  const std::string name = trim(line.substr(1, line.size() - 2));
  if (std::string why = params_text_problem(name); !why.empty()) return chess::Error{where + ": the section's name " + why};
  if (std::find(engines.begin(), engines.end(), name) == engines.end())
    return chess::Error{where + ": section " + quoted_params_field(name) + " is not an engine of the run" +
                        chess::did_you_mean(name, engines)};
  return name;
}

// A "name=value" line's name and value, their text checked; the line itself is never quoted.
chess::Result<std::pair<std::string, std::string>> params_assignment(const std::string& line, const std::string& where) {
  const std::size_t eq = line.find('=');
  if (eq == std::string::npos) return chess::Error{where + ": not a NAME=VALUE line, an [ENGINE] section or a comment"};
  std::string name = trim(line.substr(0, eq));
  if (name.rfind("option.", 0) == 0) name = name.substr(7);
  const std::string value = trim(line.substr(eq + 1));
  if (name.empty()) return chess::Error{where + ": the option's name is empty"};
  if (std::string why = params_text_problem(name); !why.empty()) return chess::Error{where + ": the option's name " + why};
  if (value.empty()) return chess::Error{where + ": the value is empty (was the file read while it was being written?)"};
  if (std::string why = params_text_problem(value); !why.empty()) return chess::Error{where + ": the value " + why};
  return std::pair{name, value};
}

// The file's text, from a regular file only (a FIFO would block the reader, a directory would
// read as nothing), of at most MAX_JSON_FILE bytes.
chess::Result<std::string> read_params_text(const std::string& path) {
  auto opened = chess::open_regular_stream(path, "parameters file");
  CHESS_RETURN_IF_ERROR(opened);
  std::istream& in = *opened.value();
  std::string text;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    const auto got = static_cast<std::size_t>(in.gcount());
    if (text.size() + got > chess::MAX_JSON_FILE)
      return chess::Error{path + ": " + chess::more_than(chess::MAX_JSON_FILE) + ": not a plausible parameters file"};
    text.append(chunk, got);
  }
  if (in.bad()) return chess::Error{path + ": cannot read the parameters file"};
  return text;
}

}  // namespace

std::string quoted_params_field(const std::string& field) {
  if (field.size() <= PARAMS_QUOTED_BYTES) return "'" + field + "'";
  std::size_t end = PARAMS_QUOTED_BYTES;
  while (end > 0 && (static_cast<unsigned char>(field[end]) & 0xC0) == 0x80) --end;  // not inside a character
  return "'" + field.substr(0, end) + "...'";
}

chess::Result<std::vector<ParamsSection>> parse_params_file(const std::string& text, const std::string& path,
                                                            const std::vector<std::string>& engines, const ParamsCheck& check) {
  std::vector<ParamsSection> sections{{}};
  std::istringstream in(text);
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string line = trim(raw), where = path + ":" + std::to_string(number);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      auto name = section_name(line, where, engines);
      CHESS_RETURN_IF_ERROR(name);
      sections.push_back({*name, {}});
      continue;
    }
    auto assignment = params_assignment(line, where);
    CHESS_RETURN_IF_ERROR(assignment);
    const auto& [name, value] = assignment.value();
    if (auto ok = check ? check(sections.back().engine, name, value) : chess::Result<bool>(true); !ok)
      return chess::Error{where + ": " + ok.error()};
    set(sections.back().values, name, value);
  }
  // A file that gives no value at all was most likely read as a writer truncated it to write it in place.
  if (std::all_of(sections.begin(), sections.end(), [](const ParamsSection& s) { return s.values.empty(); }))
    return chess::Error{path + ": gives no NAME=VALUE (was the file read while it was being written?)"};
  return sections;
}

chess::Result<std::vector<ParamsSection>> read_params_file(const std::string& path, const std::vector<std::string>& engines,
                                                           const ParamsCheck& check) {
  auto text = read_params_text(path);
  if (!text) return chess::Error{"--params-file: " + text.error()};
  return parse_params_file(*text, path, engines, check);
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
