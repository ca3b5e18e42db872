// Enums in a stored document (a run's configuration) are written by name and read back by the
// enum's own parser; an unknown name is refused, never read as a default.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/result.h"
#include "json/json_input.h"

namespace harness {

// Thrown from from_json functions, which nlohmann calls and which cannot return a value; the
// one place that reads a stored document (MatchConfig::from_json) turns it into an error value.
struct StoredValueError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class E, class Parse>
E stored_enum(const nlohmann::json& j, const char* key, Parse parse) {
  if (!j.is_string()) throw StoredValueError(std::string("'") + key + "' must be a name, got " + json_input::quoted(j));
  chess::Result<E> value = parse(j.get<std::string>());
  if (!value) throw StoredValueError(std::string("'") + key + "': " + value.error());
  return *value;
}

// A stored integer that fits an int: nlohmann would wrap 1e12 around to -727379968.
inline int stored_int(const nlohmann::json& j, const char* key) {
  if (!json_input::holds<int>(j)) throw StoredValueError(std::string("'") + key + "' must be an integer, got " + json_input::quoted(j));
  return j.get<int>();
}

}  // namespace harness
