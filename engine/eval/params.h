// EvalParams: the evaluation's weights, generated from params.def, with JSON reading and writing.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace eval {

struct EvalParams {
#define SCALAR(name, lo, hi) int name = 0;
#define TABLE(name, size, lo, hi) std::array<int, size> name{};
#include "params.def"
#undef SCALAR
#undef TABLE
  // Weight by weight: the engine compares weights given by options with a version's own.
  friend bool operator==(const EvalParams&, const EvalParams&) = default;
};

// One declared parameter: a scalar has size 1 and is written to JSON as a number.
struct ParamInfo {
  std::string_view name;
  int size;
  int min;
  int max;
  bool is_table;
  bool may_be_absent;  // from a weights file: then zero (ADDED_TABLE in params.def)
};

const std::vector<ParamInfo>& param_list();
// The storage of a declared parameter inside `p` (size ints), by its index in param_list().
int* param_data(EvalParams& p, std::size_t index);
const int* param_data(const EvalParams& p, std::size_t index);
// Total number of individual weights (table elements counted one by one).
int weight_count();

// The weights of configs/weights/default.json (versions v0.1 to v0.2), embedded in the binary
// at build time.
const EvalParams& default_params();
// dev's own weights, configs/weights/dev.json: the best weights a validation match has shown
// stronger than the defaults.
const EvalParams& dev_params();

// Reads weights from JSON text; `source` names the file in error messages. Every declared
// name must be present, no other names, and every value within its range.
chess::Result<EvalParams> params_from_json(std::string_view json_text, const std::string& source);
chess::Result<EvalParams> load_params(const std::string& path);
std::string params_to_json(const EvalParams& p);

// Closest declared names to `name`, best first, for "did you mean" messages.
std::vector<std::string> nearest_param_names(std::string_view name, std::size_t how_many = 3);
// Index in param_list() of a name, or -1.
int find_param(std::string_view name);

}  // namespace eval
