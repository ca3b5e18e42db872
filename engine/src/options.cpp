#include "options.h"

#include <algorithm>
#include <charconv>

#include "eval/params.h"
#include "search/search_params.h"
#include "search/versions.h"

namespace engine {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Parses an integer option value within [min, max], or returns an error message.
std::string parse_spin(const std::string& name, const std::string& value, int min, int max, int& out) {
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), out);
  if (ec != std::errc() || ptr != value.data() + value.size()) return "option " + name + " needs an integer, got '" + value + "'";
  if (out < min || out > max) return "option " + name + " must be from " + std::to_string(min) + " to " + std::to_string(max);
  return {};
}

// The engine's own options: the table, threads, version, evaluation, contempt, time, variant, log.
void add_engine_options(std::vector<UciOption>& list) {
  list.push_back({"Hash", "spin", "16", 1, 65536, {}, [](EngineState& e, const std::string& v) {
                    int mb = 0;
                    std::string err = parse_spin("Hash", v, 1, 65536, mb);
                    if (err.empty()) e.searcher().set_hash_mb(std::size_t(mb));
                    return err;
                  }});
  // The search runs on one thread; the option is declared so that frameworks that always set it
  // (fishtest, OpenBench: option.Threads=1) get an answer, and a value above 1 is refused by its bounds.
  list.push_back({"Threads", "spin", "1", 1, 1, {}, [](EngineState&, const std::string& v) {
                    int threads = 0;
                    return parse_spin("Threads", v, 1, 1, threads);
                  }});
  list.push_back({"Clear Hash", "button", "", 0, 0, {}, [](EngineState& e, const std::string&) {
                    e.searcher().new_game();
                    return std::string();
                  }});
  std::vector<std::string> names;
  for (const search::Version& v : search::versions()) names.emplace_back(v.name);
  list.push_back({"Version", "combo", "dev", 0, 0, names, [](EngineState& e, const std::string& v) { return e.set_version(v); }});
  // A network file (nnue/layout.h) or a weights JSON; empty (or <empty>): the hand-written evaluation;
  // <default>: the version's own (dev's built-in network).
  list.push_back({"EvalFile", "string", "<default>", 0, 0, {}, [](EngineState& e, const std::string& v) { return e.set_eval_file(v); }});
  // The architecture of EvalFile's network (nnue/architecture.h); empty: its manifest's, or the simple network.
  list.push_back({"EvalArch", "string", "<empty>", 0, 0, {}, [](EngineState& e, const std::string& v) { return e.set_eval_arch(v); }});
  list.push_back({"Contempt", "spin", "0", -200, 200, {}, [](EngineState& e, const std::string& v) {
                    int cp = 0;
                    std::string err = parse_spin("Contempt", v, -200, 200, cp);
                    if (err.empty()) e.searcher().set_contempt(cp);
                    return err;
                  }});
  list.push_back({"Move Overhead", "spin", "10", 0, 5000, {}, [](EngineState& e, const std::string& v) {
                    int ms = 0;
                    std::string err = parse_spin("Move Overhead", v, 0, 5000, ms);
                    if (err.empty()) e.searcher().set_move_overhead(ms);
                    return err;
                  }});
  // The engine ponders when the GUI sends "go ponder"; the option only tells the GUI it may.
  list.push_back({"Ponder", "check", "false", 0, 0, {}, [](EngineState&, const std::string& v) {
                    return v == "true" || v == "false" ? std::string() : std::string("option Ponder needs true or false");
                  }});
  list.push_back({"UCI_Chess960", "check", "false", 0, 0, {}, [](EngineState& e, const std::string& v) {
                    if (v != "true" && v != "false") return std::string("option UCI_Chess960 needs true or false");
                    e.set_variant(v == "true" ? chess::Variant::FISCHERANDOM : chess::Variant::STANDARD);
                    return std::string();
                  }});
  list.push_back({"Debug Log", "check", "false", 0, 0, {}, [](EngineState& e, const std::string& v) {
                    if (v != "true" && v != "false") return std::string("option Debug Log needs true or false");
                    e.set_debug_log(v == "true");
                    return std::string();
                  }});
}

// Every scalar evaluation weight, so external tuners can set it.
void add_eval_weight_options(std::vector<UciOption>& list) {
  const auto& params = eval::param_list();
  for (std::size_t i = 0; i < params.size(); ++i) {
    const eval::ParamInfo info = params[i];
    if (info.is_table) continue;
    int def = *eval::param_data(eval::dev_params(), i);  // dev is the engine's default version
    list.push_back({std::string(info.name),
                    "spin",
                    std::to_string(def),
                    info.min,
                    info.max,
                    {},
                    [info, i](EngineState& e, const std::string& v) {
                      int value = 0;
                      std::string err = parse_spin(std::string(info.name), v, info.min, info.max, value);
                      if (!err.empty()) return err;
                      eval::EvalParams p = e.searcher().params();
                      *eval::param_data(p, i) = value;
                      e.set_weights(p);
                      return std::string();
                    }});
  }
}

// Every search margin and reduction constant (search/search_params.h).
void add_search_param_options(std::vector<UciOption>& list) {
  for (const search::SearchParamInfo& info : search::search_param_list()) {
    list.push_back({std::string(info.name),
                    "spin",
                    std::to_string(search::SearchParams{}.*info.field),
                    info.min,
                    info.max,
                    {},
                    [info](EngineState& e, const std::string& v) {
                      int value = 0;
                      std::string err = parse_spin(std::string(info.name), v, info.min, info.max, value);
                      if (!err.empty()) return err;
                      search::SearchParams p = e.searcher().search_params();
                      p.*info.field = value;
                      e.searcher().set_search_params(p);
                      return std::string();
                    }});
  }
}

std::vector<UciOption> build() {
  std::vector<UciOption> list;
  add_engine_options(list);
  add_eval_weight_options(list);
  add_search_param_options(list);
  return list;
}

}  // namespace

const std::vector<UciOption>& uci_options() {
  static const std::vector<UciOption> list = build();
  return list;
}

std::string describe(const UciOption& o) {
  std::string s = "option name " + o.name + " type " + o.type;
  if (o.type == "button") return s;
  s += " default " + o.default_value;
  if (o.type == "spin") s += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  for (const std::string& v : o.vars) s += " var " + v;
  return s;
}

const UciOption* find_option(const std::string& name) {
  for (const UciOption& o : uci_options())
    if (lower(o.name) == lower(name)) return &o;
  return nullptr;
}

}  // namespace engine
