#include "json_input.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"

namespace json_input {

chess::Result<json> parse(std::string_view text, const std::string& source) {
  json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded()) {
    // Parse again for the message only: it names the line and column.
    try {
      const json unused = json::parse(text.begin(), text.end());
      (void)unused;
    } catch (const json::exception& e) {  // a parse error, or a number out of range (1e400)
      return chess::Error{source + ": not valid JSON: " + e.what()};
    }
    return chess::Error{source + ": not valid JSON"};
  }
  return doc;
}

chess::Result<json> load(const std::string& path, const std::string& what) {
  auto text = chess::read_whole_file(path, what, chess::MAX_JSON_FILE);
  if (!text) return chess::Error{text.error()};
  return parse(*text, path);
}

chess::Result<bool> check_keys(const json& obj, const std::string& where, const std::vector<std::string>& allowed,
                               const std::string& kind) {
  if (!obj.is_object()) return chess::Error{where + ": expected an object, got " + obj.dump()};
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      return chess::Error{where + ": unknown " + kind + " '" + it.key() + "'" + chess::did_you_mean(it.key(), allowed)};
  return true;
}

}  // namespace json_input
