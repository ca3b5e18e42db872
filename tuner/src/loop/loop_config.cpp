#include "loop/loop_config.h"

#include <filesystem>

#include "core/bounded_read.h"
#include "fitness/tuned_engines.h"
#include "formats/format_table.h"
#include "json/json_input.h"
#include "network_training/training_config.h"
#include "run/match_config.h"
#include "text/control_characters.h"

namespace tuner {

namespace {

using json_input::in_range;
using json_input::json;

// The keys of "training" the loop sets itself, one generation at a time.
constexpr const char* LOOP_TRAINING_KEYS[] = {"name", "data", "start_from"};

chess::Result<bool> read_datagen(const json& obj, LoopDatagen& d, const std::string& where) {
  CHESS_RETURN_IF_ERROR(json_input::check_keys(
      obj, where, {"games", "positions", "nodes", "random_plies", "seed", "concurrency", "resign", "maxmoves"}));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "games", d.games, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "positions", d.positions, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "nodes", d.nodes, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "random_plies", d.random_plies, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "seed", d.seed, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "concurrency", d.concurrency, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "resign", d.resign, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "maxmoves", d.maxmoves, where));
  CHESS_RETURN_IF_ERROR(in_range(d.games, 2, 10'000'000, where, "games"));
  CHESS_RETURN_IF_ERROR(in_range(double(d.positions), 0, double(harness::MAX_POSITIONS), where, "positions"));
  CHESS_RETURN_IF_ERROR(in_range(d.nodes, 1, 1e9, where, "nodes"));
  CHESS_RETURN_IF_ERROR(in_range(d.random_plies, 0, 40, where, "random_plies"));
  CHESS_RETURN_IF_ERROR(in_range(d.concurrency, 1, 256, where, "concurrency"));
  CHESS_RETURN_IF_ERROR(in_range(d.maxmoves, 0, 10000, where, "maxmoves"));
  if (!d.resign.empty()) {
    auto rules = harness::parse_resign(d.resign, d.adjudication);
    if (!rules) return chess::Error{where + ": 'resign': " + rules.error()};
    d.adjudication = *rules;
  }
  d.adjudication.max_moves = d.maxmoves;
  return true;
}

chess::Result<LoopMatch> read_match(const json& obj, const std::string& where) {
  CHESS_RETURN_IF_ERROR(json_input::check_keys(obj, where, {"tc", "sprt", "games", "openings", "concurrency"}));
  LoopMatch m;
  std::string sprt;
  if (!obj.contains("tc")) return chess::Error{where + ": missing 'tc' (a clock such as \"5+0.05\", or \"nodes=5000\")"};
  CHESS_RETURN_IF_ERROR(json_input::require(obj, "tc", m.limit_text, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "sprt", sprt, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "games", m.games, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "openings", m.openings, where));
  CHESS_RETURN_IF_ERROR(json_input::read(obj, "concurrency", m.concurrency, where));
  auto limit = harness::parse_time_control(m.limit_text);
  if (!limit) return chess::Error{where + ": 'tc': " + limit.error()};
  m.limit = *limit;
  if (!sprt.empty()) {
    auto parsed = harness::parse_sprt(sprt, where + ": 'sprt'");
    CHESS_RETURN_IF_ERROR(parsed);
    m.sprt = *parsed;
  }
  CHESS_RETURN_IF_ERROR(in_range(m.games, 2, 1'000'000, where, "games"));
  if (m.games % 2 != 0)
    return chess::Error{where + ": 'games' must be even (the games are played in pairs), got " + std::to_string(m.games)};
  CHESS_RETURN_IF_ERROR(in_range(m.concurrency, 1, 256, where, "concurrency"));
  return m;
}

// "training" as tuner nnue reads it, with a stand-in data file: its errors now, not in a
// later generation.
chess::Result<bool> check_training(const json& training, const std::string& where) {
  if (!training.is_object())
    return chess::Error{where + ": must be an object of tuner nnue's keys, got " + json_input::quoted(training)};
  for (const char* key : LOOP_TRAINING_KEYS)
    if (training.contains(key)) return chess::Error{where + ": '" + key + "' is set by the loop for each generation"};
  if (training.contains("filters") && training.at("filters").is_object() && training.at("filters").contains("min_ply") &&
      training.at("filters").at("min_ply") != 0)
    return chess::Error{where + ": filters: 'min_ply' must be 0: the loop trains on its self-play exported as bulletformat, "
                        "which keeps no move number (harness positions --min-ply leaves the early plies out of an export)"};
  json probe = training;
  probe["data"] = json::array(
      {{{"path", "generation.bf"}, {"format", formats::position_format_name(formats::PositionFormat::BULLETFORMAT)}}});
  auto parsed = parse_training_config(probe.dump(), where);
  CHESS_RETURN_IF_ERROR(parsed);
  return true;
}

// "network_by": "option", or "build" for an engine the registry builds from git with OpenBench's
// make, which takes the network as EVALFILE=.
chess::Result<NetworkBy> read_network_by(const json& j, const harness::EngineConfig& engine, const std::string& source) {
  std::string by = "option";
  CHESS_RETURN_IF_ERROR(json_input::read(j, "network_by", by, source));
  if (by == "option") return NetworkBy::OPTION;
  if (by != "build")
    return chess::Error{source + ": 'network_by' must be \"option\" or \"build\", got " + json_input::quoted(by)};
  if (!engine.source)
    return chess::Error{source + ": 'network_by': \"build\" needs an engine of the registry built from git ('repo' and 'ref'); '" +
                        engine.name + "' is a command"};
  if (engine.source->build.custom())
    return chess::Error{source + ": 'network_by': \"build\" gives the network as EVALFILE= to OpenBench's make; '" + engine.name +
                        "' has a build command of its own"};
  return NetworkBy::BUILD;
}

chess::Result<bool> read_engine(const json& j, LoopConfig& c, const std::string& source, const std::string& default_registry) {
  std::string engine, registry = default_registry;
  if (!j.contains("engine")) return chess::Error{source + ": missing 'engine' (a registry name or \"name=X cmd=PATH ...\")"};
  CHESS_RETURN_IF_ERROR(json_input::require(j, "engine", engine, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "registry", registry, source));
  auto found = find_engine(engine, registry);
  if (!found) return chess::Error{source + ": 'engine': " + found.error()};
  if (found->protocol != harness::Protocol::UCI)
    return chess::Error{source + ": 'engine': '" + engine + "' must speak UCI to take a network by an option"};
  c.engine = *found;
  auto by = read_network_by(j, c.engine, source);
  CHESS_RETURN_IF_ERROR(by);
  c.network_by = *by;
  CHESS_RETURN_IF_ERROR(json_input::read(j, "network_option", c.network_option, source));
  if (c.network_option.empty()) return chess::Error{source + ": 'network_option' must name the engine's UCI option"};
  if (harness::has_control_character(c.network_option))  // it goes to the engine in a setoption line
    return chess::Error{source + ": 'network_option': \"" + harness::escaped_controls(c.network_option) +
                        "\" holds a control character; an option's name is one printable line"};
  CHESS_RETURN_IF_ERROR(json_input::read(j, "first_network", c.first_network, source));
  return true;
}

chess::Result<bool> read_generations(const json& j, LoopConfig& c, const std::string& source) {
  std::string train_from = "scratch";
  CHESS_RETURN_IF_ERROR(json_input::read(j, "generations", c.generations, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "data_window", c.data_window, source));
  CHESS_RETURN_IF_ERROR(json_input::read(j, "train_from", train_from, source));
  CHESS_RETURN_IF_ERROR(in_range(c.generations, 1, 1000, source, "generations"));
  CHESS_RETURN_IF_ERROR(in_range(c.data_window, 1, 1000, source, "data_window"));
  if (train_from != "scratch" && train_from != "parent")
    return chess::Error{source + ": 'train_from' must be \"scratch\" or \"parent\", got " + json_input::quoted(train_from)};
  c.train_from_parent = train_from == "parent";
  return true;
}

}  // namespace

harness::EngineConfig LoopConfig::engine_with(const std::string& network, const std::string& label) const {
  harness::EngineConfig e = engine;
  e.name = label;
  if (network.empty()) return e;
  if (network_by == NetworkBy::BUILD)
    e.source->build.network = std::filesystem::absolute(network).lexically_normal().string();
  else
    e.set_option(network_option, network);
  return e;
}

std::string LoopConfig::training_text(const std::string& network_name, const std::vector<std::string>& data_files,
                                      const std::string& start_from) const {
  json t = training;
  t["name"] = network_name;
  t["data"] = json::array();
  for (const std::string& f : data_files)
    t["data"].push_back({{"path", f}, {"format", formats::position_format_name(formats::PositionFormat::BULLETFORMAT)}});
  if (!start_from.empty()) t["start_from"] = start_from;
  return t.dump();
}

chess::Result<LoopConfig> parse_loop_config(const std::string& json_text, const std::string& source,
                                            const std::string& default_registry) {
  auto parsed = json_input::parse(json_text, source);
  CHESS_RETURN_IF_ERROR(parsed);
  const json& j = *parsed;
  CHESS_RETURN_IF_ERROR(json_input::check_keys(j, source,
                                               {"name", "engine", "registry", "network_by", "network_option", "first_network", "generations",
                                                "data_window", "train_from", "datagen", "training", "gate", "measure"}));
  LoopConfig c;
  c.source_text = json_text;
  CHESS_RETURN_IF_ERROR(json_input::read(j, "name", c.name, source));
  CHESS_RETURN_IF_ERROR(read_engine(j, c, source, default_registry));
  CHESS_RETURN_IF_ERROR(read_generations(j, c, source));
  if (j.contains("datagen")) CHESS_RETURN_IF_ERROR(read_datagen(j.at("datagen"), c.datagen, source + ": datagen"));
  if (!j.contains("training")) return chess::Error{source + ": missing 'training' (tuner nnue's settings)"};
  c.training = j.at("training");
  CHESS_RETURN_IF_ERROR(check_training(c.training, source + ": training"));
  if (!j.contains("gate")) return chess::Error{source + ": missing 'gate' (the match a candidate must pass)"};
  auto gate = read_match(j.at("gate"), source + ": gate");
  CHESS_RETURN_IF_ERROR(gate);
  c.gate = *gate;
  if (j.contains("measure")) {
    auto measure = read_match(j.at("measure"), source + ": measure");
    CHESS_RETURN_IF_ERROR(measure);
    if (measure->sprt) return chess::Error{source + ": measure: a fixed number of games, without 'sprt'"};
    c.measure = *measure;
  }
  return c;
}

chess::Result<LoopConfig> load_loop_config(const std::string& path, const std::string& default_registry) {
  auto text = chess::read_whole_file(path, "loop configuration", chess::MAX_JSON_FILE);
  CHESS_RETURN_IF_ERROR(text);
  return parse_loop_config(*text, path, default_registry);
}

}  // namespace tuner
