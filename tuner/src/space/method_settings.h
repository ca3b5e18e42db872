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

// The bounds of a method's counts: no configuration asks for more, and none allocates in
// proportion to a count it was not checked against.
inline constexpr long long MAX_STEPS = 10'000'000;  // generations, iterations, epochs, evaluations
inline constexpr long long MAX_POPULATION = 10'000; // PBIL's individuals of a generation
inline constexpr long long MAX_GAMES_PER_STEP = 100'000;  // an individual's or an SPSA iteration's games

// "WHERE: 'KEY' must be from LEAST to MOST, got VALUE" when the count is outside its bounds.
inline chess::Result<bool> check_count(long long value, const char* key, long long least, long long most,
                                       const std::string& where) {
  if (value >= least && value <= most) return true;
  return chess::Error{where + ": '" + key + "' must be from " + std::to_string(least) + " to " + std::to_string(most) +
                      ", got " + std::to_string(value)};
}

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
