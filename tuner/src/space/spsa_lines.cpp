#include "space/spsa_lines.h"
#include "text/trim.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace tuner {

namespace {

std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) fields.push_back(harness::trim(field));
  if (!line.empty() && line.back() == ',') fields.push_back("");
  return fields;
}

// A finite number, or an error naming the field.
chess::Result<double> number(const std::string& text, const std::string& where, const char* field) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
    return chess::Error{where + ": " + field + " '" + text + "' is not a number"};
  return v;
}

chess::Result<SpsaLine> parse_line(const std::vector<std::string>& f, SpsaLineForm form, const std::string& where) {
  SpsaLine p;
  p.name = f[0];
  if (p.name.empty()) return chess::Error{where + ": the name is empty"};
  std::size_t at = 1;
  if (form == SpsaLineForm::OPENBENCH) {
    if (f[1] != "int" && f[1] != "float") return chess::Error{where + ": type '" + f[1] + "' is not int or float"};
    p.is_float = f[1] == "float";
    at = 2;
  }
  double* targets[] = {&p.start, &p.min, &p.max, &p.c_end, &p.r_end};
  const char* names[] = {"value", "min", "max", "c_end", "r_end"};
  for (int i = 0; i < 5; ++i) {
    auto v = number(f[at + std::size_t(i)], where, names[i]);
    CHESS_RETURN_IF_ERROR(v);
    *targets[i] = *v;
  }
  if (!(p.min < p.max)) return chess::Error{where + ": min must be below max"};
  if (!p.is_float)
    for (double v : {p.min, p.max})
      if (v != std::round(v)) return chess::Error{where + ": an int parameter's min and max must be integers"};
  // Rounded, it would start elsewhere than the line says, without a word.
  if (!p.is_float && p.start != std::round(p.start))
    return chess::Error{where + ": value '" + f[at] + "' of an int parameter is not an integer" +
                        (form == SpsaLineForm::FISHTEST ? " (fishtest's parameters are integers)" : "") +
                        ": give the whole number it starts from"};
  // OpenBench lets an int parameter's c_end be 0 (its c is floored at 0.5); fishtest wants it positive.
  if (p.c_end < 0 || (p.c_end == 0 && (p.is_float || form == SpsaLineForm::FISHTEST)))
    return chess::Error{where + ": c_end must be positive" + std::string(p.is_float ? "" : " (or 0 for an int, OpenBench)")};
  if (!(p.r_end > 0)) return chess::Error{where + ": r_end must be positive"};
  return p;
}

std::string number_text(double v) {
  std::ostringstream os;
  os.precision(10);
  os << v;
  return os.str();
}

}  // namespace

const char* spsa_line_form_name(SpsaLineForm form) { return form == SpsaLineForm::OPENBENCH ? "OpenBench" : "fishtest"; }

chess::Result<SpsaLines> parse_spsa_lines(const std::string& text, const std::string& source) {
  SpsaLines lines;
  lines.source = source;
  std::istringstream in(text);
  std::string raw;
  bool form_known = false;
  for (int number = 1; std::getline(in, raw); ++number) {
    const std::string line = harness::trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = source + ":" + std::to_string(number);
    const std::vector<std::string> f = fields_of(line);
    if (f.size() != 6 && f.size() != 7)
      return chess::Error{where + ": " + std::to_string(f.size()) +
                          " fields; expected OpenBench's 7 (name, int|float, value, min, max, c_end, r_end) or fishtest's 6 "
                          "(name,value,min,max,c_end,r_end)"};
    const SpsaLineForm form = f.size() == 7 ? SpsaLineForm::OPENBENCH : SpsaLineForm::FISHTEST;
    if (form_known && form != lines.form)
      return chess::Error{where + ": a " + spsa_line_form_name(form) + " line among " + spsa_line_form_name(lines.form) +
                          " lines; give one form throughout"};
    lines.form = form;
    form_known = true;
    auto parsed = parse_line(f, form, where);
    CHESS_RETURN_IF_ERROR(parsed);
    SpsaLine p = std::move(parsed).value();
    p.line = number;
    for (const SpsaLine& earlier : lines.params)
      if (earlier.name == p.name)
        return chess::Error{where + ": '" + p.name + "' is listed twice (line " + std::to_string(earlier.line) + ")"};
    lines.params.push_back(p);
  }
  if (lines.params.empty()) return chess::Error{source + ": no parameter lines"};
  return lines;
}

int float_scale(const SpsaLine& p) {
  int scale = 1;
  while (scale < 1000000 && (p.max - p.min) * scale < 10000) scale *= 10;
  return scale;
}

nlohmann::json spsa_parameters_json(const SpsaLines& lines) {
  nlohmann::json params = nlohmann::json::array();
  for (const SpsaLine& p : lines.params) {
    const double start = std::clamp(p.start, p.min, p.max);
    nlohmann::json j{{"option", p.name}};
    if (p.is_float)
      j.update({{"min", p.min}, {"max", p.max}, {"start", start}, {"scale", float_scale(p)}});
    else
      j.update({{"min", std::llround(p.min)}, {"max", std::llround(p.max)}, {"start", std::llround(start)}});
    if (p.c_end > 0) j["c_end"] = p.c_end;
    j["r_end"] = p.r_end;
    params.push_back(j);
  }
  return params;
}

std::string spsa_lines_text(const SpsaLines& lines, const std::vector<std::string>& values) {
  std::string text;
  for (std::size_t i = 0; i < lines.params.size(); ++i) {
    const SpsaLine& p = lines.params[i];
    const std::string value = i < values.size() ? values[i] : number_text(p.start);
    if (lines.form == SpsaLineForm::OPENBENCH)
      text += p.name + ", " + (p.is_float ? "float" : "int") + ", " + value + ", " + number_text(p.min) + ", " +
              number_text(p.max) + ", " + number_text(p.c_end) + ", " + number_text(p.r_end) + "\n";
    else
      text += p.name + "," + value + "," + number_text(p.min) + "," + number_text(p.max) + "," + number_text(p.c_end) + "," +
              number_text(p.r_end) + "\n";
  }
  return text;
}

}  // namespace tuner
