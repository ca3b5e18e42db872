// SPSA parameters in the testing frameworks' line forms, read and written back:
//   OpenBench (7 fields):  name, int|float, value, min, max, c_end, r_end
//   fishtest  (6 fields):  name,value,min,max,c_end,r_end   (Stockfish's TUNE() prints these)
// Fields are separated by commas, spaces around them are ignored; blank lines and lines
// starting with '#' are skipped (neither framework has comments: a file for them has none).
// Every line of a file is of one form. fishtest's parameters are integers.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"

namespace tuner {

enum class SpsaLineForm { OPENBENCH, FISHTEST };
const char* spsa_line_form_name(SpsaLineForm form);  // "OpenBench", "fishtest"

struct SpsaLine {
  std::string name;
  bool is_float = false;
  double start = 0, min = 0, max = 0, c_end = 0, r_end = 0;
  int line = 0;  // in its file, from 1
};

struct SpsaLines {
  SpsaLineForm form = SpsaLineForm::OPENBENCH;
  std::vector<SpsaLine> params;
  std::string source;  // the file, or "CONFIG: parameters"
};

// The lines of `text`; an error names `source`, the line and the field.
chess::Result<SpsaLines> parse_spsa_lines(const std::string& text, const std::string& source);

// The grid a float parameter is tuned on: units per unit of its value (a power of ten that
// gives its range at least ten thousand steps).
int float_scale(const SpsaLine& p);

// The parameters as the configuration's "parameters" array of UCI options; a start outside
// [min, max] is moved to the nearest end (spsa_diagnosis says so).
nlohmann::json spsa_parameters_json(const SpsaLines& lines);

// The lines again, in the form they were read, with `values` (in each parameter's own units,
// in order) as their values: what a framework reads as the tune's result.
std::string spsa_lines_text(const SpsaLines& lines, const std::vector<std::string>& values);

}  // namespace tuner
