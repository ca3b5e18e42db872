#include "space/tuner_config.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/bounded_read.h"
#include "core/nearest_names.h"
#include "data/labeled_positions.h"
#include "engines/engine_text.h"
#include "eval/params.h"
#include "formats/format_table.h"
#include "json/json_input.h"
#include "run/match_config.h"
#include "space/method_settings.h"

namespace tuner {

namespace {

using nlohmann::json;

using json_input::check_keys;
using json_input::read;

// "pst_knight_mg[27]" -> ("pst_knight_mg", 27); "bishop_pair_mg" -> (name, -1).
std::pair<std::string, int> split_element(const std::string& name) {
  std::size_t open = name.find('[');
  if (open == std::string::npos || name.back() != ']') return {name, -1};
  try {
    return {name.substr(0, open), std::stoi(name.substr(open + 1, name.size() - open - 2))};
  } catch (...) {
    return {name, -2};
  }
}

// The grid's step and bit count from "step" or "bits" (not both); min and max are already set.
chess::Result<bool> read_grid(const json& p, const std::string& where, TunedWeight& w) {
  if (p.contains("bits") && p.contains("step")) return chess::Error{where + ": give 'bits' or 'step', not both"};
  if (p.contains("step")) {
    if (!p["step"].is_number()) return chess::Error{where + ": 'step' must be a number"};
    w.step = int(std::lround(p["step"].get<double>() * w.scale));
    if (w.step < 1) return chess::Error{where + ": 'step' must be at least " + (w.scale > 1 ? "1 / scale" : std::string("1"))};
  }
  int values = (w.max - w.min) / w.step + 1;
  w.bits = int(std::ceil(std::log2(double(values))));
  if (p.contains("bits")) {
    if (!p["bits"].is_number_integer()) return chess::Error{where + ": 'bits' must be an integer"};
    int bits = p["bits"];
    if (bits < 1 || bits > 20) return chess::Error{where + ": 'bits' must be from 1 to 20"};
    w.bits = bits;
    w.step = std::max(1, int(std::ceil(double(w.max - w.min) / double((1 << bits) - 1))));
  }
  w.bits = std::max(w.bits, 1);
  for (const char* k : {"c_end", "r_end"})
    if (p.contains(k) && (!p[k].is_number() || !(p[k].get<double>() > 0)))
      return chess::Error{where + ": '" + k + "' must be a positive number"};
  if (p.contains("c_end")) w.c_end = p["c_end"].get<double>() * w.scale;
  if (p.contains("r_end")) w.r_end = p["r_end"];
  return true;
}

// {"name": "pst_knight_mg[27]", "min": -50, "max": 50, "step": 2}: an evaluation weight.
chess::Result<bool> add_weight(const json& p, const std::string& where, TunerConfig& config) {
  auto keys = check_keys(p, where, {"name", "min", "max", "bits", "step", "c_end", "r_end"});
  CHESS_RETURN_IF_ERROR(keys);
  if (!p["name"].is_string()) return chess::Error{where + ": 'name' must be a string"};
  auto [base, element] = split_element(p["name"].get<std::string>());
  int index = eval::find_param(base);
  if (index < 0) {
    auto near = eval::nearest_param_names(base, 1);
    return chess::Error{where + ": unknown weight '" + base + "'" + (near.empty() ? "" : " (did you mean '" + near[0] + "'?)")};
  }
  const eval::ParamInfo& info = eval::param_list()[std::size_t(index)];
  if (element == -2 || element >= info.size || (element >= 0 && !info.is_table))
    return chess::Error{where + ": '" + p["name"].get<std::string>() + "' is not an element of '" + base + "' (size " +
                        std::to_string(info.size) + ")"};
  TunedWeight w;
  w.param = std::size_t(index);
  w.min = info.min;
  w.max = info.max;
  for (const char* k : {"min", "max"})
    if (p.contains(k) && !p[k].is_number_integer()) return chess::Error{where + ": '" + k + "' must be an integer"};
  if (p.contains("min")) w.min = p["min"];
  if (p.contains("max")) w.max = p["max"];
  if (w.min < info.min || w.max > info.max || w.min >= w.max)
    return chess::Error{where + ": range [" + std::to_string(w.min) + ", " + std::to_string(w.max) + "] must lie within [" +
                        std::to_string(info.min) + ", " + std::to_string(info.max) + "] and not be empty"};
  if (auto g = read_grid(p, where, w); !g) return g;
  int first = element >= 0 ? element : 0, last = element >= 0 ? element : info.size - 1;
  for (int e = first; e <= last; ++e) {
    w.element = e;
    w.name = info.is_table ? std::string(info.name) + "[" + std::to_string(e) + "]" : std::string(info.name);
    config.weights.push_back(w);
  }
  return true;
}

// {"option": "LmrBase", "min": 50, "max": 150, "step": 1}: a UCI spin option; "type": "check"
// for a check option; "scale": S for a real value (min, max, step and start in the option's
// units, tuned on a grid of 1 / S and sent as a decimal). Checked against the engine later.
chess::Result<bool> add_option(const json& p, const std::string& where, TunerConfig& config) {
  auto keys = check_keys(p, where, {"option", "type", "min", "max", "step", "bits", "scale", "start", "c_end", "r_end"});
  CHESS_RETURN_IF_ERROR(keys);
  if (!p["option"].is_string() || p["option"].get<std::string>().empty())
    return chess::Error{where + ": 'option' must be an option name"};
  TunedWeight w;
  w.option = w.name = p["option"].get<std::string>();
  // The name goes to the engine inside "setoption name NAME value V" (engines/engine_text.h).
  if (const std::string problem = harness::engine_line_problem(w.option); !problem.empty())
    return chess::Error{where + ": 'option' " + harness::quoted_engine_text(w.option) + " " + problem};
  w.type = "spin";
  if (auto r = read(p, "type", w.type, where); !r) return r;
  if (w.type != "spin" && w.type != "check")
    return chess::Error{where + ": 'type' must be 'spin' or 'check' (a real value is a spin or string option with 'scale')"};
  if (p.contains("scale")) {
    if (!p["scale"].is_number_integer() || p["scale"].get<int>() < 1 || p["scale"].get<int>() > 1000000)
      return chess::Error{where + ": 'scale' must be an integer from 1 to 1000000"};
    w.scale = p["scale"];
    w.type = "real";
  }
  if (w.type == "check") {
    for (const char* k : {"min", "max", "step", "bits", "scale"})
      if (p.contains(k)) return chess::Error{where + ": a check option takes no '" + std::string(k) + "'"};
    w.min = 0;
    w.max = 1;
  } else {
    for (const char* k : {"min", "max"}) {
      if (!p.contains(k) || !p[k].is_number()) return chess::Error{where + ": '" + k + "' must be a number"};
      if (w.scale == 1 && !p[k].is_number_integer())
        return chess::Error{where + ": '" + k + "' must be an integer (or give 'scale')"};
    }
    const double lo = p["min"].get<double>() * w.scale, hi = p["max"].get<double>() * w.scale;
    if (!(lo >= -1e9 && hi <= 1e9 && lo < hi))
      return chess::Error{where + ": 'min' must be below 'max' (and both of sensible size)"};
    w.min = int(std::lround(lo));
    w.max = int(std::lround(hi));
  }
  if (p.contains("start")) {
    const json& s = p["start"];
    if (w.type == "check" ? !s.is_boolean() : !s.is_number())
      return chess::Error{where + ": 'start' must be " + (w.type == "check" ? "true or false" : std::string("a number"))};
    const int v = w.type == "check" ? int(s.get<bool>()) : int(std::lround(s.get<double>() * w.scale));
    if (v < w.min || v > w.max) return chess::Error{where + ": 'start' lies outside [min, max]"};
    w.start = v;
  }
  if (auto g = read_grid(p, where, w); !g) return g;
  config.weights.push_back(w);
  return true;
}

// A weight or option listed twice (a table and one of its elements, say) would be two
// coordinates of one value: the tuner would move one and report the other.
chess::Result<bool> check_listed_once(const std::vector<TunedWeight>& weights, std::size_t first_new, const std::string& where) {
  for (std::size_t i = first_new; i < weights.size(); ++i)
    for (std::size_t j = 0; j < first_new; ++j)
      if (weights[j].name == weights[i].name) return chess::Error{where + ": '" + weights[i].name + "' is listed twice"};
  return true;
}

chess::Result<bool> add_parameter(const json& p, const std::string& where, TunerConfig& config) {
  if (!p.is_object()) return chess::Error{where + ": expected an object"};
  const bool weight = p.contains("name"), option = p.contains("option");
  if (weight == option)
    return chess::Error{where + ": give 'name' (an evaluation weight) or 'option' (a UCI option), not both or neither"};
  if (!config.weights.empty() && option != config.tunes_options())
    return chess::Error{where + ": every parameter must be an evaluation weight ('name') or every one a UCI option ('option')"};
  return option ? add_option(p, where, config) : add_weight(p, where, config);
}

std::string relative_to(const std::string& source, const std::string& path) {
  if (path.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::path(source).parent_path() / path).lexically_normal().string();
}

chess::Result<bool> first_error(std::initializer_list<chess::Result<bool>> results) {
  for (const auto& r : results) CHESS_RETURN_IF_ERROR(r);
  return true;
}

chess::Result<bool> read_cluster(const json& f, const std::string& fitness_where, FitnessSettings::Cluster& c) {
  if (!f.contains("cluster")) return true;
  const json& j = f["cluster"];
  const std::string where = fitness_where + ": cluster";
  if (!j.is_object()) return chess::Error{where + ": must be an object {\"shards\": N, ...}"};
  if (auto k = check_keys(j, where, {"shards", "partition", "sbatch_args", "dir"}); !k) return k;
  auto r = first_error({json_input::require(j, "shards", c.shards, where), read(j, "partition", c.partition, where),
                        read(j, "dir", c.dir, where)});
  if (!r) return r;
  if (c.shards < 1 || c.shards > 100000) return chess::Error{where + ": 'shards' must be from 1 to 100000"};
  if (j.contains("sbatch_args")) {
    const json& a = j["sbatch_args"];
    if (!a.is_array()) return chess::Error{where + ": 'sbatch_args' must be an array of strings"};
    for (const json& v : a) {
      if (!v.is_string()) return chess::Error{where + ": 'sbatch_args' must be an array of strings, got " + json_input::quoted(v)};
      c.sbatch_args.push_back(v.get<std::string>());
    }
  }
  return true;
}

chess::Result<bool> read_fitness(const json& doc, const std::string& source, FitnessSettings& s) {
  if (!doc.contains("fitness") || !doc["fitness"].is_object()) return chess::Error{source + ": missing 'fitness' object"};
  const json& f = doc["fitness"];
  const std::string where = source + ": fitness";
  auto k = check_keys(f, where,
                      {"type", "positions", "positions_format", "threads", "holdout", "score_weight", "k", "engine", "opponent",
                       "mode", "registry", "tc", "games_per_individual", "concurrency", "openings", "cluster"});
  if (!k) return k;
  if (auto c = read_cluster(f, where, s.cluster); !c) return c;
  auto r = first_error({read(f, "type", s.type, where), read(f, "positions", s.positions, where),
                        read(f, "positions_format", s.positions_format, where), read(f, "threads", s.threads, where),
                        read(f, "holdout", s.holdout, where), read(f, "score_weight", s.score_weight, where),
                        read(f, "engine", s.engine, where), read(f, "opponent", s.opponent, where),
                        read(f, "mode", s.mode, where), read(f, "registry", s.registry, where), read(f, "tc", s.tc, where),
                        read(f, "games_per_individual", s.games_per_individual, where),
                        read(f, "concurrency", s.concurrency, where), read(f, "openings", s.openings, where)});
  if (!r) return r;
  if (f.contains("k")) {
    if (f["k"].is_number()) {
      s.k_value = f["k"].get<double>();
      s.k = "number";
      if (!(s.k_value > 0 && s.k_value < 100)) return chess::Error{where + ": 'k' must be a positive number below 100"};
    } else if (!f["k"].is_string() || (f["k"] != "start" && f["k"] != "defaults" && f["k"] != "refit")) {
      return chess::Error{where + ": 'k' must be \"start\", \"defaults\", \"refit\" or a number"};
    } else {
      s.k = f["k"].get<std::string>();
    }
  }
  if (s.type != "texel" && s.type != "games")
    return chess::Error{where + ": 'type' must be 'texel' or 'games', got '" + s.type + "'"};
  if (s.type == "texel" && s.positions.empty()) return chess::Error{where + ": texel fitness needs 'positions'"};
  if (!formats::parse_position_format(s.positions_format, formats::has_reader))
    return chess::Error{where + ": 'positions_format' must be one of " + formats::position_format_names(formats::has_reader) +
                        ", got '" + s.positions_format + "'"};
  if (!(s.holdout >= 0 && s.holdout <= 0.5)) return chess::Error{where + ": 'holdout' must lie within [0, 0.5]"};
  if (!(s.score_weight >= 0 && s.score_weight <= 1)) return chess::Error{where + ": 'score_weight' must lie within [0, 1]"};
  if (s.score_weight > 0 && s.type != "texel")
    return chess::Error{where + ": 'score_weight' blends the labels of texel fitness ('type' is '" + s.type + "')"};
  if (s.mode != "opponent" && s.mode != "round-robin")
    return chess::Error{where + ": 'mode' must be 'opponent' or 'round-robin', got '" + s.mode + "'"};
  if (s.threads < 1 || s.concurrency < 1 || s.games_per_individual < 2 || s.games_per_individual % 2 ||
      s.games_per_individual > MAX_GAMES_PER_STEP)
    return chess::Error{where + ": threads and concurrency must be positive, games_per_individual even and from 2 to " +
                        std::to_string(MAX_GAMES_PER_STEP)};
  if (s.threads > FitnessSettings::MAX_THREADS)
    return chess::Error{where + ": 'threads' must be at most " + std::to_string(FitnessSettings::MAX_THREADS) + ", got " +
                        std::to_string(s.threads)};
  if (s.concurrency > harness::MAX_CONCURRENCY)
    return chess::Error{where + ": 'concurrency' must be at most " + std::to_string(harness::MAX_CONCURRENCY) + ", got " +
                        std::to_string(s.concurrency)};
  if (s.cluster.shards > 0 && s.type != "games")
    return chess::Error{where + ": cluster: only games fitness is played on a cluster ('type' is '" + s.type + "')"};
  s.positions = relative_to(source, s.positions);
  if (!s.cluster.dir.empty()) s.cluster.dir = relative_to(source, s.cluster.dir);
  s.registry = relative_to(source, s.registry);
  s.openings = relative_to(source, s.openings);
  return true;
}

chess::Result<bool> read_validation(const json& doc, const std::string& source, ValidationSettings& s) {
  if (!doc.contains("validation")) return true;
  const json& v = doc["validation"];
  const std::string where = source + ": validation";
  if (!v.is_object()) return chess::Error{where + ": expected an object"};
  auto k = check_keys(v, where, {"games", "every", "tc", "concurrency"});
  if (!k) return k;
  auto r = first_error({read(v, "games", s.games, where), read(v, "every", s.every, where), read(v, "tc", s.tc, where),
                        read(v, "concurrency", s.concurrency, where)});
  if (!r) return r;
  if (s.games < 0 || s.games % 2 || s.every < 0 || s.concurrency < 1 || s.concurrency > harness::MAX_CONCURRENCY)
    return chess::Error{where +
                        ": 'games' must be even (0 turns validation off), 'every' not negative, 'concurrency' from 1 to " +
                        std::to_string(harness::MAX_CONCURRENCY)};
  return true;
}

}  // namespace

int TunedWeight::nearest(double value) const {
  const double steps = std::round((value - min) / step);
  return std::clamp(min + int(steps) * step, min, max);
}

std::string TunedWeight::option_value(int value) const {
  if (type == "check") return value ? "true" : "false";
  if (type != "real") return std::to_string(value);
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", scale > 1 ? int(std::ceil(std::log10(double(scale)))) : 0, double(value) / scale);
  return text;
}

const nlohmann::json& TunerConfig::method_section(const std::string& method) const {
  static const json none;
  const auto found = method_sections.find(method);
  return found == method_sections.end() ? none : *found;
}

// The parameters as an array of objects: "parameters" as that array, or the frameworks' SPSA
// lines ("parameters" as one string of them, or "parameters_file" naming a file of them), kept
// in `c` to write the result in their form.
chess::Result<json> parameters_array(const json& doc, const std::string& source, TunerConfig& c) {
  if (doc.contains("parameters") == doc.contains("parameters_file"))
    return chess::Error{source + ": give 'parameters' (an array, or SPSA lines as one string) or 'parameters_file', one of them"};
  if (doc.contains("parameters") && doc["parameters"].is_array() && !doc["parameters"].empty()) return doc["parameters"];
  std::string text, where = source + ": parameters";
  if (doc.contains("parameters_file")) {
    if (!doc["parameters_file"].is_string()) return chess::Error{source + ": 'parameters_file' must be a file name"};
    where = relative_to(source, doc["parameters_file"].get<std::string>());
    auto read = chess::read_whole_file(where, "SPSA parameter lines", chess::MAX_JSON_FILE);
    if (!read) return chess::Error{source + ": parameters_file: " + read.error()};
    text = *read;
  } else if (doc["parameters"].is_string()) {
    text = doc["parameters"].get<std::string>();
  } else {
    return chess::Error{source + ": 'parameters' must be a non-empty array, or SPSA lines as one string"};
  }
  auto lines = parse_spsa_lines(text, where);
  CHESS_RETURN_IF_ERROR(lines);
  c.parameter_lines = *lines;
  if (doc.contains("parameters_file")) {  // the run keeps the lines it tuned, whatever becomes of the file
    json kept = doc;
    kept.erase("parameters_file");
    kept["parameters"] = text;
    c.source_text = kept.dump(2) + "\n";
  }
  return spsa_parameters_json(*lines);
}

chess::Result<TunerConfig> parse_common_config(const std::string& text, const std::string& source,
                                               const std::vector<std::string>& method_names) {
  auto parsed = json_input::parse(text, source);
  CHESS_RETURN_IF_ERROR(parsed);
  const json& doc = *parsed;
  if (!doc.is_object()) return chess::Error{source + ": expected a JSON object"};
  std::vector<std::string> keys{"name", "start_weights", "parameters", "parameters_file", "fitness", "validation"};
  keys.insert(keys.end(), method_names.begin(), method_names.end());
  CHESS_RETURN_IF_ERROR(check_keys(doc, source, keys));
  TunerConfig c;
  c.source_text = text;
  CHESS_RETURN_IF_ERROR(read(doc, "name", c.name, source));
  CHESS_RETURN_IF_ERROR(read(doc, "start_weights", c.start_weights, source));
  c.start_weights = relative_to(source, c.start_weights);
  auto listed = parameters_array(doc, source, c);
  CHESS_RETURN_IF_ERROR(listed);
  for (std::size_t i = 0; i < listed->size(); ++i) {
    const std::size_t before = c.weights.size();
    const std::string where = c.parameter_lines ? c.parameter_lines->source + ":" + std::to_string(c.parameter_lines->params[i].line)
                                                : source + ": parameters[" + std::to_string(i) + "]";
    auto r = add_parameter((*listed)[i], where, c);
    CHESS_RETURN_IF_ERROR(r);
    CHESS_RETURN_IF_ERROR(check_listed_once(c.weights, before, where));
    // OpenBench's int parameter of c_end 0: the least perturbation its c's floor allows.
    if (c.parameter_lines && c.parameter_lines->params[i].c_end == 0) c.weights.back().c_end = 1e-9;
  }
  for (const std::string& method : method_names)
    if (doc.contains(method)) c.method_sections[method] = doc[method];
  CHESS_RETURN_IF_ERROR(read_fitness(doc, source, c.fitness));
  CHESS_RETURN_IF_ERROR(read_validation(doc, source, c.validation));
  if (c.tunes_options() && c.fitness.type != "games")
    return chess::Error{
        source +
        ": fitness: UCI options are tuned by games: set 'type' to 'games' (texel fitness evaluates this engine's weights only)"};
  if (c.tunes_options() && !c.start_weights.empty())
    return chess::Error{source + ": 'start_weights' is for evaluation weights; give an option's starting value as its 'start'"};
  return c;
}

chess::Result<TunerConfig> load_common_config(const std::string& path, const std::vector<std::string>& method_names) {
  auto text = chess::read_whole_file(path, "tuner configuration", chess::MAX_JSON_FILE);
  if (!text) return chess::Error{text.error()};
  auto config = parse_common_config(*text, path, method_names);
  if (!config) return config;
  // Paths in the file are relative to the file's folder: say so when one leads nowhere.
  const std::pair<const char*, const std::string*> paths[] = {{"start_weights", &config->start_weights},
                                                              {"fitness.positions", &config->fitness.positions},
                                                              {"fitness.registry", &config->fitness.registry},
                                                              {"fitness.openings", &config->fitness.openings}};
  for (const auto& [key, resolved] : paths) {
    std::error_code ec;
    if (!resolved->empty() && !std::filesystem::exists(*resolved, ec))
      return chess::Error{path + ": '" + key + "' names " + *resolved +
                          ", which does not exist (paths in a tuner configuration are relative to the configuration's folder)"};
  }
  return config;
}

}  // namespace tuner
