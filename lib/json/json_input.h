// The one JSON reader under every JSON file a user writes (tuner configurations, the engine
// registry, evaluation weights): parse errors name the file, unknown keys name the key and
// suggest a close one, and typed values say which type the key wants. Nothing throws.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/result.h"

namespace json_input {

using nlohmann::json;

// How deep arrays and objects may nest in any JSON the workbench reads: far beyond any real
// configuration, far below what a recursive walk (nlohmann's dump) can take on a thread's stack.
inline constexpr int MAX_DEPTH = 256;

// The document in `text`; the error names `source` and where parsing stopped. Refused: nesting
// deeper than MAX_DEPTH ("SOURCE:LINE: ..."), and a key that appears twice in one object.
chess::Result<json> parse(std::string_view text, const std::string& source);
// A stored document where a bad one counts as absent: the document, or a discarded value
// (is_discarded()) where parse refuses it.
json parse_or_discarded(std::string_view text);
// The document in a file; "PATH: cannot open WHAT" when it cannot be read.
chess::Result<json> load(const std::string& path, const std::string& what);

// A value as an error message shows it: scalars as JSON (a string cut after 40 characters), an
// array or an object by its kind and size, so no message is unbounded or walks a deep value.
std::string quoted(const json& v);

// An error unless low <= value <= high: "WHERE: 'KEY' must be from LOW to HIGH, got VALUE".
chess::Result<bool> in_range(double value, double low, double high, const std::string& where, const std::string& key);

// An error unless `obj` is an object whose keys are all in `allowed`: "WHERE: unknown KIND
// 'colr' (did you mean 'color'?)", or the allowed names when none is close.
chess::Result<bool> check_keys(const json& obj, const std::string& where, const std::vector<std::string>& allowed,
                               const std::string& kind = "key");

template <class T>
constexpr const char* type_name() {
  if constexpr (std::is_same_v<T, bool>)
    return "true or false";
  else if constexpr (std::is_integral_v<T>)
    return "an integer";
  else if constexpr (std::is_floating_point_v<T>)
    return "a number";
  else if constexpr (std::is_same_v<T, std::string>)
    return "a string";
  else
    return "a value of another type";
}

// Whether `v` holds a T, integers within T's range.
template <class T>
bool holds(const json& v) {
  if constexpr (std::is_same_v<T, bool>)
    return v.is_boolean();
  else if constexpr (std::is_integral_v<T>) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max());
    if (!v.is_number_integer()) return false;
    std::int64_t x = v.get<std::int64_t>();
    return x >= std::int64_t(std::numeric_limits<T>::min()) &&
           (std::is_unsigned_v<T> || x <= std::int64_t(std::numeric_limits<T>::max()));
  } else if constexpr (std::is_floating_point_v<T>)
    return v.is_number();
  else if constexpr (std::is_same_v<T, std::string>)
    return v.is_string();
  else
    return false;
}

// An optional key: `out` is left as it is when the key is absent.
template <class T>
chess::Result<bool> read(const json& obj, const std::string& key, T& out, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key)) return true;
  const json& v = obj.at(key);
  if (!holds<T>(v)) return chess::Error{where + ": '" + key + "' must be " + type_name<T>() + ", got " + quoted(v)};
  out = v.get<T>();
  return true;
}

// A key that must be there.
template <class T>
chess::Result<bool> require(const json& obj, const std::string& key, T& out, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key)) return chess::Error{where + ": missing '" + key + "' (" + type_name<T>() + ")"};
  return read(obj, key, out, where);
}

}  // namespace json_input
