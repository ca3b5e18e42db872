// A stored step's detail (JSON) read leniently: a key that is missing or of another type reads
// as "" or 0, as a step stored by an earlier version may lack it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace tuner {

inline std::string text_of(const nlohmann::json& detail, const char* key) {
  return detail.contains(key) && detail[key].is_string() ? detail[key].get<std::string>() : "";
}

inline double number_of(const nlohmann::json& detail, const char* key) {
  return detail.contains(key) && detail[key].is_number() ? detail[key].get<double>() : 0.0;
}

}  // namespace tuner
