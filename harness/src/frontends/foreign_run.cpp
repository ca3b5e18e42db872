#include "frontends/foreign_run.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <thread>

#include "core/nearest_names.h"
#include "process/executable_path.h"
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

struct KeyValue {
  std::string key, value;
};

chess::Result<std::vector<KeyValue>> key_values(const Flag& f) {
  std::vector<KeyValue> out;
  for (const std::string& p : f.params) {
    const std::size_t eq = p.find('=');
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

chess::Result<std::string> single(const Flag& f) {
  if (f.params.size() != 1) return chess::Error{f.name + ": expects exactly one value"};
  return f.params[0];
}

template <typename T>
chess::Result<T> single_number(const Flag& f) {
  auto v = single(f);
  CHESS_RETURN_IF_ERROR(v);
  return number<T>(f.name, *v);
}

// Seconds with decimals (an "s" suffix allowed) in milliseconds, or "m:s".
chess::Result<std::int64_t> seconds_ms(const std::string& where, std::string text) {
  if (!text.empty() && text.back() == 's') text.pop_back();
  double minutes = 0;
  if (const std::size_t colon = text.find(':'); colon != std::string::npos) {
    auto m = number<double>(where, text.substr(0, colon));
    CHESS_RETURN_IF_ERROR(m);
    minutes = *m;
    text = text.substr(colon + 1);
  }
  auto s = number<double>(where, text);
  CHESS_RETURN_IF_ERROR(s);
  if (*s < 0 || minutes < 0) return chess::Error{where + ": a duration cannot be negative"};
  return std::int64_t(std::llround((minutes * 60 + *s) * 1000));
}

// "[moves/]base[+inc]", "inf": a clock, or nothing for an infinite one.
chess::Result<std::optional<TimeControl>> foreign_tc(const std::string& where, const std::string& text) {
  if (text == "inf" || text == "infinite") return std::optional<TimeControl>{};
  if (text.find("hg") != std::string::npos) return chess::Error{where + ": hourglass time controls are not supported"};
  int moves = 0;
  std::string rest = text;
  if (const std::size_t slash = rest.find('/'); slash != std::string::npos) {
    auto m = number<int>(where, rest.substr(0, slash));
    if (!m || *m <= 0) return chess::Error{where + ": the moves of '" + text + "' must be a positive number"};
    moves = *m;
    rest = rest.substr(slash + 1);
    if (rest == "inf") return std::optional<TimeControl>{};
  }
  std::string inc_text;
  if (const std::size_t plus = rest.find('+'); plus != std::string::npos) {
    inc_text = rest.substr(plus + 1);
    rest = rest.substr(0, plus);
  }
  auto base = seconds_ms(where + " '" + text + "'", rest);
  CHESS_RETURN_IF_ERROR(base);
  std::int64_t inc = 0;
  if (!inc_text.empty()) {
    auto i = seconds_ms(where + " '" + text + "'", inc_text);
    CHESS_RETURN_IF_ERROR(i);
    inc = *i;
  }
  return std::optional<TimeControl>{TimeControl::clock(moves, *base, inc)};
}

// One -engine or -each key; false when the key is not one of the dialect's.
struct EngineDraft {
  EngineConfig config;
  std::optional<TimeControl> clock;   // tc=
  bool infinite = false;              // tc=inf
  std::optional<TimeControl> search;  // st=, nodes=, depth=
  std::string cmd, dir;
};

// Keys of either program that this harness cannot honour, with why.
const std::map<std::string, std::string>& refused_engine_keys() {
  static const std::map<std::string, std::string> keys = {
      {"ponder", "pondering is a run setting here (harness match --ponder)"},
      {"book", "engine books are not supported (use -openings)"},
      {"bookdepth", "engine books are not supported (use -openings)"},
      {"whitepov", "white-point-of-view scores are not supported"},
      {"trust", "trusting engine result claims is not supported"},
      {"tscale", "time scaling per engine is not supported"},
      {"conf", "cutechess engine configuration files are not read (give cmd= and the options)"},
      {"stderr", "engines' standard error is kept in the database's stderr/ folder"},
      {"debug", "engine debug output is not supported"},
  };
  return keys;
}

chess::Result<bool> apply_engine_key(Dialect dialect, EngineDraft& e, const KeyValue& kv, const std::string& where) {
  const std::string at = where + " " + kv.key;
  if (kv.key == "cmd") {
    e.cmd = kv.value;
  } else if (kv.key == "name") {
    e.config.name = kv.value;
  } else if (kv.key == "dir") {
    e.dir = kv.value;
  } else if (kv.key == "args" && dialect == Dialect::FASTCHESS) {
    std::string word;
    for (char c : kv.value + " ") {
      if (c == ' ') {
        if (!word.empty()) e.config.args.push_back(word);
        word.clear();
      } else {
        word += c;
      }
    }
  } else if (kv.key == "arg" && dialect == Dialect::CUTECHESS) {
    e.config.args.push_back(kv.value);
  } else if (kv.key == "proto") {
    auto p = parse_protocol(kv.value, at);
    CHESS_RETURN_IF_ERROR(p);
    e.config.protocol = *p;
  } else if (kv.key == "tc") {
    auto tc = foreign_tc(at, kv.value);
    CHESS_RETURN_IF_ERROR(tc);
    e.clock = *tc;
    e.infinite = !tc->has_value();
  } else if (kv.key == "st") {
    auto ms = seconds_ms(at, kv.value);
    CHESS_RETURN_IF_ERROR(ms);
    e.search = TimeControl::movetime(*ms);
  } else if (kv.key == "nodes") {
    auto n = number<std::uint64_t>(at, kv.value);
    CHESS_RETURN_IF_ERROR(n);
    e.search = TimeControl::fixed_nodes(*n);
  } else if (kv.key == "depth" || kv.key == "plies") {
    auto d = number<int>(at, kv.value);
    CHESS_RETURN_IF_ERROR(d);
    e.search = TimeControl::fixed_depth(*d);
  } else if (kv.key == "timemargin") {
    auto m = number<std::int64_t>(at, kv.value);
    if (!m || *m < 0) return chess::Error{at + ": must be a number of milliseconds, at least 0"};
    e.config.time_margin_ms = *m;
  } else if (kv.key == "restart") {
    // Processes are kept between games; a crashed or stalled one is always restarted.
    if (kv.value != "off" && kv.value != "auto")
      return chess::Error{at + "=" + kv.value + ": only restart=off (or auto) is supported: engines are kept between games"};
  } else if (kv.key == "initstr" && dialect == Dialect::CUTECHESS) {
    e.config.init_strings.push_back(kv.value);
  } else if (kv.key.rfind("option.", 0) == 0 && kv.key.size() > 7) {
    e.config.set_option(kv.key.substr(7), kv.value);
  } else if (auto refused = refused_engine_keys().find(kv.key); refused != refused_engine_keys().end()) {
    return chess::Error{at + ": not supported: " + refused->second};
  } else {
    return false;
  }
  return true;
}

// The draft's limit: the clock, or a fixed search (not both: one limit per engine here).
chess::Result<EngineConfig> finish_engine(EngineDraft e, const std::string& where) {
  if (e.cmd.empty()) return chess::Error{where + ": missing cmd="};
  fs::path cmd = e.cmd;
  if (!e.dir.empty() && cmd.is_relative() && e.cmd.find('/') != std::string::npos) cmd = fs::path(e.dir) / cmd;
  if (e.cmd.find('/') != std::string::npos) {
    std::error_code ec;
    if (!fs::exists(cmd, ec)) return chess::Error{where + ": engine binary does not exist: " + cmd.string()};
    cmd = fs::absolute(cmd).lexically_normal();
  }
  e.config.command = cmd.string();
  if (!e.dir.empty()) e.config.working_dir = fs::absolute(e.dir).lexically_normal().string();
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

// Options either program has that this harness refuses, with the reason.
const std::map<std::string, std::string>& refused_options() {
  static const std::map<std::string, std::string> options = {
      {"-log", "engine communication logs are not written (engines' standard error is kept under the database's stderr/ folder)"},
      {"-wait", "pauses between games are not supported"},
      {"-noswap", "games are always played in pairs with colours reversed"},
      {"-reverse", "games are always played in pairs with colours reversed"},
      {"-use-affinity", "CPU affinity is not set by this harness"},
      {"-strict", "warnings do not end the run"},
      {"-quick", "give the engines and the book with -engine and -openings"},
      {"-debug", "engine communication logs are not written"},
      {"-tbignore50", "tablebase results always respect the fifty-move rule"},
      {"-outcomeinterval", "outcome summaries are not printed"},
      {"-resultformat", "the result table has one format"},
      {"-pgnin", "PGN input is read by 'harness import'"},
      {"-epdin", "EPD input is not supported"},
      {"-show-latency", "latency is kept in the database and in -pgnout latency=true"},
      {"-engines", "engine configuration files are not read"},
  };
  return options;
}

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
    for (const Flag& f : flags)
      if (auto ok = apply(f); !ok) return ok;
    return finish();
  }

 private:
  chess::Result<bool> apply(const Flag& f) {
    const std::string& n = f.name;
    if (n == "-help" || n == "-h") return run_.help = true;
    if (n == "-version" || n == "-v") return run_.version = true;
    if (n == "-engine") return engine(f);
    if (n == "-each") return each_.push_back(f), true;
    if (n == "-db") return value_to(f, run_.db);
    if (n == "-rounds") return number_to(f, rounds_);
    if (n == "-games") return number_to(f, games_);
    if (n == "-repeat") return repeat(f);
    if (n == "-concurrency") return concurrency(f);
    if (n == "-force-concurrency" || n == "-testEnv" || n == "-recover" || n == "-check-mate-pvs") return switch_flag(f);
    if (n == "-tournament") return tournament(f);
    if (n == "-openings") return openings(f);
    if (n == "-bookmode") return bookmode(f);
    if (n == "-pgnout") return pgnout(f);
    if (n == "-epdout") return epdout(f);
    if (n == "-sprt") return sprt(f);
    if (n == "-resign") return adjudication(f, parse_resign);
    if (n == "-draw") return adjudication(f, parse_draw);
    if (n == "-maxmoves") return number_to(f, run_.config.settings.adjudication.max_moves);
    if (n == "-tb") return tablebases(f);
    if (n == "-tbpieces") return number_to(f, run_.config.settings.tb_pieces);
    if (n == "-tbadjudicate") return tb_adjudicate(f);
    if (n == "-variant") return variant(f);
    if (n == "-srand") return number_to(f, run_.config.seed);
    if (n == "-startup-ms" && d_ == Dialect::FASTCHESS) return number_to(f, run_.config.settings.deadlines.startup_ms);
    if (n == "-ucinewgame-ms" && d_ == Dialect::FASTCHESS) return number_to(f, run_.config.settings.deadlines.ucinewgame_ms);
    if (n == "-ping-ms" && d_ == Dialect::FASTCHESS) return number_to(f, run_.config.settings.deadlines.ping_ms);
    if (n == "-seeds") return seeds(f);
    if (n == "-ratinginterval") return number_to(f, run_.output.rating_interval);
    if (n == "-scoreinterval") return number_to(f, run_.output.score_interval);
    if (n == "-autosaveinterval") return autosave(f);
    if (n == "-report") return report(f);
    if (n == "-output") return output(f);
    if (n == "-event") return text_to(f, run_.config.event);
    if (n == "-site") return text_to(f, run_.output.site);
    if (n == "-config") return config_file(f);
    if (n == "-crc32") return crc32(f);
    if (auto refused = refused_options().find(n); refused != refused_options().end())
      return chess::Error{n + ": not supported: " + refused->second};
    std::vector<std::string> known = {"-engine",      "-each",       "-rounds",     "-games",         "-repeat",
                                      "-concurrency", "-tournament", "-openings",   "-pgnout",        "-epdout",
                                      "-sprt",        "-resign",     "-draw",       "-maxmoves",      "-tb",
                                      "-tbpieces",    "-variant",    "-recover",    "-srand",         "-ratinginterval",
                                      "-db",          "-output",     "-startup-ms", "-ucinewgame-ms", "-ping-ms"};
    return chess::Error{"unknown option '" + n + "'" + chess::did_you_mean(n, known)};
  }

  chess::Result<bool> switch_flag(const Flag& f) {
    if (!f.params.empty()) return chess::Error{f.name + ": takes no value, got '" + f.params[0] + "'"};
    if (f.name == "-recover") run_.output.recover = true;
    if (f.name == "-testEnv") run_.output.test_env = true;
    if (f.name == "-check-mate-pvs") run_.config.settings.check_mate_pvs = true;
    return true;  // -force-concurrency: concurrency is never limited to the cores
  }

  chess::Result<bool> value_to(const Flag& f, std::string& out) {
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    out = *v;
    return true;
  }

  // -event and -site: fastchess joins the words without spaces, cutechess takes one.
  chess::Result<bool> text_to(const Flag& f, std::string& out) {
    if (f.params.empty()) return chess::Error{f.name + ": expects a value"};
    out.clear();
    for (const std::string& p : f.params) out += (d_ == Dialect::CUTECHESS && !out.empty() ? " " : "") + p;
    return true;
  }

  template <typename T>
  chess::Result<bool> number_to(const Flag& f, T& out) {
    auto v = single_number<T>(f);
    CHESS_RETURN_IF_ERROR(v);
    if (*v < 0) return chess::Error{f.name + ": cannot be negative"};
    out = *v;
    return true;
  }

  chess::Result<bool> engine(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    engines_.push_back(*kvs);
    return true;
  }

  chess::Result<bool> repeat(const Flag& f) {
    repeat_ = 2;
    if (f.params.size() == 1) return number_to(f, repeat_);
    if (f.params.size() > 1) return chess::Error{"-repeat: expects at most one number"};
    return true;
  }

  chess::Result<bool> concurrency(const Flag& f) {
    auto v = single_number<int>(f);
    CHESS_RETURN_IF_ERROR(v);
    int n = *v;
    if (n <= 0) n = int(std::thread::hardware_concurrency()) + n;  // fastchess: the cores less |N|
    if (n < 1) return chess::Error{"-concurrency: " + f.params[0] + " leaves no game to play on this machine"};
    run_.config.concurrency = n;
    return true;
  }

  chess::Result<bool> tournament(const Flag& f) {
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    if (*v == "roundrobin" || *v == "round-robin")
      gauntlet_ = false;
    else if (*v == "gauntlet")
      gauntlet_ = true;
    else
      return chess::Error{"-tournament: '" + *v + "' is not supported (roundrobin or gauntlet)"};
    return true;
  }

  chess::Result<bool> openings(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    std::string format;
    for (const KeyValue& kv : *kvs) {
      const std::string at = "-openings " + kv.key;
      if (kv.key == "file") {
        run_.config.openings_path = fs::absolute(kv.value).lexically_normal().string();
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
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    if (*v != "ram" && *v != "disk") return chess::Error{"-bookmode: expected ram or disk, got '" + *v + "'"};
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
      if (kv.key == "match_line") return chess::Error{at + ": not supported: engines' info lines are not kept per move"};
      auto on = boolean(at, kv.value);
      CHESS_RETURN_IF_ERROR(on);
      PgnComments& x = run_.output.pgn_extras;
      if (kv.key == "append")
        run_.output.pgn_append = *on;
      else if (kv.key == "nodes")
        x.nodes = *on;
      else if (kv.key == "seldepth")
        x.seldepth = *on;
      else if (kv.key == "nps")
        x.nps = *on;
      else if (kv.key == "hashfull")
        x.hashfull = *on;
      else if (kv.key == "timeleft")
        x.timeleft = *on;
      else if (kv.key == "latency")
        x.latency = *on;
      else if ((kv.key == "tbhits" || kv.key == "pv" || kv.key == "min") && *on)
        return chess::Error{at + "=true: not supported (" + kv.key + " is not kept per move)"};
      else if (kv.key != "tbhits" && kv.key != "pv" && kv.key != "min")
        return chess::Error{"-pgnout: unknown key '" + kv.key + "'" +
                            chess::did_you_mean(kv.key, {"file", "append", "notation", "nodes", "seldepth", "nps", "hashfull",
                                                         "timeleft", "latency", "tbhits", "pv", "min", "match_line"})};
    }
    return true;
  }

  // cutechess-cli: -pgnout FILE [min] [fi]
  chess::Result<bool> cutechess_pgnout(const Flag& f) {
    if (f.params.empty()) return chess::Error{"-pgnout: expects a file name"};
    run_.output.pgn_file = f.params[0];
    for (std::size_t i = 1; i < f.params.size(); ++i) {
      if (f.params[i] == "fi") continue;  // unfinished games are never written
      if (f.params[i] == "min") return chess::Error{"-pgnout min: not supported (move comments are always written)"};
      return chess::Error{"-pgnout: unknown word '" + f.params[i] + "' (min or fi)"};
    }
    return true;
  }

  chess::Result<bool> epdout(const Flag& f) {
    run_.output.epd_file = d_ == Dialect::FASTCHESS ? "fastchess.epd" : "";
    if (d_ == Dialect::CUTECHESS) return value_to(f, run_.output.epd_file);
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
    std::string spec;
    for (const std::string& p : f.params) spec += (spec.empty() ? "" : " ") + p;
    auto s = parse_sprt(spec);
    if (!s) return chess::Error{"-sprt: " + s.error()};
    run_.config.sprt = *s;
    return true;
  }

  chess::Result<bool> adjudication(const Flag& f,
                                   chess::Result<AdjudicationRules> (*read_rules)(const std::string&, AdjudicationRules)) {
    std::string spec;
    for (const std::string& p : f.params) spec += (spec.empty() ? "" : " ") + p;
    auto rules = read_rules(spec, run_.config.settings.adjudication);
    if (!rules) return chess::Error{f.name + ": " + rules.error()};
    run_.config.settings.adjudication = *rules;
    return true;
  }

  chess::Result<bool> tablebases(const Flag& f) {
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    if (v->find(':') != std::string::npos) return chess::Error{"-tb: give one directory (several are not supported)"};
    run_.config.settings.tb_path = fs::absolute(*v).lexically_normal().string();
    return true;
  }

  chess::Result<bool> tb_adjudicate(const Flag& f) {
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    if (*v != "BOTH") return chess::Error{"-tbadjudicate " + *v + ": not supported (tablebases adjudicate wins and draws: BOTH)"};
    return true;
  }

  chess::Result<bool> variant(const Flag& f) {
    auto v = single(f);
    CHESS_RETURN_IF_ERROR(v);
    auto parsed = parse_variant_setting(*v);
    if (!parsed) return chess::Error{"-variant: " + parsed.error()};
    run_.config.settings.variant = *parsed;
    return true;
  }

  chess::Result<bool> seeds(const Flag& f) {
    int n = 0;
    if (auto ok = number_to(f, n); !ok) return ok;
    if (n != 1)
      return chess::Error{"-seeds " + std::to_string(n) + ": not supported (a gauntlet has one seed, the first engine)"};
    return true;
  }

  chess::Result<bool> autosave(const Flag& f) {
    int n = 0;
    return number_to(f, n);  // every game is stored in the database as it ends, whatever the interval
  }

  chess::Result<bool> report(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    for (const KeyValue& kv : *kvs) {
      if (kv.key != "penta") return chess::Error{"-report: unknown key '" + kv.key + "' (penta)"};
      auto on = boolean("-report penta", kv.value);
      CHESS_RETURN_IF_ERROR(on);
      run_.output.penta = *on;
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
      if (kv.key == "file")
        return chess::Error{"-config file=: not supported: a run is resumed from the database ('harness resume RUN')"};
      if (kv.key == "discard" && kv.value == "true") continue;  // nothing is loaded, so nothing to discard
      if (kv.key == "outname") continue;                        // the run's state is in the database, not in a config file
      return chess::Error{"-config " + kv.key + "=" + kv.value + ": not supported (the run's state is kept in the database)"};
    }
    return true;
  }

  chess::Result<bool> crc32(const Flag& f) {
    auto kvs = key_values(f);
    CHESS_RETURN_IF_ERROR(kvs);
    for (const KeyValue& kv : *kvs) {
      if (kv.key != "pgn") return chess::Error{"-crc32: unknown key '" + kv.key + "' (pgn)"};
      auto on = boolean("-crc32 pgn", kv.value);
      CHESS_RETURN_IF_ERROR(on);
      run_.output.crc32 = *on;
    }
    return true;
  }

  chess::Result<bool> make_engines() {
    const char* unknown_hint =
        d_ == Dialect::FASTCHESS ? "cmd, name, args, dir, proto, tc, st, nodes, depth, timemargin, restart, option.NAME"
                                 : "cmd, name, arg, dir, proto, tc, st, nodes, depth, timemargin, restart, initstr, option.NAME";
    for (std::size_t i = 0; i < engines_.size(); ++i) {
      EngineDraft draft;
      const std::string where = "-engine " + std::to_string(i + 1);
      auto apply_all = [&](const std::vector<KeyValue>& kvs, const std::string& w) -> chess::Result<bool> {
        for (const KeyValue& kv : kvs) {
          auto applied = apply_engine_key(d_, draft, kv, w);
          if (!applied) return applied;
          if (!*applied) return chess::Error{w + ": unknown key '" + kv.key + "' (" + unknown_hint + ")"};
        }
        return true;
      };
      if (auto ok = apply_all(engines_[i], where); !ok) return ok;
      // -each comes after every -engine, wherever it stands (fastchess applies it last).
      for (const Flag& each : each_) {
        auto kvs = key_values(each);
        CHESS_RETURN_IF_ERROR(kvs);
        if (auto ok = apply_all(*kvs, "-each"); !ok) return ok;
      }
      auto e = finish_engine(draft, where);
      CHESS_RETURN_IF_ERROR(e);
      run_.config.engines.push_back(*e);
    }
    if (run_.config.engines.size() < 2) return chess::Error{"-engine: at least two engines are needed"};
    unique_names(run_.config.engines);
    settle_limits(run_.config);
    return true;
  }

  // Game pairs: both programs give each pair one opening with colours reversed when games per
  // round (fastchess) or repeats (cutechess) are 2, which is how this harness always plays.
  chess::Result<bool> make_schedule() {
    MatchConfig& c = run_.config;
    const bool two_engines = c.engines.size() == 2;
    int per_round = games_, rounds = rounds_;
    if (d_ == Dialect::FASTCHESS) {
      if (repeat_) per_round = repeat_;
      if (per_round > 2) std::swap(per_round, rounds);  // fastchess reads "-games 100 -rounds 1" so
      if (per_round != 2)
        return chess::Error{"-games " + std::to_string(per_round) +
                            ": games are played in pairs with colours reversed on one opening (-games 2, or -repeat)"};
    } else {
      if (repeat_ != 2)
        return chess::Error{
            "-repeat: cutechess-cli gives each game its own opening without -repeat; this harness plays "
            "each opening twice with colours reversed: add -repeat (2)"};
      if (per_round % 2 != 0)
        return chess::Error{"-games " + std::to_string(per_round) + ": must be even (each opening is played twice)"};
      rounds *= per_round / 2;
    }
    if (rounds < 1) return chess::Error{"-rounds: must be at least 1"};
    if (two_engines) {
      c.kind = TournamentKind::MATCH;
      c.games = 2 * rounds;
    } else {
      c.kind = gauntlet_ ? TournamentKind::GAUNTLET : TournamentKind::ROUND_ROBIN;
      c.rounds = rounds;
    }
    return true;
  }

  chess::Result<bool> finish() {
    if (run_.help || run_.version) return true;
    if (auto ok = make_engines(); !ok) return ok;
    if (auto ok = make_schedule(); !ok) return ok;
    if (has_control_character(run_.output.site))
      return chess::Error{"-site: '" + escaped_controls(run_.output.site) +
                          "' holds a control character (a site is one printable line)"};
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
  std::vector<std::vector<KeyValue>> engines_;
  std::vector<Flag> each_;
  int games_ = 2, rounds_ = 2, repeat_ = 0;
  bool gauntlet_ = false;
};

}  // namespace

const char* dialect_name(Dialect dialect) { return dialect == Dialect::FASTCHESS ? "fastchess" : "cutechess-cli"; }

chess::Result<ForeignRun> parse_foreign_command_line(Dialect dialect, const std::vector<std::string>& args) {
  ForeignRun run;
  run.db = default_database();
  run.config.concurrency = 1;
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
    return chess::Error{problems.describe(command_line_spelling)};
  return run;
}

}  // namespace harness
