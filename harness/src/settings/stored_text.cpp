#include "settings/stored_text.h"

#include "core/utf8.h"
#include "text/control_characters.h"

namespace harness {

std::string TextNotUtf8::where() const {
  std::string out;
  for (const Step& step : path) out += step.index ? "[" + step.key + "]" : (out.empty() ? "" : "/") + step.key;
  return out;
}

std::string TextNotUtf8::describe() const {
  const std::string at = where();
  return (at.empty() ? "" : at + ": ") + "'" + escaped_controls(text) + "' " + problem +
         ": a run's settings are stored as JSON, whose text is UTF-8";
}

std::optional<TextNotUtf8> first_text_not_utf8(const nlohmann::json& j) {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    if (std::string problem = chess::utf8_problem(text); !problem.empty()) return TextNotUtf8{{}, text, problem};
    return std::nullopt;
  }
  if (!j.is_structured()) return std::nullopt;
  for (const auto& item : j.items()) {
    const std::string key = item.key();
    if (std::string problem = chess::utf8_problem(key); !problem.empty()) return TextNotUtf8{{}, key, problem};
    if (auto found = first_text_not_utf8(item.value())) {
      found->path.insert(found->path.begin(), TextNotUtf8::Step{key, j.is_array()});
      return found;
    }
  }
  return std::nullopt;
}

void check_stored_text(const nlohmann::json& stored, SettingProblems& problems) {
  for (const auto& item : stored.items())
    if (auto bad = first_text_not_utf8(item.value())) problems.add(item.key(), bad->describe());
}

chess::Result<std::string> stored_text(const nlohmann::json& stored,
                                       const std::function<std::string(const std::string&)>& spell) {
  SettingProblems problems;
  check_stored_text(stored, problems);
  if (!problems.empty()) return chess::Error{problems.describe(spell)};
  return stored.dump();
}

}  // namespace harness
