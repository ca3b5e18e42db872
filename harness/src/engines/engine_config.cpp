#include "engine_config.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/nearest_names.h"
#include "engines/engine_text.h"
#include "json/json_input.h"
#include "settings/argument_files.h"
#include "settings/key_values.h"
#include "settings/stored_enum.h"
#include "text/control_characters.h"

namespace harness {

namespace fs = std::filesystem;

namespace {

// The per-engine limits read_engine_limit reads, in a registry entry and a spec alike.
const char* const LIMIT_KEYS[] = {"tc", "nodes", "depth", "movetime", "timemargin"};

std::string option_value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.dump();
}

// Makes a command path absolute against `base` when it names a file relative to it.
std::string resolve_command(const std::string& command, const fs::path& base) {
  if (command.empty() || command.find('/') == std::string::npos) return command;  // a bare name: looked up on PATH
  fs::path p(command);
  if (p.is_relative()) p = base / p;
  return p.lexically_normal().string();
}

// A limit given to an engine that cannot take it, or two limits at once.
chess::Result<bool> check_limits(const EngineConfig& c, const std::string& where, int limits_given) {
  if (limits_given > 1) return chess::Error{where + ": give only one of tc, nodes, depth and movetime"};
  if (c.limit && c.limit->kind == TimeControl::Kind::NODES && c.protocol == Protocol::XBOARD)
    return chess::Error{where + ": nodes= is for UCI engines ('" + c.name + "' speaks xboard, which has no node limit)"};
  return true;
}

// The keys of an entry built from git.
const char* const GIT_KEYS[] = {"repo", "ref", "build", "make_path", "compiler", "network", "bench"};

// "repo", "ref", the build's keys and "bench" of an entry built from git, if it has them; a
// relative repository or network file is taken from the registry's folder.
chess::Result<std::optional<GitSource>> git_source_from_json(const nlohmann::json& e, const std::string& at,
                                                             const fs::path& base) {
  if (std::none_of(std::begin(GIT_KEYS), std::end(GIT_KEYS), [&](const char* key) { return e.contains(key); }))
    return std::optional<GitSource>{};
  for (const char* key : GIT_KEYS)
    if (e.contains(key) && !e[key].is_string()) return chess::Error{at + ": '" + key + "' must be a string"};
  if (!e.contains("repo") || !e.contains("ref"))
    return chess::Error{at +
                        ": an engine built from git needs both 'repo' and 'ref' (the build's keys and 'bench' are optional)"};
  if (e.contains("command")) return chess::Error{at + ": give either 'command' or 'repo' and 'ref', not both"};
  GitSource g;
  fs::path repo(e["repo"].get<std::string>());
  g.repo = (repo.is_relative() ? base / repo : repo).lexically_normal().string();
  g.ref = e["ref"].get<std::string>();
  from_json(e, g.build);
  g.build.normalize();
  if (!g.build.network.empty()) g.build.network = (base / g.build.network).lexically_normal().string();
  if (e.contains("bench")) g.bench = e["bench"].get<std::string>();
  if (const SettingProblems p = g.build.problems(); !p.empty()) return chess::Error{at + ": " + p.describe(json_key_spelling)};
  return std::optional<GitSource>{g};
}

chess::Result<EngineConfig> engine_from_json(const nlohmann::json& e, const std::string& where, const fs::path& base) {
  static const std::vector<std::string> KEYS = {
      "name",  "command",  "args",       "working_dir", "protocol", "proto", "options",   "init",     "tc",      "nodes",
      "depth", "movetime", "timemargin", "repo",        "ref",      "build", "make_path", "compiler", "network", "bench"};
  CHESS_RETURN_IF_ERROR(json_input::check_keys(e, where, KEYS));
  EngineConfig c;
  if (!e.contains("name") || !e["name"].is_string()) return chess::Error{where + ": missing string key 'name'"};
  c.name = e["name"].get<std::string>();
  const std::string at = where + " (" + c.name + ")";
  auto source = git_source_from_json(e, at, base);
  CHESS_RETURN_IF_ERROR(source);
  c.source = *source;
  if (!c.source) {
    if (!e.contains("command") || !e["command"].is_string())
      return chess::Error{at + ": missing string key 'command' (or 'repo' and 'ref' of a commit to build)"};
    c.command = resolve_command(e["command"].get<std::string>(), base);
  }
  if (e.contains("args")) {
    if (!e["args"].is_array()) return chess::Error{at + ": 'args' must be an array of strings"};
    for (const auto& a : e["args"]) {
      if (!a.is_string()) return chess::Error{at + ": 'args' must be an array of strings"};
      c.args.push_back(a.get<std::string>());
    }
  }
  if (e.contains("working_dir")) {
    if (!e["working_dir"].is_string()) return chess::Error{at + ": 'working_dir' must be a string"};
    fs::path dir(e["working_dir"].get<std::string>());
    c.working_dir = (dir.is_relative() ? base / dir : dir).lexically_normal().string();
  }
  // "proto", as an --engine spec spells it, is read too.
  if (const char* key = e.contains("proto") ? "proto" : "protocol"; e.contains(key)) {
    if (!e[key].is_string()) return chess::Error{at + ": '" + key + "' must be a string"};
    auto p = parse_protocol(e[key].get<std::string>(), at);
    CHESS_RETURN_IF_ERROR(p);
    c.protocol = *p;
  }
  if (e.contains("options")) {
    if (!e["options"].is_object()) return chess::Error{at + ": 'options' must be an object"};
    for (auto it = e["options"].begin(); it != e["options"].end(); ++it)
      c.options.emplace_back(it.key(), option_value_text(it.value()));
  }
  if (e.contains("init")) {
    if (!e["init"].is_array()) return chess::Error{at + ": 'init' must be an array of strings"};
    for (const auto& s : e["init"]) c.init_strings.push_back(s.is_string() ? s.get<std::string>() : s.dump());
  }
  if (const std::string problem = engine_text_problem(c); !problem.empty()) return chess::Error{at + ": " + problem};
  int limits = 0;
  for (const char* key : LIMIT_KEYS) {
    if (!e.contains(key)) continue;
    limits += std::string(key) != "timemargin";
    CHESS_RETURN_IF_ERROR(read_engine_limit(c, key, option_value_text(e[key]), at));
  }
  CHESS_RETURN_IF_ERROR(check_limits(c, at, limits));
  return c;
}

}  // namespace

const std::string* EngineConfig::option(const std::string& wanted) const {
  for (const auto& [key, value] : options)
    if (key == wanted) return &value;
  return nullptr;
}

void EngineConfig::set_option(const std::string& wanted, const std::string& value) {
  for (auto& [key, old] : options)
    if (key == wanted) {
      old = value;
      return;
    }
  options.emplace_back(wanted, value);
}

std::string protocol_name(Protocol p) { return p == Protocol::UCI ? "uci" : "xboard"; }

chess::Result<Protocol> parse_protocol(const std::string& text, const std::string& where) {
  if (text == "uci") return Protocol::UCI;
  if (text == "xboard" || text == "cecp") return Protocol::XBOARD;
  return chess::Error{where + ": protocol must be 'uci' or 'xboard', got '" + text + "'"};
}

chess::Result<bool> read_engine_limit(EngineConfig& c, const std::string& key, const std::string& value,
                                      const std::string& where) {
  if (auto limit = parse_limit(key, value)) {
    if (!*limit) return chess::Error{where + ": " + key + "=" + value + ": " + limit->error()};
    c.limit = **limit;
  } else if (key == "timemargin") {
    auto m = parse_time_margin(value);
    if (!m) return chess::Error{where + ": timemargin=" + value + ": " + m.error()};
    c.time_margin_ms = *m;
  } else {
    return false;
  }
  return true;
}

std::string engine_limit_spec(const TimeControl& limit) {
  switch (limit.kind) {
    case TimeControl::Kind::NODES: return "nodes=" + std::to_string(limit.nodes);
    case TimeControl::Kind::DEPTH: return "depth=" + std::to_string(limit.depth);
    case TimeControl::Kind::MOVETIME: {
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.3f", double(limit.movetime_ms) / 1000.0);
      return std::string("movetime=") + seconds;
    }
    case TimeControl::Kind::CLOCK: break;
  }
  return "tc=" + limit.describe();
}

std::string engine_limits_text(const EngineConfig& c) {
  std::string out = c.limit ? engine_limit_spec(*c.limit) : "";
  if (c.time_margin_ms) out += (out.empty() ? "" : " ") + std::string("timemargin=") + std::to_string(*c.time_margin_ms);
  return out;
}

chess::Result<EngineRegistry> EngineRegistry::load(const std::string& path) {
  auto loaded = json_input::load(path, "engine registry");
  CHESS_RETURN_IF_ERROR(loaded);
  const nlohmann::json& doc = *loaded;
  CHESS_RETURN_IF_ERROR(json_input::check_keys(doc, path, {"engines"}));
  if (!doc.contains("engines") || !doc["engines"].is_array()) return chess::Error{path + ": expected an 'engines' array"};
  EngineRegistry reg;
  reg.path_ = path;
  fs::path base = fs::absolute(fs::path(path)).parent_path();
  for (std::size_t i = 0; i < doc["engines"].size(); ++i) {
    auto c = engine_from_json(doc["engines"][i], path + ": engines[" + std::to_string(i) + "]", base);
    CHESS_RETURN_IF_ERROR(c);
    for (const EngineConfig& other : reg.engines_)
      if (other.name == c->name) return chess::Error{path + ": engine name '" + c->name + "' appears twice"};
    reg.engines_.push_back(*c);
  }
  return reg;
}

chess::Result<EngineConfig> EngineRegistry::find(const std::string& name) const {
  std::vector<std::string> names;
  for (const EngineConfig& c : engines_) {
    if (c.name == name) return c;
    names.push_back(c.name);
  }
  std::string hint;
  for (const std::string& n : chess::nearest_names(name, names, 3)) hint += (hint.empty() ? "" : ", ") + n;
  return chess::Error{"no engine named '" + escaped_controls(name) + "' in " + path_ + (hint.empty() ? "" : "; nearest: " + hint)};
}

namespace {

using SpecWord = chess::Result<bool> (*)(EngineConfig&, const std::string& value);

// The keys of an engine spec, each with what it sets (limits and option.NAME are read after them).
const std::pair<const char*, SpecWord> SPEC_KEYS[] = {
    {"name", [](EngineConfig& c, const std::string& v) -> chess::Result<bool> { return c.name = v, true; }},
    {"cmd",
     [](EngineConfig& c, const std::string& v) -> chess::Result<bool> {
       c.command = v.find('/') != std::string::npos ? fs::absolute(v).lexically_normal().string() : v;
       return true;
     }},
    {"proto",
     [](EngineConfig& c, const std::string& v) -> chess::Result<bool> {
       auto p = parse_protocol(v, "--engine proto");
       CHESS_RETURN_IF_ERROR(p);
       return c.protocol = *p, true;
     }},
    {"dir", [](EngineConfig& c, const std::string& v) -> chess::Result<bool> { return c.working_dir = v, true; }},
    {"arg", [](EngineConfig& c, const std::string& v) -> chess::Result<bool> { return c.args.push_back(v), true; }},
    {"init", [](EngineConfig& c, const std::string& v) -> chess::Result<bool> { return c.init_strings.push_back(v), true; }},
};
// One word of an engine spec; false when the key is none of the spec's.
chess::Result<bool> apply_spec_word(EngineConfig& c, const KeyValue& kv, int& limits) {
  const std::string key = kv.key == "protocol" ? "proto" : kv.key;
  for (const auto& [name, set] : SPEC_KEYS)
    if (key == name) return set(c, kv.value);
  if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    c.options.emplace_back(key.substr(7), kv.value);
    return true;
  }
  auto limit = read_engine_limit(c, key, kv.value, "--engine");
  if (limit && *limit) limits += key != "timemargin";
  return limit;
}

std::vector<std::string> spec_key_names() {
  std::vector<std::string> names;
  for (const auto& [name, set] : SPEC_KEYS) names.emplace_back(name);
  names.emplace_back("option.NAME");
  names.insert(names.end(), std::begin(LIMIT_KEYS), std::end(LIMIT_KEYS));
  return names;
}

// Words [from, to) of a spec, each quoted back as one word whatever spaces it holds, applied to `c`.
chess::Result<bool> apply_spec_words(EngineConfig& c, const std::vector<ArgumentWord>& words, std::size_t from, std::size_t to,
                                     int& limits) {
  std::string text;
  for (std::size_t i = from; i < to; ++i) text += (text.empty() ? "" : " ") + quoted_word(words[i].text);
  auto parsed = parse_key_values("--engine", text, Repeats::ALLOWED);
  CHESS_RETURN_IF_ERROR(parsed);
  for (const KeyValue& kv : *parsed) {
    auto applied = apply_spec_word(c, kv, limits);
    CHESS_RETURN_IF_ERROR(applied);
    if (!*applied) return chess::Error{"--engine: unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, spec_key_names())};
  }
  return true;
}

// The error of the whole spec, with the argument file's line of the first word that fails alone
// when that word came from a file.
chess::Error spec_error(const chess::Error& error, const std::vector<ArgumentWord>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    EngineConfig probe;
    int limits = 0;
    if (!apply_spec_words(probe, words, i, i + 1, limits))
      return words[i].file.empty() ? error : in_argument_file(error, words, i, i + 1, "--engine");
  }
  return error;
}

}  // namespace

chess::Result<EngineConfig> parse_engine_spec(const std::string& spec) {
  // "@FILE" words first: the file's lines are words of the spec, quoted back as one word each.
  auto split = split_words("--engine", spec);
  CHESS_RETURN_IF_ERROR(split);
  auto expanded = expand_argument_words(*split, "--engine");
  CHESS_RETURN_IF_ERROR(expanded);
  EngineConfig c;
  int limits = 0;
  if (auto applied = apply_spec_words(c, *expanded, 0, expanded->size(), limits); !applied)
    return spec_error(chess::Error{applied.error()}, *expanded);
  if (c.command.empty()) return chess::Error{"--engine: missing cmd=PATH in '" + escaped_controls(spec) + "'"};
  CHESS_RETURN_IF_ERROR(check_limits(c, "--engine", limits));
  if (c.name.empty()) c.name = fs::path(c.command).filename().string();
  if (const std::string problem = engine_text_problem(c); !problem.empty())
    return chess::Error{"--engine '" + escaped_controls(c.name) + "': " + problem};
  return c;
}

std::string file_checksum(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::uint64_t h = 1469598103934665603ULL;
  char buf[65536];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      h ^= std::uint8_t(buf[i]);
      h *= 1099511628211ULL;
    }
    if (!in) break;
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

void to_json(nlohmann::json& j, const EngineConfig& e) {
  nlohmann::json options = nlohmann::json::array();
  for (const auto& [name, value] : e.options) options.push_back({name, value});
  j = {{"name", e.name},
       {"command", e.command},
       {"args", e.args},
       {"working_dir", e.working_dir},
       {"protocol", protocol_name(e.protocol)},
       {"options", options},
       {"init", e.init_strings}};
  if (const std::string limits = engine_limits_text(e); !limits.empty()) j["limits"] = limits;
  if (e.restart_each_game) j["restart"] = true;
}

void from_json(const nlohmann::json& j, EngineConfig& e) {
  j.at("name").get_to(e.name);
  j.at("command").get_to(e.command);
  j.at("args").get_to(e.args);
  j.at("working_dir").get_to(e.working_dir);
  e.protocol = stored_enum<Protocol>(j.at("protocol"), "protocol",
                                     [](const std::string& name) { return parse_protocol(name, "stored engine"); });
  for (const auto& kv : j.at("options")) e.options.emplace_back(kv.at(0), kv.at(1));
  j.at("init").get_to(e.init_strings);
  e.restart_each_game = j.value("restart", false);
  if (!j.contains("limits")) return;
  const std::string where = "engine '" + e.name + "' limits";
  auto words = parse_key_values(where, j.at("limits").get<std::string>());
  if (!words) throw StoredValueError(words.error());
  for (const KeyValue& kv : *words) {
    auto read = read_engine_limit(e, kv.key, kv.value, where);
    if (!read || !*read) throw StoredValueError(where + ": '" + kv.key + "' unreadable");
  }
}

}  // namespace harness
