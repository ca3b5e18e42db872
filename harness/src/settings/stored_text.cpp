#include "settings/stored_text.h"

#include "text/control_characters.h"
#include "text/utf8.h"

namespace harness {

std::string TextNotUtf8::describe() const {
  return (where.empty() ? "" : where + ": ") + "'" + escaped_controls(text) + "' " + problem +
         ": a run's settings are stored as JSON, whose text is UTF-8";
}

std::optional<TextNotUtf8> first_text_not_utf8(const nlohmann::json& j, const std::string& where) {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    if (std::string problem = utf8_problem(text); !problem.empty()) return TextNotUtf8{where, text, problem};
    return std::nullopt;
  }
  if (!j.is_structured()) return std::nullopt;
  for (const auto& item : j.items()) {
    const std::string key = item.key();
    const std::string inner = j.is_array() ? where + "[" + key + "]" : where.empty() ? key : where + "/" + key;
    if (std::string problem = utf8_problem(key); !problem.empty()) return TextNotUtf8{where, key, problem};
    if (auto found = first_text_not_utf8(item.value(), inner)) return found;
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
