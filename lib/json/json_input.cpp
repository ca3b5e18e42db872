#include "json_input.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"

namespace json_input {

namespace {

// The line where nesting first goes deeper than MAX_DEPTH, or 0: one pass over the text that
// skips strings (a bracket inside one does not nest).
int line_too_deep(std::string_view text) {
  int depth = 0, line = 1;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (c == '\n') ++line;
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > MAX_DEPTH) return line;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return 0;
}

struct DuplicateKey {
  std::string key;
};

// nlohmann keeps the last of two equal keys; the reader refuses the object instead (a registry
// entry with 'command' twice would otherwise start the second program).
json::parser_callback_t refusing_duplicate_keys(std::vector<std::vector<std::string>>& open_objects) {
  return [&open_objects](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == json::parse_event_t::object_end) {
      open_objects.pop_back();
    } else if (event == json::parse_event_t::key) {
      std::vector<std::string>& keys = open_objects.back();
      const std::string& key = parsed.get_ref<const std::string&>();
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) throw DuplicateKey{key};
      keys.push_back(key);
    }
    return true;
  };
}

}  // namespace

std::string quoted(const json& v) {
  constexpr std::size_t SHOWN = 40;
  if (v.is_array()) return "an array of " + std::to_string(v.size()) + (v.size() == 1 ? " item" : " items");
  if (v.is_object()) return "an object of " + std::to_string(v.size()) + (v.size() == 1 ? " key" : " keys");
  if (v.is_string() && v.get_ref<const std::string&>().size() > SHOWN)
    return json(v.get_ref<const std::string&>().substr(0, SHOWN)).dump(-1, ' ', false, json::error_handler_t::replace) +
           "...";
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

chess::Result<json> parse(std::string_view text, const std::string& source) {
  if (const int line = line_too_deep(text))
    return chess::Error{source + ":" + std::to_string(line) + ": JSON nested deeper than " + std::to_string(MAX_DEPTH) +
                        " levels"};
  std::vector<std::vector<std::string>> open_objects;
  json doc;
  try {
    doc = json::parse(text.begin(), text.end(), refusing_duplicate_keys(open_objects), false);
  } catch (const DuplicateKey& d) {
    return chess::Error{source + ": the key '" + d.key + "' appears twice in one object"};
  }
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

json parse_or_discarded(std::string_view text) {
  auto doc = parse(text, "");
  return doc ? std::move(*doc) : json(json::value_t::discarded);
}

chess::Result<json> load(const std::string& path, const std::string& what) {
  auto text = chess::read_whole_file(path, what, chess::MAX_JSON_FILE);
  if (!text) return chess::Error{text.error()};
  return parse(*text, path);
}

chess::Result<bool> check_keys(const json& obj, const std::string& where, const std::vector<std::string>& allowed,
                               const std::string& kind) {
  if (!obj.is_object()) return chess::Error{where + ": expected an object, got " + quoted(obj)};
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      return chess::Error{where + ": unknown " + kind + " '" + it.key() + "'" + chess::did_you_mean(it.key(), allowed)};
  return true;
}

chess::Result<bool> in_range(double value, double low, double high, const std::string& where, const std::string& key) {
  // Plainly: a whole number in all its digits (1048576, where %g wrote 1.04858e+06), any other
  // in the fewest digits that read back as it, and no "inf".
  auto text = [](double v) {
    if (std::isnan(v)) return std::string("not a number");
    if (std::isinf(v)) return std::string(v > 0 ? "infinity" : "minus infinity");
    char t[64];
    if (v == std::trunc(v) && std::fabs(v) < 1e15) {
      std::snprintf(t, sizeof t, "%.0f", v);
      return std::string(t);
    }
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(t, sizeof t, "%.*g", digits, v);
      if (std::strtod(t, nullptr) == v) break;
    }
    return std::string(t);
  };
  if (!(value >= low && value <= high))
    return chess::Error{where + ": '" + key + "' must be from " + text(low) + " to " + text(high) + ", got " + text(value)};
  return true;
}

}  // namespace json_input
