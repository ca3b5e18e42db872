// Enums in a stored document (a run's configuration) are written by name and read back by the
// enum's own parser; an unknown name is refused, never read as a default.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/result.h"

namespace harness {

// Thrown from from_json functions, which nlohmann calls and which cannot return a value; the
// one place that reads a stored document (MatchConfig::from_json) turns it into an error value.
struct StoredValueError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class E, class Parse>
E stored_enum(const nlohmann::json& j, const char* key, Parse parse) {
  if (!j.is_string()) throw StoredValueError(std::string("'") + key + "' must be a name, got " + j.dump());
  chess::Result<E> value = parse(j.get<std::string>());
  if (!value) throw StoredValueError(std::string("'") + key + "': " + value.error());
  return *value;
}

}  // namespace harness
