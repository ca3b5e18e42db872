// A run's settings are stored as JSON, whose text is UTF-8 only: a path, command, pattern or
// option value that is not (a Latin-1 file name, say) is refused by its setting where it comes
// in, rather than thrown by nlohmann's dump when the run is stored.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "settings/setting_problems.h"

namespace harness {

// A key or a value that is not UTF-8, where it is (the keys and indices down to it from `j`:
// {"options", "2", "1"}; none for `j` itself), and why.
struct TextNotUtf8 {
  struct Step {
    std::string key;     // an object's key, or an array's index in digits
    bool index = false;  // an array's
  };
  std::vector<Step> path;
  std::string text, problem;
  // "options[2][1]", "engines[0]/command", "" for none.
  std::string where() const;
  // "WHERE: 'M\xfcller' is not UTF-8 text (byte 0xFC at offset 1): a run's settings are ..."
  std::string describe() const;
};
std::optional<TextNotUtf8> first_text_not_utf8(const nlohmann::json& j);

// A problem for each top-level key of `stored` whose text is not all UTF-8, by that key.
void check_stored_text(const nlohmann::json& stored, SettingProblems& problems);

// `stored` as the text a run keeps, or its problems spelled by `spell` (the door's names).
chess::Result<std::string> stored_text(const nlohmann::json& stored, const std::function<std::string(const std::string&)>& spell);

}  // namespace harness
