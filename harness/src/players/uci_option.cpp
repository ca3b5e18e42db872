#include "uci_option.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "core/nearest_names.h"

namespace harness {

namespace {

bool same_name(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

std::optional<long long> to_integer(const std::string& text) {
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// Appends `word` to `field` with a space between words.
void append_word(std::string& field, const std::string& word) { field += (field.empty() ? "" : " ") + word; }

}  // namespace

std::optional<UciOption> parse_uci_option(const std::string& line) {
  std::istringstream is(line);
  std::string word;
  if (!(is >> word) || word != "option" || !(is >> word) || word != "name") return std::nullopt;
  UciOption o;
  std::string key = "name", var;
  std::string min_text, max_text;
  while (is >> word) {
    if (word == "type" || word == "default" || word == "min" || word == "max" || word == "var") {
      if (key == "var" && !var.empty()) o.vars.push_back(var);
      key = word;
      var.clear();
      continue;
    }
    if (key == "name")
      append_word(o.name, word);
    else if (key == "type")
      o.type = word;
    else if (key == "default")
      append_word(o.default_value, word);
    else if (key == "min")
      min_text = word;
    else if (key == "max")
      max_text = word;
    else
      append_word(var, word);
  }
  if (key == "var" && !var.empty()) o.vars.push_back(var);
  if (o.name.empty() || o.type.empty()) return std::nullopt;
  if (o.type == "spin") {
    auto lo = to_integer(min_text), hi = to_integer(max_text);
    if (!lo || !hi) return std::nullopt;
    o.min = *lo;
    o.max = *hi;
  }
  return o;
}

const UciOption* find_uci_option(const std::vector<UciOption>& options, const std::string& name) {
  for (const UciOption& o : options)
    if (same_name(o.name, name)) return &o;
  return nullptr;
}

chess::Result<bool> check_uci_value(const UciOption& o, const std::string& value) {
  if (o.type == "spin") {
    auto v = to_integer(value);
    if (!v || *v < o.min || *v > o.max)
      return chess::Error{"option '" + o.name + "': '" + value + "' is not an integer within [" + std::to_string(o.min) + ", " +
                          std::to_string(o.max) + "]"};
  } else if (o.type == "check") {
    if (value != "true" && value != "false") return chess::Error{"option '" + o.name + "': '" + value + "' is not true or false"};
  } else if (o.type == "combo") {
    if (std::none_of(o.vars.begin(), o.vars.end(), [&](const std::string& v) { return same_name(v, value); }))
      return chess::Error{"option '" + o.name + "': '" + value + "' is not one of its choices"};
  }
  return true;
}

std::string setoption_command(const std::vector<UciOption>& declared, const std::string& name, const std::string& value) {
  const UciOption* o = find_uci_option(declared, name);
  if (value.empty() || (o && o->type == "button")) return "setoption name " + name;
  return "setoption name " + name + " value " + value;
}

chess::Result<const UciOption*> find_declared_option(const std::vector<UciOption>& options, const std::string& name,
                                                     const std::string& where) {
  if (const UciOption* o = find_uci_option(options, name)) return o;
  std::vector<std::string> names;
  for (const UciOption& d : options) names.push_back(d.name);
  return chess::Error{where + ": the engine has no option '" + name + "'" + chess::did_you_mean(name, names)};
}

}  // namespace harness
