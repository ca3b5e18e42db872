#include "frontends/engine_keys.h"

#include <algorithm>
#include <filesystem>

#include "core/nearest_names.h"
#include "engines/engine_text.h"
#include "frontends/option_words.h"
#include "text/control_characters.h"

namespace harness::frontend {

namespace {

namespace fs = std::filesystem;

// A limit key's value through the one reader of limits (time_control.h).
chess::Result<TimeControl> limit_of(const std::string& key, const std::string& value, const std::string& at) {
  auto limit = *parse_limit(key, value);
  if (!limit) return chess::Error{at + "=" + value + ": " + limit.error()};
  return *limit;
}

// "[moves/]base[+inc]", "inf" (an infinite clock, which needs nodes= or depth=), "moves/inf".
chess::Result<bool> clock(EngineDraft& e, const std::string& value, const std::string& at) {
  if (value.find("hg") != std::string::npos)
    return chess::Error{at + "=" + value + ": hourglass time controls are not supported"};
  const std::size_t slash = value.find('/');
  if (value == "inf" || value == "infinite" || (slash != std::string::npos && value.substr(slash + 1) == "inf")) {
    e.clock.reset();
    e.infinite = true;
    return true;
  }
  auto tc = limit_of("tc", value, at);
  CHESS_RETURN_IF_ERROR(tc);
  e.clock = *tc;
  e.infinite = false;
  return true;
}

// st= is seconds a move, "0.1" or "0.1s".
chess::Result<bool> move_time(EngineDraft& e, const std::string& value, const std::string& at) {
  const std::string seconds = !value.empty() && value.back() == 's' ? value.substr(0, value.size() - 1) : value;
  auto limit = limit_of("movetime", seconds, at);
  CHESS_RETURN_IF_ERROR(limit);
  e.search = *limit;
  return true;
}

chess::Result<bool> command(EngineDraft& e, const std::string& v, const std::string&) { return e.cmd = v, true; }
chess::Result<bool> name(EngineDraft& e, const std::string& v, const std::string&) { return e.config.name = v, true; }
chess::Result<bool> folder(EngineDraft& e, const std::string& v, const std::string&) { return e.dir = v, true; }

chess::Result<bool> protocol(EngineDraft& e, const std::string& v, const std::string& at) {
  auto p = parse_protocol(v, at);
  CHESS_RETURN_IF_ERROR(p);
  e.config.protocol = *p;
  return true;
}

chess::Result<bool> nodes(EngineDraft& e, const std::string& v, const std::string& at) { return fixed_search(e, "nodes", v, at); }

chess::Result<bool> time_margin(EngineDraft& e, const std::string& v, const std::string& at) {
  auto m = parse_time_margin(v);
  if (!m) return chess::Error{at + "=" + v + ": " + m.error()};
  e.config.time_margin_ms = *m;
  return true;
}

chess::Result<bool> restart(EngineDraft& e, const std::string& v, const std::string& at) {
  if (v != "on" && v != "off" && v != "auto") return chess::Error{at + "=" + v + ": expected on, off or auto"};
  e.config.restart_each_game = v == "on";
  return true;
}

const std::vector<EngineKeyRow>& shared_key_rows() {
  static const std::vector<EngineKeyRow> rows = {
      {"cmd", "COMMAND", "the engine's program (a path, or a name looked up on PATH)", command},
      {"name", "NAME", "its name in the output and the PGN (default: the command's file name)", name},
      {"dir", "DIR", "the folder it runs in", folder},
      {"proto", "uci|xboard", "its protocol", protocol},
      {"tc", "[MOVES/]SECONDS[+INC]|inf", "its clock", clock},
      {"st", "SECONDS", "a fixed time a move", move_time},
      {"nodes", "N", "a fixed number of nodes a move", nodes},
      {"timemargin", "MS", "how late a move may come before it loses on time", time_margin},
      {"restart", "on|off|auto", "on: a new process for every game (off, auto: kept between games)", restart},
      {"option.NAME", "VALUE", "an engine option (any name, spaces included)", nullptr},
      refused_key("ponder", "pondering is a run setting here (harness match --ponder)"),
  };
  return rows;
}

const char* const OPTION_PREFIX = "option.";

// option.NAME=VALUE: both go to the engine inside one line ("setoption name NAME value VALUE"),
// so neither may hold a control character (engines/engine_text.h).
chess::Result<bool> draft_option(EngineDraft& e, const std::string& option, const std::string& value, const std::string& where) {
  const std::string at = where + " " + OPTION_PREFIX + escaped_controls(option);
  if (const std::string problem = engine_line_problem(option); !problem.empty())
    return chess::Error{at + ": the name " + problem};
  if (const std::string problem = engine_line_problem(value); !problem.empty())
    return chess::Error{at + ": the value " + quoted_engine_text(value) + " " + problem};
  e.config.set_option(option, value);
  return true;
}

}  // namespace

const EngineKeyRow& shared_engine_key(std::string_view key) {
  const auto& rows = shared_key_rows();
  static const EngineKeyRow not_shared = refused_key("?", "not a key both programs have");
  auto it = std::find_if(rows.begin(), rows.end(), [&](const EngineKeyRow& r) { return key == r.key; });
  return it != rows.end() ? *it : not_shared;
}

chess::Result<bool> fixed_search(EngineDraft& e, const std::string& key, const std::string& value, const std::string& at) {
  auto limit = limit_of(key, value, at);
  CHESS_RETURN_IF_ERROR(limit);
  e.search = *limit;
  return true;
}

chess::Result<bool> apply_engine_key(const std::vector<EngineKeyRow>& rows, EngineDraft& e, const KeyValue& kv,
                                     const std::string& where) {
  const std::string at = where + " " + kv.key;
  if (kv.key.rfind(OPTION_PREFIX, 0) == 0 && kv.key.size() > std::string(OPTION_PREFIX).size())
    return draft_option(e, kv.key.substr(std::string(OPTION_PREFIX).size()), kv.value, where);
  std::vector<std::string> known;
  for (const EngineKeyRow& row : rows) {
    if (row.apply) known.emplace_back(row.key);
    if (kv.key != row.key) continue;
    if (!row.apply) return chess::Error{at + ": not supported: " + row.help};
    return row.apply(e, kv.value, at);
  }
  return chess::Error{where + ": unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, known)};
}

chess::Result<EngineConfig> finish_engine(EngineDraft e, const std::string& where) {
  if (e.cmd.empty()) return chess::Error{where + ": missing cmd="};
  fs::path cmd = e.cmd;
  if (!e.dir.empty() && cmd.is_relative() && e.cmd.find('/') != std::string::npos) cmd = fs::path(e.dir) / cmd;
  if (e.cmd.find('/') != std::string::npos) {
    std::error_code ec;
    if (!fs::exists(cmd, ec)) return chess::Error{where + ": engine binary does not exist: " + cmd.string()};
    auto absolute = absolute_path(where + " cmd", cmd.string());
    CHESS_RETURN_IF_ERROR(absolute);
    cmd = *absolute;
  }
  e.config.command = cmd.string();
  if (!e.dir.empty()) {
    auto dir = absolute_path(where + " dir", e.dir);
    CHESS_RETURN_IF_ERROR(dir);
    e.config.working_dir = *dir;
  }
  if (e.config.name.empty()) e.config.name = fs::path(e.cmd).stem().string();
  if (e.clock && e.search)
    return chess::Error{where + ": tc= together with st=, nodes= or depth= is not supported (one limit per engine)"};
  if (e.clock)
    e.config.limit = *e.clock;
  else if (e.search)
    e.config.limit = *e.search;
  else if (!e.infinite)
    return chess::Error{where + " '" + e.config.name + "': no time control (give tc=, st=, nodes= or depth=)"};
  else
    return chess::Error{where + " '" + e.config.name + "': tc=inf needs nodes= or depth="};
  return e.config;
}

}  // namespace harness::frontend
