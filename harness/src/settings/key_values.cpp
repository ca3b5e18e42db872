#include "settings/key_values.h"

#include <algorithm>
#include <sstream>

#include "core/nearest_names.h"

namespace harness {

chess::Result<std::vector<KeyValue>> parse_key_values(const std::string& what, const std::string& text, Repeats repeats) {
  std::vector<KeyValue> out;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return chess::Error{what + ": expected key=value, got '" + word + "'"};
    KeyValue kv{word.substr(0, eq), word.substr(eq + 1)};
    const bool repeated = std::any_of(out.begin(), out.end(), [&](const KeyValue& o) { return o.key == kv.key; });
    if (repeated && repeats == Repeats::REFUSED) return chess::Error{what + ": '" + kv.key + "' is given twice"};
    out.push_back(std::move(kv));
  }
  return out;
}

chess::Result<bool> check_known_key(const std::string& what, const std::string& key, const std::vector<std::string>& known) {
  if (std::find(known.begin(), known.end(), key) != known.end()) return true;
  return chess::Error{what + ": unknown key '" + key + "'" + chess::did_you_mean(key, known)};
}

}  // namespace harness
