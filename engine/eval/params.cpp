#include "params.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"
#include "default_weights.h"
#include "dev_weights.h"
#include "json/json_input.h"

namespace eval {

namespace {

template <class T>
int* as_ints(T& v) {
  if constexpr (std::is_same_v<T, int>)
    return &v;
  else
    return v.data();
}
template <class T>
const int* as_ints(const T& v) {
  if constexpr (std::is_same_v<T, int>)
    return &v;
  else
    return v.data();
}

}  // namespace

const std::vector<ParamInfo>& param_list() {
  static const std::vector<ParamInfo> list = {
#define SCALAR(name, lo, hi) {#name, 1, lo, hi, false, false},
#define TABLE(name, size, lo, hi) {#name, size, lo, hi, true, false},
#define ADDED_TABLE(name, size, lo, hi) {#name, size, lo, hi, true, true},
#include "params.def"
#undef SCALAR
#undef TABLE
#undef ADDED_TABLE
  };
  return list;
}

int* param_data(EvalParams& p, std::size_t index) {
  std::size_t i = 0;
#define SCALAR(name, lo, hi) \
  if (i++ == index) return as_ints(p.name);
#define TABLE(name, size, lo, hi) \
  if (i++ == index) return as_ints(p.name);
#include "params.def"
#undef SCALAR
#undef TABLE
  return nullptr;
}

const int* param_data(const EvalParams& p, std::size_t index) { return param_data(const_cast<EvalParams&>(p), index); }

int weight_count() {
  int n = 0;
  for (const ParamInfo& info : param_list()) n += info.size;
  return n;
}

int find_param(std::string_view name) {
  const auto& list = param_list();
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].name == name) return int(i);
  return -1;
}

std::vector<std::string> nearest_param_names(std::string_view name, std::size_t how_many) {
  std::vector<std::string> names;
  for (const ParamInfo& info : param_list()) names.emplace_back(info.name);
  return chess::nearest_names(name, names, how_many);
}

chess::Result<EvalParams> params_from_json(std::string_view json_text, const std::string& source) {
  auto parsed = json_input::parse(json_text, source);
  CHESS_RETURN_IF_ERROR(parsed);
  const nlohmann::json& doc = *parsed;
  if (!doc.is_object()) return chess::Error{source + ": expected a JSON object of weight names"};
  std::vector<std::string> names;
  for (const ParamInfo& info : param_list()) names.emplace_back(info.name);
  CHESS_RETURN_IF_ERROR(json_input::check_keys(doc, source, names, "weight"));
  EvalParams p;
  const auto& list = param_list();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ParamInfo& info = list[i];
    const std::string key(info.name);
    if (!doc.contains(key)) {
      if (info.may_be_absent) continue;  // zero, as EvalParams starts
      return chess::Error{source + ": missing weight '" + key + "'"};
    }
    const nlohmann::json& v = doc[key];
    int* data = param_data(p, i);
    if (info.is_table && (!v.is_array() || int(v.size()) != info.size))
      return chess::Error{source + ": weight '" + key + "' must be an array of " + std::to_string(info.size) + " integers"};
    if (!info.is_table && !v.is_number_integer()) return chess::Error{source + ": weight '" + key + "' must be an integer"};
    for (int j = 0; j < info.size; ++j) {
      const nlohmann::json& x = info.is_table ? v[std::size_t(j)] : v;
      std::string where = info.is_table ? key + "[" + std::to_string(j) + "]" : key;
      if (!x.is_number_integer()) return chess::Error{source + ": weight '" + where + "' must be an integer"};
      long long value = x.get<long long>();
      if (value < info.min || value > info.max)
        return chess::Error{source + ": weight '" + where + "' = " + std::to_string(value) + " is outside [" +
                            std::to_string(info.min) + ", " + std::to_string(info.max) + "]"};
      data[j] = int(value);
    }
  }
  return p;
}

chess::Result<EvalParams> load_params(const std::string& path) {
  auto text = chess::read_whole_file(path, "weights file", chess::MAX_JSON_FILE);
  if (!text) return chess::Error{text.error()};
  return params_from_json(*text, path);
}

std::string params_to_json(const EvalParams& p) {
  std::ostringstream out;
  out << "{\n";
  const auto& list = param_list();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const int* data = param_data(p, i);
    out << "  \"" << list[i].name << "\": ";
    if (!list[i].is_table) {
      out << data[0];
    } else {
      out << '[';
      for (int j = 0; j < list[i].size; ++j)
        out << (j ? (list[i].size == 64 && j % 8 == 0 ? ",\n    " : ", ") : (list[i].size == 64 ? "\n    " : "")) << data[j];
      out << (list[i].size == 64 ? "\n  ]" : "]");
    }
    out << (i + 1 < list.size() ? ",\n" : "\n");
  }
  out << "}\n";
  return out.str();
}

namespace {

EvalParams embedded(const char* json_text, const char* file) {
  chess::Result<EvalParams> r = params_from_json(json_text, std::string("embedded configs/weights/") + file);
  if (!r) {
    // The build embeds a file the tests check; reaching this means the binary itself is broken.
    std::fprintf(stderr, "%s\n", r.error().c_str());
    std::abort();
  }
  return r.value();
}

}  // namespace

const EvalParams& default_params() {
  static const EvalParams params = embedded(DEFAULT_WEIGHTS_JSON, "default.json");
  return params;
}

const EvalParams& dev_params() {
  static const EvalParams params = embedded(DEV_WEIGHTS_JSON, "dev.json");
  return params;
}

}  // namespace eval
