// MethodSettings: a tuning method's own section of the configuration ("spsa": {...}) read from
// one table of keys, each bound to a field of the method's settings struct. An unknown key is an
// error naming the method and the nearest key; a value of the wrong type names its key and type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "core/result.h"
#include "json/json_input.h"

namespace tuner {

template <class S>
struct SettingKey {
  const char* key;
  std::variant<int S::*, double S::*, bool S::*, std::uint64_t S::*, std::string S::*> field;
};

// The settings `section` gives (null or absent: every default), each key from `keys`; `where`
// names the section in errors ("eval.json: spsa").
template <class S, std::size_t N>
chess::Result<S> read_method_settings(const nlohmann::json& section, const std::string& where, const SettingKey<S> (&keys)[N]) {
  S settings;
  if (section.is_null()) return settings;
  if (!section.is_object()) return chess::Error{where + ": expected an object"};
  std::vector<std::string> names;
  for (const SettingKey<S>& k : keys) names.push_back(k.key);
  CHESS_RETURN_IF_ERROR(json_input::check_keys(section, where, names));
  for (const SettingKey<S>& k : keys) {
    auto read = std::visit([&](auto field) { return json_input::read(section, k.key, settings.*field, where); }, k.field);
    CHESS_RETURN_IF_ERROR(read);
  }
  return settings;
}

}  // namespace tuner
