#include "frontends/foreign_run.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "json/json_input.h"
#include "core/bounded_read.h"
#include "core/nearest_names.h"
#include "process/executable_path.h"
#include "settings/key_values.h"
#include "text/comma_list.h"
#include "text/control_characters.h"

namespace harness {

namespace {

namespace fs = std::filesystem;

struct Flag {
  std::string name;
  std::vector<std::string> params;
};

bool starts_flag(const std::string& token) {
  return token.size() > 1 && token[0] == '-' && !std::isdigit(static_cast<unsigned char>(token[1])) && token[1] != '.';
}

// Every token after a flag up to the next flag is its parameter, as both programs read them.
chess::Result<std::vector<Flag>> split_flags(const std::vector<std::string>& args) {
  std::vector<Flag> flags;
  for (const std::string& a : args) {
    if (starts_flag(a)) {
      flags.push_back({a.rfind("--", 0) == 0 ? a.substr(1) : a, {}});
    } else {
      if (flags.empty()) return chess::Error{"'" + a + "' is not an option (options start with '-')"};
      flags.back().params.push_back(a);
    }
  }
  return flags;
}

chess::Result<std::vector<KeyValue>> key_values(const Flag& f) {
  std::vector<KeyValue> out;
  for (const std::string& p : f.params) {
    const std::size_t eq = p.find('=');
    if (is_button_press(p)) {
      out.push_back({p, ""});
      continue;
    }
    if (eq == std::string::npos || eq == 0) return chess::Error{f.name + ": expected key=value, got '" + p + "'"};
    out.push_back({p.substr(0, eq), p.substr(eq + 1)});
  }
  return out;
}

template <typename T>
chess::Result<T> number(const std::string& where, const std::string& text) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return chess::Error{where + ": '" + text + "' is not a valid number"};
  return value;
}

chess::Result<bool> boolean(const std::string& where, const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  return chess::Error{where + ": expected true or false, got '" + text + "'"};
}

// Which front ends have an option or an engine key.
enum DialectSet : unsigned { FASTCHESS_ONLY = 1, CUTECHESS_ONLY = 2, BOTH = 3 };

bool in(unsigned set, Dialect d) { return (set & (d == Dialect::FASTCHESS ? FASTCHESS_ONLY : CUTECHESS_ONLY)) != 0; }

// What follows an option: checked before its handler runs.
enum class Arity { NONE, ONE, OPTIONAL_ONE, SOME, KEY_VALUES, ANY };

chess::Result<bool> check_arity(const Flag& f, Arity arity) {
  const std::size_t n = f.params.size();
  switch (arity) {
    case Arity::NONE:
      if (n) return chess::Error{f.name + ": takes no value, got '" + f.params[0] + "'"};
      break;
    case Arity::ONE:
      if (n != 1) return chess::Error{f.name + ": expects exactly one value"};
      break;
    case Arity::OPTIONAL_ONE:
      if (n > 1) return chess::Error{f.name + ": expects at most one value"};
      break;
    case Arity::SOME:
      if (n == 0) return chess::Error{f.name + ": expects a value"};
      break;
    case Arity::KEY_VALUES:
      for (const std::string& p : f.params)
        if ((p.find('=') == std::string::npos && !is_button_press(p)) || p[0] == '=')
          return chess::Error{f.name + ": expected key=value, got '" + p + "'"};
      break;
    case Arity::ANY: break;
  }
  return true;
}

// `value`, a path given after `at`, made absolute and normal; an empty one is an error naming
// `at` (std::filesystem::absolute throws on it, and on a working folder that was removed).
chess::Result<std::string> absolute_path(const std::string& at, const std::string& value) {
  if (value.empty()) return chess::Error{at + ": expects a path, got nothing"};
  std::error_code ec;
  const fs::path path = fs::absolute(value, ec);
  if (ec) return chess::Error{at + ": " + value + ": " + ec.message()};
  return path.lexically_normal().string();
}

// One -engine or -each as it is read, before its limit is settled.
struct EngineDraft {
  EngineConfig config;
  std::optional<TimeControl> clock;   // tc=
  bool infinite = false;              // tc=inf
  std::optional<TimeControl> search;  // st=, nodes=, depth=
  std::string cmd, dir;
  std::string stderr_file;  // cutechess-cli's stderr=FILE
};

chess::Result<bool> apply_engine_key(Dialect d, EngineDraft& e, const KeyValue& kv, const std::string& where);

// cutechess-cli's conf=NAME: the engine of that name in engines.json (in the current folder),
// as Cute Chess writes it: command, name, workingDirectory, protocol, initStrings, stderrFile,
// restart and options (each {"name", "value"}); the keys a line gives later override it.
chess::Result<bool> engine_conf(EngineDraft& e, const std::string& name, const std::string& at) {
  const std::string file = "engines.json";
  auto contents = chess::read_whole_file(file, "engines.json", chess::MAX_JSON_FILE);
  if (!contents) return chess::Error{at + "=" + name + ": " + file + ": " + contents.error()};
  auto parsed = json_input::parse(*contents, file);
  if (!parsed) return chess::Error{at + "=" + name + ": " + parsed.error()};
  const nlohmann::json& all = *parsed;
  if (!all.is_array()) return chess::Error{at + "=" + name + ": " + file + " is not a JSON array of engines"};
  for (const nlohmann::json& entry : all) {
    if (!entry.is_object() || !entry.contains("name") || entry["name"] != name) continue;
    std::vector<KeyValue> keys;
    auto text = [&](const char* json_key, const char* key) {
      if (entry.contains(json_key) && entry[json_key].is_string()) keys.push_back({key, entry[json_key].get<std::string>()});
    };
    text("command", "cmd");
    text("name", "name");
    text("workingDirectory", "dir");
    text("protocol", "proto");
    text("stderrFile", "stderr");
    text("restart", "restart");
    const nlohmann::json none = nlohmann::json::array();
    const nlohmann::json& inits = entry.contains("initStrings") && entry["initStrings"].is_array() ? entry["initStrings"] : none;
    const nlohmann::json& options = entry.contains("options") && entry["options"].is_array() ? entry["options"] : none;
    for (const nlohmann::json& s : inits)
      if (s.is_string()) keys.push_back({"initstr", s.get<std::string>()});
    for (const nlohmann::json& o : options)
      if (o.is_object() && o.contains("name") && o["name"].is_string() && o.contains("value"))
        keys.push_back({"option." + o["name"].get<std::string>(),
                        o["value"].is_string() ? o["value"].get<std::string>() : o["value"].dump()});
    for (const KeyValue& kv : keys)
      if (!kv.value.empty()) CHESS_RETURN_IF_ERROR(apply_engine_key(Dialect::CUTECHESS, e, kv, at + "=" + name));
    return true;
  }
  return chess::Error{at + "=" + name + ": no engine of that name in " + file};
}

// A limit key's value through the one reader of limits (time_control.h).
chess::Result<TimeControl> limit_of(const std::string& key, const std::string& value, const std::string& at) {
  auto limit = *parse_limit(key, value);
  if (!limit) return chess::Error{at + "=" + value + ": " + limit.error()};
  return *limit;
}

// "[moves/]base[+inc]", "inf" (an infinite clock, which needs nodes= or depth=), "moves/inf".
chess::Result<bool> engine_tc(EngineDraft& e, const std::string& value, const std::string& at) {
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
chess::Result<bool> engine_st(EngineDraft& e, const std::string& value, const std::string& at) {
  const std::string seconds = !value.empty() && value.back() == 's' ? value.substr(0, value.size() - 1) : value;
  auto limit = limit_of("movetime", seconds, at);
  CHESS_RETURN_IF_ERROR(limit);
  e.search = *limit;
  return true;
}

chess::Result<bool> engine_fixed(EngineDraft& e, const std::string& key, const std::string& value, const std::string& at) {
  auto limit = limit_of(key, value, at);
  CHESS_RETURN_IF_ERROR(limit);
  e.search = *limit;
  return true;
}

using EngineKeyHandler = chess::Result<bool> (*)(EngineDraft&, const std::string& value, const std::string& at);

// One engine key of -engine and -each. A row without a handler is refused with its help as the reason.
struct EngineKeyRow {
  const char* key;
  unsigned dialects;
  const char* usage;
  const char* help;
  EngineKeyHandler apply;
};

const std::vector<EngineKeyRow>& engine_key_rows() {
  static const std::vector<EngineKeyRow> rows = {
      {"cmd", BOTH, "COMMAND", "the engine's program (a path, or a name looked up on PATH)",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> { return e.cmd = v, true; }},
      {"name", BOTH, "NAME", "its name in the output and the PGN (default: the command's file name)",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> { return e.config.name = v, true; }},
      {"dir", BOTH, "DIR", "the folder it runs in",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> { return e.dir = v, true; }},
      {"args", FASTCHESS_ONLY, "\"A B\"", "its arguments, split at spaces",
       [](EngineDraft& e, const std::string& v, const std::string& at) -> chess::Result<bool> {
         auto words = split_words(at, v);
         CHESS_RETURN_IF_ERROR(words);
         e.config.args.insert(e.config.args.end(), words->begin(), words->end());
         return true;
       }},
      {"arg", CUTECHESS_ONLY, "A", "one argument (repeatable)",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> {
         return e.config.args.push_back(v), true;
       }},
      {"proto", BOTH, "uci|xboard", "its protocol",
       [](EngineDraft& e, const std::string& v, const std::string& at) -> chess::Result<bool> {
         auto p = parse_protocol(v, at);
         CHESS_RETURN_IF_ERROR(p);
         e.config.protocol = *p;
         return true;
       }},
      {"tc", BOTH, "[MOVES/]SECONDS[+INC]|inf", "its clock", engine_tc},
      {"st", BOTH, "SECONDS", "a fixed time a move", engine_st},
      {"nodes", BOTH, "N", "a fixed number of nodes a move",
       [](EngineDraft& e, const std::string& v, const std::string& at) { return engine_fixed(e, "nodes", v, at); }},
      {"depth", FASTCHESS_ONLY, "N", "a fixed depth a move",
       [](EngineDraft& e, const std::string& v, const std::string& at) { return engine_fixed(e, "depth", v, at); }},
      {"plies", CUTECHESS_ONLY, "N", "a fixed depth a move",
       [](EngineDraft& e, const std::string& v, const std::string& at) { return engine_fixed(e, "depth", v, at); }},
      {"timemargin", BOTH, "MS", "how late a move may come before it loses on time",
       [](EngineDraft& e, const std::string& v, const std::string& at) -> chess::Result<bool> {
         auto m = parse_time_margin(v);
         if (!m) return chess::Error{at + "=" + v + ": " + m.error()};
         e.config.time_margin_ms = *m;
         return true;
       }},
      {"restart", BOTH, "on|off|auto", "on: a new process for every game (off, auto: kept between games)",
       [](EngineDraft& e, const std::string& v, const std::string& at) -> chess::Result<bool> {
         if (v != "on" && v != "off" && v != "auto") return chess::Error{at + "=" + v + ": expected on, off or auto"};
         e.config.restart_each_game = v == "on";
         return true;
       }},
      {"initstr", CUTECHESS_ONLY, "TEXT", "a line sent after the protocol's start (repeatable)",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> {
         return e.config.init_strings.push_back(v), true;
       }},
      {"option.NAME", BOTH, "VALUE", "an engine option (any name, spaces included)", nullptr},
      {"conf", CUTECHESS_ONLY, "NAME", "the engine of that name in ./engines.json (Cute Chess's file)", engine_conf},
      {"stderr", CUTECHESS_ONLY, "FILE", "its standard error, appended to FILE after each game",
       [](EngineDraft& e, const std::string& v, const std::string&) -> chess::Result<bool> { return e.stderr_file = v, true; }},
      {"ponder", BOTH, "", "pondering is a run setting here (harness match --ponder)", nullptr},
      {"book", CUTECHESS_ONLY, "", "engine books are not supported (use -openings)", nullptr},
      {"bookdepth", CUTECHESS_ONLY, "", "engine books are not supported (use -openings)", nullptr},
      {"whitepov", CUTECHESS_ONLY, "", "white-point-of-view scores are not supported", nullptr},
      {"trust", CUTECHESS_ONLY, "", "trusting engine result claims is not supported", nullptr},
      {"tscale", CUTECHESS_ONLY, "", "time scaling per engine is not supported", nullptr},
  };
  return rows;
}

const char* const OPTION_PREFIX = "option.";

chess::Result<bool> apply_engine_key(Dialect d, EngineDraft& e, const KeyValue& kv, const std::string& where) {
  const std::string at = where + " " + kv.key;
  if (kv.key.rfind(OPTION_PREFIX, 0) == 0 && kv.key.size() > std::string(OPTION_PREFIX).size()) {
    e.config.set_option(kv.key.substr(std::string(OPTION_PREFIX).size()), kv.value);
    return true;
  }
  std::vector<std::string> known;
  for (const EngineKeyRow& row : engine_key_rows()) {
    if (!in(row.dialects, d)) continue;
    if (row.apply) known.emplace_back(row.key);
    if (kv.key != row.key) continue;
    if (!row.apply) return chess::Error{at + ": not supported: " + row.help};
    return row.apply(e, kv.value, at);
  }
  return chess::Error{where + ": unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, known)};
}

// The draft's limit: the clock, or a fixed search (not both: one limit per engine here).
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

// Engines that all have the same limit take it as the run's, as a plain match stores it.
void settle_limits(MatchConfig& c) {
  const bool same = std::all_of(c.engines.begin(), c.engines.end(), [&](const EngineConfig& e) {
    return e.limit && c.engines[0].limit && e.limit->describe() == c.engines[0].limit->describe() &&
           e.time_margin_ms == c.engines[0].time_margin_ms;
  });
  if (!same || c.engines.empty()) return;
  c.settings.tc = *c.engines[0].limit;
  c.settings.time_margin_ms = c.engines[0].time_margin_ms.value_or(0);
  for (EngineConfig& e : c.engines) {
    e.limit.reset();
    e.time_margin_ms.reset();
  }
}

// Names as fastchess gives them: a second "x" becomes "x_2".
void unique_names(std::vector<EngineConfig>& engines) {
  for (std::size_t i = 0; i < engines.size(); ++i) {
    int seen = 1;
    for (std::size_t j = 0; j < i; ++j)
      if (engines[j].name == engines[i].name) ++seen;
    if (seen > 1) engines[i].name += "_" + std::to_string(seen);
  }
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

class Parser;
using OptionHandler = chess::Result<bool> (*)(Parser&, const Flag&);

// One option of a front end. A row without a handler is refused with its help as the reason.
struct OptionRow {
  const char* name;
  unsigned dialects;
  Arity arity;
  const char* usage;
  const char* help;
  OptionHandler apply;
};

class Parser {
 public:
  Parser(Dialect dialect, ForeignRun& run) : d_(dialect), run_(run) {
    run_.output.format = dialect == Dialect::FASTCHESS ? LineFormat::FASTCHESS : LineFormat::CUTECHESS;
    if (dialect == Dialect::CUTECHESS) {
      run_.output.rating_interval = 0;
      run_.output.penta = false;
      games_ = 1;
      rounds_ = 1;
    }
  }

  chess::Result<bool> parse(const std::vector<Flag>& flags) {
    for (const Flag& f : flags) CHESS_RETURN_IF_ERROR(apply(f));
    return finish();
  }

  static const std::vector<OptionRow>& rows();
  static const std::vector<OptionRow>& schedule_rows();
  static const std::vector<OptionRow>& game_rows();
  static const std::vector<OptionRow>& output_rows();
  static const std::vector<OptionRow>& refused_rows();

 private:
  chess::Result<bool> apply(const Flag& f) {
    std::vector<std::string> known;
    for (const OptionRow& row : rows()) {
      if (!in(row.dialects, d_)) continue;
      if (row.apply) known.emplace_back(row.name);
      if (f.name != row.name) continue;
      if (!row.apply) return chess::Error{f.name + ": not supported: " + row.help};
      CHESS_RETURN_IF_ERROR(check_arity(f, row.arity));
      return row.apply(*this, f);
    }
    return chess::Error{"unknown option '" + f.name + "'" + chess::did_you_mean(f.name, known)};
  }

  // -event and -site: fastchess joins the words without spaces, cutechess takes one.
  chess::Result<bool> text_to(const Flag& f, std::string& out) {
    out.clear();
    for (const std::string& p : f.params) out += (d_ == Dialect::CUTECHESS && !out.empty() ? " " : "") + p;
    return true;
  }

  template <typename T>
  static chess::Result<bool> number_to(const Flag& f, T& out) {
    auto v = number<T>(f.name, f.params.at(0));
    CHESS_RETURN_IF_ERROR(v);
    if (*v < 0) return chess::Error{f.name + ": cannot be negative"};
    out = *v;
    return true;
  }

  chess::Result<bool> repeat(const Flag& f) {
    repeat_ = 2;
    return f.params.empty() ? true : number_to(f, repeat_);
  }

  chess::Result<bool> concurrency(const Flag& f) {
    auto v = number<int>(f.name, f.params[0]);
    CHESS_RETURN_IF_ERROR(v);
    int n = *v;
    if (n <= 0) n = int(std::thread::hardware_concurrency()) + n;  // fastchess: the cores less |N|
    if (n < 1) return chess::Error{"-concurrency: " + f.params[0] + " leaves no game to play on this machine"};
    run_.config.concurrency = n;
    return true;
  }

  chess::Result<bool> tournament(const Flag& f) {
    const std::string& v = f.params[0];
    if (v == "roundrobin" || v == "round-robin")
      gauntlet_ = false;
    else if (v == "gauntlet")
      gauntlet_ = true;
    else
      return chess::Error{"-tournament: '" + v + "' is not supported (roundrobin or gauntlet)"};
    return true;
  }

  chess::Result<bool> openings(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    std::string format;
    for (const KeyValue& kv : *kvs) {
      const std::string at = "-openings " + kv.key;
      if (kv.key == "file") {
        auto path = absolute_path(at, kv.value);
        CHESS_RETURN_IF_ERROR(path);
        run_.config.openings_path = *path;
      } else if (kv.key == "format") {
        if (kv.value != "epd" && kv.value != "pgn") return chess::Error{at + ": '" + kv.value + "' is not epd or pgn"};
        format = kv.value;
      } else if (kv.key == "order") {
        auto o = parse_opening_order(kv.value);
        if (!o) return chess::Error{at + ": " + o.error()};
        run_.config.order = *o;
      } else if (kv.key == "plies") {
        auto p = number<int>(at, kv.value);
        CHESS_RETURN_IF_ERROR(p);
        run_.config.plies = std::max(0, *p);
      } else if (kv.key == "start") {
        auto s = number<int>(at, kv.value);
        if (!s || *s < 1) return chess::Error{at + ": must be at least 1"};
        run_.config.opening_offset = *s - 1;
      } else if (kv.key == "policy") {
        if (kv.value != "round" && kv.value != "default" && kv.value != "encounter")
          return chess::Error{at + ": '" + kv.value + "' is not supported (each game pair takes the next opening)"};
      } else {
        return chess::Error{"-openings: unknown key '" + kv.key + "'" +
                            chess::did_you_mean(kv.key, {"file", "format", "order", "plies", "start", "policy"})};
      }
    }
    if (run_.config.openings_path.empty()) return chess::Error{"-openings: missing file="};
    const std::string ext = fs::path(run_.config.openings_path).extension().string();
    if (!format.empty() && ext != "." + format)
      return chess::Error{"-openings format=" + format + ": the file " + run_.config.openings_path +
                          " is read by its extension; name it ." + format};
    return true;
  }

  chess::Result<bool> bookmode(const Flag& f) {
    if (f.params[0] != "ram" && f.params[0] != "disk")
      return chess::Error{"-bookmode: expected ram or disk, got '" + f.params[0] + "'"};
    return true;  // how cutechess holds the book; the book is read once into memory here either way
  }

  chess::Result<bool> pgnout(const Flag& f) {
    if (d_ == Dialect::CUTECHESS) return cutechess_pgnout(f);
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    run_.output.pgn_file = "fastchess.pgn";
    for (const KeyValue& kv : *kvs) {
      const std::string at = "-pgnout " + kv.key;
      if (kv.key == "file") {
        run_.output.pgn_file = kv.value;
        continue;
      }
      if (kv.key == "notation") {
        if (kv.value != "san") return chess::Error{at + "=" + kv.value + ": only san notation is written"};
        continue;
      }
      if (kv.key == "match_line") {  // repeatable: each pattern keeps its own last matching line
        run_.config.settings.match_lines.push_back(kv.value);
        continue;
      }
      if (kv.key == "append") {
        auto on = boolean(at, kv.value);
        CHESS_RETURN_IF_ERROR(on);
        run_.output.pgn_append = *on;
        continue;
      }
      // The comment items are --pgn-comments' own (nodes, seldepth, nps, hashfull, timeleft,
      // latency, tbhits, pv, min): one list of names.
      auto on = boolean(at, kv.value);
      if (!set_pgn_comment(run_.output.pgn_extras, kv.key, on.ok() && *on))
        return chess::Error{"-pgnout: unknown key '" + kv.key + "'" +
                            chess::did_you_mean(kv.key, {"file", "append", "notation", "nodes", "seldepth", "nps", "hashfull",
                                                         "timeleft", "latency", "tbhits", "pv", "min", "match_line"})};
      CHESS_RETURN_IF_ERROR(on);
    }
    return true;
  }

  // cutechess-cli: -pgnout FILE [min] [fi]
  chess::Result<bool> cutechess_pgnout(const Flag& f) {
    if (f.params.empty()) return chess::Error{"-pgnout: expects a file name"};
    run_.output.pgn_file = f.params[0];
    for (std::size_t i = 1; i < f.params.size(); ++i) {
      if (f.params[i] == "fi") continue;  // unfinished games are never written
      if (f.params[i] == "min") {
        run_.output.pgn_extras.min = true;
        continue;
      }
      return chess::Error{"-pgnout: unknown word '" + f.params[i] + "' (min or fi)"};
    }
    return true;
  }

  chess::Result<bool> epdout(const Flag& f) {
    if (d_ == Dialect::CUTECHESS) {
      if (f.params.size() != 1) return chess::Error{"-epdout: expects exactly one file name"};
      run_.output.epd_file = f.params[0];
      return true;
    }
    run_.output.epd_file = "fastchess.epd";
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    for (const KeyValue& kv : *kvs) {
      if (kv.key == "file") {
        run_.output.epd_file = kv.value;
      } else if (kv.key == "append") {
        auto on = boolean("-epdout append", kv.value);
        CHESS_RETURN_IF_ERROR(on);
        run_.output.epd_append = *on;
      } else {
        return chess::Error{"-epdout: unknown key '" + kv.key + "' (file or append)"};
      }
    }
    return true;
  }

  chess::Result<bool> sprt(const Flag& f) {
    auto s = parse_sprt(joined(f.params), "-sprt");
    if (!s) return chess::Error{s.error()};
    run_.config.sprt = *s;
    return true;
  }

  chess::Result<bool> adjudication(const Flag& f,
                                   chess::Result<AdjudicationRules> (*read_rules)(const std::string&, AdjudicationRules)) {
    auto rules = read_rules(joined(f.params), run_.config.settings.adjudication);
    if (!rules) return chess::Error{f.name + ": " + rules.error()};
    run_.config.settings.adjudication = *rules;
    return true;
  }

  chess::Result<bool> tablebases(const Flag& f) {
    if (f.params[0].find(':') != std::string::npos) return chess::Error{"-tb: give one directory (several are not supported)"};
    auto path = absolute_path("-tb", f.params[0]);
    CHESS_RETURN_IF_ERROR(path);
    run_.config.settings.tb_path = *path;
    return true;
  }

  chess::Result<bool> variant(const Flag& f) {
    auto parsed = parse_variant_setting(f.params[0]);
    if (!parsed) return chess::Error{"-variant: " + parsed.error()};
    run_.config.settings.variant = *parsed;
    return true;
  }

  chess::Result<bool> seeds(const Flag& f) {
    int n = 0;
    CHESS_RETURN_IF_ERROR(number_to(f, n));
    if (n != 1)
      return chess::Error{"-seeds " + std::to_string(n) + ": not supported (a gauntlet has one seed, the first engine)"};
    return true;
  }

  // A boolean key of a key=value option.
  chess::Result<bool> switches(const Flag& f, const std::vector<std::pair<std::string, bool*>>& keys) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    std::vector<std::string> names;
    for (const auto& [name, target] : keys) names.push_back(name);
    for (const KeyValue& kv : *kvs) {
      auto it = std::find_if(keys.begin(), keys.end(), [&](const auto& k) { return k.first == kv.key; });
      if (it == keys.end()) return chess::Error{f.name + ": unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, names)};
      auto on = boolean(f.name + " " + kv.key, kv.value);
      CHESS_RETURN_IF_ERROR(on);
      *it->second = *on;
    }
    return true;
  }

  chess::Result<bool> output(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    for (const KeyValue& kv : *kvs) {
      if (kv.key != "format") return chess::Error{"-output: unknown key '" + kv.key + "' (format)"};
      if (kv.value == "fastchess")
        run_.output.format = d_ == Dialect::FASTCHESS ? LineFormat::FASTCHESS : LineFormat::CUTECHESS;
      else if (kv.value == "cutechess")
        run_.output.format = d_ == Dialect::FASTCHESS ? LineFormat::FASTCHESS_CUTECHESS : LineFormat::CUTECHESS;
      else
        return chess::Error{"-output format=" + kv.value + ": expected fastchess or cutechess"};
    }
    return true;
  }

  chess::Result<bool> config_file(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    for (const KeyValue& kv : *kvs) {
      if (kv.key == "file") {  // the run goes on from the command line; its state is in the database
        config_file_ = kv.value;
        run_.output.start_warnings.push_back("Warning; -config file=" + kv.value +
                                             " is not read: this harness keeps a run's state in its database; resume a "
                                             "stopped run with 'harness resume RUN'");
        continue;
      }
      if (kv.key == "discard" && kv.value == "true") continue;  // nothing is loaded, so nothing to discard
      if (kv.key == "outname") continue;                        // the run's state is in the database, not in a config file
      return chess::Error{"-config " + kv.key + "=" + kv.value + ": not supported (the run's state is kept in the database)"};
    }
    return true;
  }

  // -log file=F [level=L] [engine=true] [append=true] [compress=false]
  chess::Result<bool> log(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    MatchConfig& c = run_.config;
    c.log_engine_lines = false;  // fastchess logs the engines' lines only with engine=true
    for (const KeyValue& kv : *kvs) {
      const std::string at = "-log " + kv.key;
      if (kv.key == "file") {
        auto path = kv.value == "-" ? chess::Result<std::string>(kv.value) : absolute_path(at, kv.value);
        CHESS_RETURN_IF_ERROR(path);
        c.log_path = *path;
      } else if (kv.key == "level") {
        static const std::vector<std::string> levels = {"trace", "debug", "info", "warn", "err", "fatal"};
        if (std::find(levels.begin(), levels.end(), kv.value) == levels.end())
          return chess::Error{at + "=" + kv.value + ": expected trace, debug, info, warn, err or fatal"};
      } else if (kv.key == "engine" || kv.key == "append" || kv.key == "compress") {
        auto on = boolean(at, kv.value);
        CHESS_RETURN_IF_ERROR(on);
        if (kv.key == "engine") c.log_engine_lines = *on;
        if (kv.key == "append") run_.output.log_append = *on;
        if (kv.key == "compress" && *on) return chess::Error{at + "=true: not supported (the log is written as text)"};
      } else {
        return chess::Error{"-log: unknown key '" + kv.key + "'" +
                            chess::did_you_mean(kv.key, {"file", "level", "engine", "append", "compress"})};
      }
    }
    if (c.log_path.empty()) return chess::Error{"-log: missing file="};
    return true;
  }

  // -use-affinity [CPUS]: "0,2,4-7".
  chess::Result<bool> affinity(const Flag& f) {
    run_.config.use_affinity = true;
    if (f.params.empty()) return true;
    for (const std::string& part : comma_list(f.params[0])) {
      const std::size_t dash = part.find('-');
      auto first = number<int>("-use-affinity", part.substr(0, dash));
      auto last = dash == std::string::npos ? first : number<int>("-use-affinity", part.substr(dash + 1));
      CHESS_RETURN_IF_ERROR(first);
      CHESS_RETURN_IF_ERROR(last);
      if (*first < 0 || *last < *first || *last >= 1024)
        return chess::Error{"-use-affinity: '" + part + "' is not a CPU or a range of CPUs from 0 to 1023"};
      for (int cpu = *first; cpu <= *last; ++cpu) run_.config.affinity_cpus.push_back(cpu);
    }
    return true;
  }

  // -quick cmd=A cmd=B book=F: fastchess's shorthand for a quick match of two engines.
  chess::Result<bool> quick(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    std::vector<std::string> commands;
    std::string book;
    for (const KeyValue& kv : *kvs) {
      if (kv.key == "cmd")
        commands.push_back(kv.value);
      else if (kv.key == "book")
        book = kv.value;
      else
        return chess::Error{"-quick: unknown key '" + kv.key + "' (cmd, book)"};
    }
    if (commands.size() != 2) return chess::Error{"-quick: requires exactly two cmd entries"};
    if (book.empty()) return chess::Error{"-quick: requires a book=FILE entry"};
    const bool same = commands[0] == commands[1];
    for (std::size_t i = 0; i < 2; ++i)
      engines_.push_back(
          {"-engine", {"cmd=" + commands[i], "name=" + commands[i] + (same ? std::to_string(i + 1) : ""), "tc=10+0.1"}});
    CHESS_RETURN_IF_ERROR(openings({"-openings", {"file=" + book, "order=random"}}));
    games_ = 2;
    rounds_ = 25000;
    run_.config.concurrency = std::max(1, int(std::thread::hardware_concurrency()) - 2);
    run_.output.recover = true;
    run_.output.format = LineFormat::FASTCHESS_CUTECHESS;
    return adjudication({"-draw", {"movenumber=30", "movecount=8", "score=8"}}, parse_draw);
  }

  chess::Result<bool> make_engines() {
    std::vector<std::string> stderr_files;
    for (std::size_t i = 0; i < engines_.size(); ++i) {
      EngineDraft draft;
      const std::string where = "-engine " + std::to_string(i + 1);
      auto apply_all = [&](const Flag& f, const std::string& w) -> chess::Result<bool> {
        auto kvs = key_values(f);
        CHESS_RETURN_IF_ERROR(kvs);
        for (const KeyValue& kv : *kvs) CHESS_RETURN_IF_ERROR(apply_engine_key(d_, draft, kv, w));
        return true;
      };
      CHESS_RETURN_IF_ERROR(apply_all(engines_[i], where));
      // -each comes after every -engine, wherever it stands (fastchess applies it last).
      for (const Flag& each : each_) CHESS_RETURN_IF_ERROR(apply_all(each, "-each"));
      auto e = finish_engine(draft, where);
      CHESS_RETURN_IF_ERROR(e);
      run_.config.engines.push_back(*e);
      auto stderr_file = draft.stderr_file.empty() ? chess::Result<std::string>(std::string())
                                                   : absolute_path(where + " stderr", draft.stderr_file);
      CHESS_RETURN_IF_ERROR(stderr_file);
      stderr_files.push_back(*stderr_file);
    }
    if (run_.config.engines.size() < 2) return chess::Error{"-engine: at least two engines are needed"};
    unique_names(run_.config.engines);
    for (std::size_t i = 0; i < stderr_files.size(); ++i)
      if (!stderr_files[i].empty()) run_.output.stderr_files[run_.config.engines[i].name] = stderr_files[i];
    settle_limits(run_.config);
    return true;
  }

  // Game pairs, one opening with colours reversed, when games per round (fastchess) or repeats
  // (cutechess) are 2; games that stand alone, each with its own opening and colours
  // alternating, when they are 1 (fastchess's -games 1, cutechess-cli without -repeat).
  chess::Result<bool> make_schedule() {
    MatchConfig& c = run_.config;
    int per_round = games_, rounds = rounds_;
    if (d_ == Dialect::FASTCHESS) {
      if (repeat_) per_round = repeat_;
      if (per_round > 2) std::swap(per_round, rounds);  // fastchess reads "-games 100 -rounds 1" so
      if (per_round > 2)                                // the message names the values as given, not as swapped
        return chess::Error{(repeat_ ? "-repeat " + std::to_string(repeat_) : "-games " + std::to_string(games_)) + " -rounds " +
                            std::to_string(rounds_) +
                            ": -games must be 1 or 2 (games of an encounter in a round), or -rounds 1 with -games N for N "
                            "rounds of one game"};
      c.paired = per_round == 2;
    } else {
      if (repeat_ > 2) return chess::Error{"-repeat " + std::to_string(repeat_) + ": only 2 is supported (a game pair)"};
      c.paired = repeat_ == 2;
      if (c.paired && per_round % 2 != 0)
        return chess::Error{"-games " + std::to_string(per_round) + ": must be even with -repeat (each opening is played twice)"};
      if (std::int64_t(rounds) * per_round > MAX_GAMES)
        return chess::Error{"-games " + std::to_string(per_round) + " -rounds " + std::to_string(rounds) + ": more than a run's " +
                            std::to_string(MAX_GAMES) + " games"};
      rounds *= c.paired ? per_round / 2 : per_round;
    }
    if (rounds < 1 || per_round < 1) return chess::Error{"-rounds and -games: must be at least 1"};
    const int per_encounter = c.paired ? 2 : 1;
    if (std::int64_t(per_encounter) * rounds > MAX_GAMES)
      return chess::Error{"-rounds " + std::to_string(rounds_) + ": more than a run's " + std::to_string(MAX_GAMES) + " games"};
    if (c.engines.size() == 2) {
      c.kind = TournamentKind::MATCH;
      c.games = per_encounter * rounds;
    } else {
      c.kind = gauntlet_ ? TournamentKind::GAUNTLET : TournamentKind::ROUND_ROBIN;
      c.rounds = rounds;
    }
    if (!c.paired) run_.output.penta = false;  // as fastchess: no pentanomial report without pairs
    return true;
  }

  chess::Result<bool> finish() {
    if (run_.help || run_.version || !run_.compliance.empty()) return true;
    if (!config_file_.empty() && engines_.empty())
      return chess::Error{"-config file=" + config_file_ +
                          ": not read (a run's state is in the database): resume it with 'harness resume RUN', or give the "
                          "engines on the command line"};
    CHESS_RETURN_IF_ERROR(make_engines());
    CHESS_RETURN_IF_ERROR(make_schedule());
    if (const std::string problem = printable_line_problem(run_.output.site); !problem.empty())
      return chess::Error{"-site: '" + escaped_controls(run_.output.site) + "' " + problem +
                          " (a site is one printable line of UTF-8)"};
    if (run_.config.openings_path.empty())
      return chess::Error{"-openings: no opening book given (file=BOOK.epd or .pgn); every game would be the start position"};
    if (run_.config.event.empty() || run_.config.event == "Workbench match")
      run_.config.event = d_ == Dialect::FASTCHESS ? "Fastchess Tournament" : "?";
    if (d_ == Dialect::CUTECHESS && run_.output.format == LineFormat::CUTECHESS) run_.output.penta = false;
    if (run_.output.format != LineFormat::FASTCHESS) run_.output.penta = false;
    run_.config.pgn_comments = run_.output.pgn_extras;
    return true;
  }

  Dialect d_;
  ForeignRun& run_;
  std::vector<Flag> engines_;
  std::vector<Flag> each_;
  int games_ = 2, rounds_ = 2, repeat_ = 0;
  bool gauntlet_ = false;
  std::string config_file_;
};

// Every option of both front ends, in the order the help lists them.
const std::vector<OptionRow>& Parser::rows() {
  static const std::vector<OptionRow> table = [] {
    std::vector<OptionRow> all;
    for (const auto* part : {&schedule_rows(), &game_rows(), &output_rows(), &refused_rows()})
      all.insert(all.end(), part->begin(), part->end());
    return all;
  }();
  return table;
}

// The engines, the schedule and the openings.
const std::vector<OptionRow>& Parser::schedule_rows() {
  using P = Parser;
  using A = Arity;
  using R = chess::Result<bool>;
  static const std::vector<OptionRow> table = {
      {"-engine", BOTH, A::KEY_VALUES, "cmd=C name=N ...", "an engine (keys below)",
       [](P& p, const Flag& f) -> R { return p.engines_.push_back(f), true; }},
      {"-each", BOTH, A::KEY_VALUES, "KEY=VALUE ...", "keys for every engine, applied after each -engine's own",
       [](P& p, const Flag& f) -> R { return p.each_.push_back(f), true; }},
      {"-rounds", BOTH, A::ONE, "N", "rounds of the schedule", [](P& p, const Flag& f) { return number_to(f, p.rounds_); }},
      {"-games", BOTH, A::ONE, "N", "games of each encounter in a round",
       [](P& p, const Flag& f) { return number_to(f, p.games_); }},
      {"-repeat", BOTH, A::OPTIONAL_ONE, "[N]", "each opening played N (2) times with colours reversed",
       [](P& p, const Flag& f) { return p.repeat(f); }},
      {"-concurrency", BOTH, A::ONE, "N", "games at once (N <= 0: the cores less |N|)",
       [](P& p, const Flag& f) { return p.concurrency(f); }},
      {"-force-concurrency", FASTCHESS_ONLY, A::NONE, "", "accepted: concurrency is never limited to the cores",
       [](P&, const Flag&) -> R { return true; }},
      {"-tournament", BOTH, A::ONE, "roundrobin|gauntlet", "the kind of tournament of more than two engines",
       [](P& p, const Flag& f) { return p.tournament(f); }},
      {"-openings", BOTH, A::KEY_VALUES, "file=F [format=epd|pgn] [order=random|sequential] [plies=N] [start=N] [policy=round]",
       "the opening book", [](P& p, const Flag& f) { return p.openings(f); }},
      {"-bookmode", CUTECHESS_ONLY, A::ONE, "ram|disk", "accepted: the book is read into memory once",
       [](P& p, const Flag& f) { return p.bookmode(f); }},
  };
  return table;
}

// Files, tests and the rules of each game.
const std::vector<OptionRow>& Parser::game_rows() {
  using P = Parser;
  using A = Arity;
  using R = chess::Result<bool>;
  static const std::vector<OptionRow> table = {
      {"-pgnout", BOTH, A::ANY,
       "file=F [append=] [nodes=] [seldepth=] [nps=] [hashfull=] [timeleft=] [latency=] [tbhits=] [pv=] [min=] "
       "[match_line=REGEX]...",
       "each game's PGN (cutechess-cli: FILE [min] [fi])", [](P& p, const Flag& f) { return p.pgnout(f); }},
      {"-epdout", BOTH, A::SOME, "file=F [append=]", "each game's final position (cutechess-cli: FILE)",
       [](P& p, const Flag& f) { return p.epdout(f); }},
      {"-sprt", BOTH, A::KEY_VALUES, "elo0= elo1= alpha= beta= [model=normalized|logistic|bayesian]",
       "stop when the test decides", [](P& p, const Flag& f) { return p.sprt(f); }},
      {"-resign", BOTH, A::KEY_VALUES, "movecount=N score=CP [twosided=]", "resign adjudication",
       [](P& p, const Flag& f) { return p.adjudication(f, parse_resign); }},
      {"-draw", BOTH, A::KEY_VALUES, "movenumber=N movecount=N score=CP", "draw adjudication",
       [](P& p, const Flag& f) { return p.adjudication(f, parse_draw); }},
      {"-maxmoves", BOTH, A::ONE, "N", "a draw after N moves",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.settings.adjudication.max_moves); }},
      {"-tb", BOTH, A::ONE, "DIR", "Syzygy tables for adjudication", [](P& p, const Flag& f) { return p.tablebases(f); }},
      {"-tbpieces", BOTH, A::ONE, "N", "adjudicate positions of at most N pieces",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.settings.tb_pieces); }},
      {"-tbadjudicate", FASTCHESS_ONLY, A::ONE, "BOTH", "tablebases adjudicate wins and draws",
       [](P&, const Flag& f) -> R {
         if (f.params[0] != "BOTH")
           return chess::Error{"-tbadjudicate " + f.params[0] + ": not supported (tablebases adjudicate wins and draws: BOTH)"};
         return true;
       }},
      {"-variant", BOTH, A::ONE, "standard|fischerandom", "the variant", [](P& p, const Flag& f) { return p.variant(f); }},
      {"-recover", BOTH, A::NONE, "", "go on after an engine crashes or stalls",
       [](P& p, const Flag&) -> R { return p.run_.output.recover = true; }},
      {"-srand", BOTH, A::ONE, "N", "the seed of the opening order",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.seed); }},
      {"-seeds", BOTH, A::ONE, "1", "a gauntlet's seeds (one)", [](P& p, const Flag& f) { return p.seeds(f); }},
  };
  return table;
}

// Standard output, PGN tags, deadlines and this program's own options.
const std::vector<OptionRow>& Parser::output_rows() {
  using P = Parser;
  using A = Arity;
  using R = chess::Result<bool>;
  static const std::vector<OptionRow> table = {
      {"-ratinginterval", BOTH, A::ONE, "N", "the results block every N games",
       [](P& p, const Flag& f) { return number_to(f, p.run_.output.rating_interval); }},
      {"-scoreinterval", FASTCHESS_ONLY, A::ONE, "N", "the score line every N games",
       [](P& p, const Flag& f) { return number_to(f, p.run_.output.score_interval); }},
      {"-autosaveinterval", FASTCHESS_ONLY, A::ONE, "N", "accepted: every game is stored as it ends",
       [](P&, const Flag& f) -> R {
         int n = 0;
         return number_to(f, n);
       }},
      {"-report", FASTCHESS_ONLY, A::KEY_VALUES, "penta=true|false", "the pentanomial report",
       [](P& p, const Flag& f) {
         return p.switches(f, {{"penta", &p.run_.output.penta}});
       }},
      {"-output", FASTCHESS_ONLY, A::KEY_VALUES, "format=fastchess|cutechess", "whose lines standard output carries",
       [](P& p, const Flag& f) { return p.output(f); }},
      {"-event", BOTH, A::SOME, "NAME", "the PGN Event", [](P& p, const Flag& f) { return p.text_to(f, p.run_.config.event); }},
      {"-site", BOTH, A::SOME, "NAME", "the PGN Site", [](P& p, const Flag& f) { return p.text_to(f, p.run_.output.site); }},
      {"-config", FASTCHESS_ONLY, A::KEY_VALUES, "discard=true outname=F", "accepted: the run's state is in the database",
       [](P& p, const Flag& f) { return p.config_file(f); }},
      {"-crc32", FASTCHESS_ONLY, A::KEY_VALUES, "pgn=true|false", "the PGN file's CRC-32 after each game",
       [](P& p, const Flag& f) {
         return p.switches(f, {{"pgn", &p.run_.output.crc32}});
       }},
      {"-testEnv", FASTCHESS_ONLY, A::NONE, "", "a warning on one line, its parts joined by ' :: '",
       [](P& p, const Flag&) -> R { return p.run_.output.test_env = true; }},
      {"-strict", FASTCHESS_ONLY, A::NONE, "", "any warning stops the run, which then exits with status 1",
       [](P& p, const Flag&) -> R { return p.run_.output.strict = true; }},
      {"-check-mate-pvs", FASTCHESS_ONLY, A::NONE, "", "check mating PVs' length and end",
       [](P& p, const Flag&) -> R { return p.run_.config.settings.check_mate_pvs = true; }},
      {"-startup-ms", FASTCHESS_ONLY, A::ONE, "MS", "how long an engine may take to start",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.settings.deadlines.startup_ms); }},
      {"-ucinewgame-ms", FASTCHESS_ONLY, A::ONE, "MS", "how long an engine may take to answer ucinewgame",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.settings.deadlines.ucinewgame_ms); }},
      {"-ping-ms", FASTCHESS_ONLY, A::ONE, "MS", "how long an engine may take to answer isready",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.settings.deadlines.ping_ms); }},
      {"-wait", BOTH, A::ONE, "MS", "each game slot pauses this long between its games",
       [](P& p, const Flag& f) { return number_to(f, p.run_.config.wait_ms); }},
      {"-noswap", BOTH, A::NONE, "", "the first engine has White in every game",
       [](P& p, const Flag&) -> R { return p.run_.config.noswap = true; }},
      {"-reverse", FASTCHESS_ONLY, A::NONE, "", "every game's colours swapped",
       [](P& p, const Flag&) -> R { return p.run_.config.reverse = true; }},
      {"-use-affinity", FASTCHESS_ONLY, A::OPTIONAL_ONE, "[CPUS]",
       "pin each engine process to a CPU of its own (of the list \"0,2-5\", or of all)",
       [](P& p, const Flag& f) { return p.affinity(f); }},
      {"-show-latency", FASTCHESS_ONLY, A::NONE, "", "each move's latency in the -log file",
       [](P& p, const Flag&) -> R { return p.run_.config.show_latency = true; }},
      {"-quick", FASTCHESS_ONLY, A::KEY_VALUES, "cmd=A cmd=B book=F",
       "A against B at 10+0.1, 25000 game pairs, the cores less 2, -recover, draw adjudication, cutechess lines",
       [](P& p, const Flag& f) { return p.quick(f); }},
      {"-compliance", FASTCHESS_ONLY, A::SOME, "ENGINE [ARGS...]", "check a UCI engine's compliance (as harness check) and exit",
       [](P& p, const Flag& f) -> R { return p.run_.compliance = f.params, true; }},
      {"-resultformat", CUTECHESS_ONLY, A::ONE, "default", "the result table's format (only cutechess-cli's default)",
       [](P&, const Flag& f) -> R {
         if (f.params[0] != "default")
           return chess::Error{"-resultformat " + f.params[0] + ": not supported (the table has cutechess-cli's default format)"};
         return true;
       }},
      {"-log", FASTCHESS_ONLY, A::KEY_VALUES, "file=F [level=] [engine=true] [append=] [compress=false]",
       "the engine dialogue (engine=true) and how each game ended, with microsecond times; 'harness show RUN --game N'",
       [](P& p, const Flag& f) { return p.log(f); }},
      {"-debug", CUTECHESS_ONLY, A::OPTIONAL_ONE, "[all]", "every line to and from the engines on standard error",
       [](P& p, const Flag&) -> R {
         p.run_.config.log_path = "-";
         return true;
       }},
      {"-db", BOTH, A::ONE, "FILE", "the database (this harness's own option)",
       [](P& p, const Flag& f) -> R { return p.run_.db = f.params[0], true; }},
      {"-help", BOTH, A::ANY, "", "these lines", [](P& p, const Flag&) -> R { return p.run_.help = true; }},
      {"-h", BOTH, A::ANY, "", "these lines", [](P& p, const Flag&) -> R { return p.run_.help = true; }},
      {"-version", BOTH, A::ANY, "", "the version", [](P& p, const Flag&) -> R { return p.run_.version = true; }},
      {"-v", BOTH, A::ANY, "", "the version", [](P& p, const Flag&) -> R { return p.run_.version = true; }},
  };
  return table;
}

// What cannot be honoured here, with why.
const std::vector<OptionRow>& Parser::refused_rows() {
  using A = Arity;
  static const std::vector<OptionRow> table = {
      {"-tbignore50", BOTH, A::ANY, "", "tablebase results always respect the fifty-move rule", nullptr},
      {"-outcomeinterval", CUTECHESS_ONLY, A::ANY, "", "outcome summaries are not printed", nullptr},
      {"-pgnin", CUTECHESS_ONLY, A::ANY, "", "PGN input is read by 'harness import'", nullptr},
      {"-epdin", CUTECHESS_ONLY, A::ANY, "", "EPD input is not supported", nullptr},
      {"-engines", CUTECHESS_ONLY, A::ANY, "", "engine configuration files are not read", nullptr},
  };
  return table;
}

}  // namespace

std::string foreign_help(Dialect d) {
  const std::string program = d == Dialect::FASTCHESS ? "harness fastchess" : "harness cutechess";
  std::string s = "Usage: " + program + " -engine cmd=ENGINE name=NAME [key=value...] -engine ... [options]\n";
  s += "Plays " + std::string(dialect_name(d)) +
       "'s command line with this harness: every game goes to its database (-db FILE), so 'harness report', "
       "'rate', 'resume' and 'serve' work on the run; standard output carries " +
       dialect_name(d) + "'s lines.\n";
  auto line = [](const std::string& name, const std::string& usage, const std::string& help, const char* joint = " ") {
    std::string head = "  " + name + (usage.empty() ? "" : joint + usage);
    if (head.size() < 34)
      head.resize(34, ' ');
    else
      head += "\n" + std::string(34, ' ');
    return head + help + "\n";
  };
  s += "Options:\n";
  for (const OptionRow& row : Parser::rows())
    if (in(row.dialects, d) && row.apply) s += line(row.name, row.usage, row.help);
  s += "Engine keys (-engine, -each):\n";
  for (const EngineKeyRow& row : engine_key_rows())
    if (in(row.dialects, d) && (row.apply || std::string(row.key) == "option.NAME")) s += line(row.key, row.usage, row.help, "=");
  s += "Refused, with the reason (any other option, or a value this harness cannot honour, is an error naming it):\n";
  for (const OptionRow& row : Parser::rows())
    if (in(row.dialects, d) && !row.apply) s += line(row.name, "", row.help);
  for (const EngineKeyRow& row : engine_key_rows())
    if (in(row.dialects, d) && !row.apply && std::string(row.key) != "option.NAME")
      s += line(row.key + std::string("="), "", row.help);
  return s;
}

const char* dialect_name(Dialect dialect) { return dialect == Dialect::FASTCHESS ? "fastchess" : "cutechess-cli"; }

namespace {

// How both programs' command lines call a run's setting: "-engine", "-pgnout"; "-games" for the
// settings whose flag is their name.
std::string foreign_spelling(const std::string& setting) {
  static const std::map<std::string, std::string> flags = {{"engines", "-engine"},
                                                           {"pgn", "-pgnout"},
                                                           {"affinity_cpus", "-use-affinity"},
                                                           {"wait_ms", "-wait"},
                                                           {"tb_pieces", "-tbpieces"},
                                                           {"opening_offset", "-openings start"},
                                                           {"time_margin_ms", "-each timemargin"},
                                                           {"ponder", "-each ponder"},
                                                           {"plies", "-openings plies"},
                                                           {"nodes", "-each nodes"}};
  if (auto it = flags.find(setting); it != flags.end()) return it->second;
  std::string flag = "-" + setting;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

}  // namespace

chess::Result<ForeignRun> parse_foreign_command_line(Dialect dialect, const std::vector<std::string>& args) {
  ForeignRun run;
  run.db = default_database();
  run.config.concurrency = 1;
  // fastchess's --compliance ENGINE [ARGS...]: everything after it is the engine's command line.
  if (!args.empty() && (args[0] == "--compliance" || args[0] == "-compliance")) {
    if (args.size() < 2) return chess::Error{"--compliance: expects an engine"};
    run.compliance.assign(args.begin() + 1, args.end());
    return run;
  }
  auto flags = split_flags(args);
  CHESS_RETURN_IF_ERROR(flags);
  if (flags->empty()) {
    run.help = true;
    return run;
  }
  Parser parser(dialect, run);
  CHESS_RETURN_IF_ERROR(parser.parse(*flags));
  if (run.help || run.version) return run;
  if (SettingProblems problems = run.config.validate(); !problems.empty())
    return chess::Error{problems.describe(foreign_spelling)};
  return run;
}

}  // namespace harness
