// fastchess's command line: its options and engine keys, one row each, in the order its help
// lists them; the options it shares with cutechess-cli are their shared rows.
#include <algorithm>
#include <thread>

#include "core/nearest_names.h"
#include "frontends/foreign_schedule.h"
#include "frontends/front_end.h"
#include "frontends/shared_options.h"
#include "text/comma_list.h"

namespace harness::frontend {

namespace {

using R = chess::Result<bool>;

R accept(LineState&, const Flag&) { return true; }

R tablebase_adjudication(LineState&, const Flag& f) {
  if (f.params[0] != "BOTH")
    return chess::Error{"-tbadjudicate " + f.params[0] + ": not supported (tablebases adjudicate wins and draws: BOTH)"};
  return true;
}

// -pgnout file=F [append=] [notation=san] [match_line=REGEX]... and --pgn-comments' items.
R pgn_key(LineState& s, const KeyValue& kv) {
  const std::string at = "-pgnout " + kv.key;
  if (kv.key == "file") return s.run.output.pgn_file = kv.value, true;
  if (kv.key == "notation") {
    if (kv.value != "san") return chess::Error{at + "=" + kv.value + ": only san notation is written"};
    return true;
  }
  if (kv.key == "match_line") return s.run.config.settings.match_lines.push_back(kv.value), true;  // each pattern keeps its own last line
  if (kv.key == "append") {
    auto on = boolean(at, kv.value);
    CHESS_RETURN_IF_ERROR(on);
    return s.run.output.pgn_append = *on, true;
  }
  // The comment items are --pgn-comments' own (nodes, seldepth, nps, hashfull, timeleft,
  // latency, tbhits, pv, min): one list of names.
  auto on = boolean(at, kv.value);
  if (!set_pgn_comment(s.run.output.pgn_extras, kv.key, on.ok() && *on))
    return chess::Error{"-pgnout: unknown key '" + kv.key + "'" +
                        chess::did_you_mean(kv.key, {"file", "append", "notation", "nodes", "seldepth", "nps", "hashfull",
                                                     "timeleft", "latency", "tbhits", "pv", "min", "match_line"})};
  CHESS_RETURN_IF_ERROR(on);
  return true;
}

R pgn_out(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  s.run.output.pgn_file = "fastchess.pgn";
  for (const KeyValue& kv : *kvs) CHESS_RETURN_IF_ERROR(pgn_key(s, kv));
  return true;
}

R epd_out(LineState& s, const Flag& f) {
  s.run.output.epd_file = "fastchess.epd";
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) {
    if (kv.key == "file") {
      s.run.output.epd_file = kv.value;
    } else if (kv.key == "append") {
      auto on = boolean("-epdout append", kv.value);
      CHESS_RETURN_IF_ERROR(on);
      s.run.output.epd_append = *on;
    } else {
      return chess::Error{"-epdout: unknown key '" + kv.key + "' (file or append)"};
    }
  }
  return true;
}

// A key=value option of boolean keys.
R switches(const Flag& f, const std::vector<std::pair<std::string, bool*>>& keys) {
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

R score_interval(LineState& s, const Flag& f) { return number_to(f, s.run.output.score_interval); }

R autosave_interval(LineState&, const Flag& f) {  // every game is stored as it ends
  int n = 0;
  return number_to(f, n);
}

R report(LineState& s, const Flag& f) { return switches(f, {{"penta", &s.run.output.penta}}); }
R crc32(LineState& s, const Flag& f) { return switches(f, {{"pgn", &s.run.output.crc32}}); }

R output(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) {
    if (kv.key != "format") return chess::Error{"-output: unknown key '" + kv.key + "' (format)"};
    if (kv.value == "fastchess")
      s.run.output.format = LineFormat::FASTCHESS;
    else if (kv.value == "cutechess")
      s.run.output.format = LineFormat::FASTCHESS_CUTECHESS;
    else
      return chess::Error{"-output format=" + kv.value + ": expected fastchess or cutechess"};
  }
  return true;
}

R event(LineState& s, const Flag& f) { return text_words(f, s.run.config.event, ""); }
R site(LineState& s, const Flag& f) { return text_words(f, s.run.output.site, ""); }

R config_file(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) {
    if (kv.key == "file") {  // the run goes on from the command line; its state is in the database
      s.config_file = kv.value;
      s.run.output.start_warnings.push_back("Warning; -config file=" + kv.value +
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

R test_env(LineState& s, const Flag&) { return s.run.output.test_env = true; }
R strict(LineState& s, const Flag&) { return s.run.output.strict = true; }
R check_mate_pvs(LineState& s, const Flag&) { return s.run.config.settings.check_mate_pvs = true; }
R startup_ms(LineState& s, const Flag& f) { return number_to(f, s.run.config.settings.deadlines.startup_ms); }
R ucinewgame_ms(LineState& s, const Flag& f) { return number_to(f, s.run.config.settings.deadlines.ucinewgame_ms); }
R ping_ms(LineState& s, const Flag& f) { return number_to(f, s.run.config.settings.deadlines.ping_ms); }
R reverse(LineState& s, const Flag&) { return s.run.config.reverse = true; }

// -use-affinity [CPUS]: "0,2,4-7".
R affinity(LineState& s, const Flag& f) {
  s.run.config.use_affinity = true;
  if (f.params.empty()) return true;
  for (const std::string& part : comma_list(f.params[0])) {
    const std::size_t dash = part.find('-');
    auto first = number<int>("-use-affinity", part.substr(0, dash));
    auto last = dash == std::string::npos ? first : number<int>("-use-affinity", part.substr(dash + 1));
    CHESS_RETURN_IF_ERROR(first);
    CHESS_RETURN_IF_ERROR(last);
    if (*first < 0 || *last < *first || *last >= 1024)
      return chess::Error{"-use-affinity: '" + part + "' is not a CPU or a range of CPUs from 0 to 1023"};
    for (int cpu = *first; cpu <= *last; ++cpu) s.run.config.affinity_cpus.push_back(cpu);
  }
  return true;
}

R show_latency(LineState& s, const Flag&) { return s.run.config.show_latency = true; }

// -quick cmd=A cmd=B book=F: a quick match of two engines.
R quick(LineState& s, const Flag& f) {
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
    s.engines.push_back({"-engine", {"cmd=" + commands[i], "name=" + commands[i] + (same ? std::to_string(i + 1) : ""), "tc=10+0.1"}});
  CHESS_RETURN_IF_ERROR(read_openings(s, {"-openings", {"file=" + book, "order=random"}}));
  s.games = 2;
  s.rounds = 25000;
  s.run.config.concurrency = std::max(1, int(std::thread::hardware_concurrency()) - 2);
  s.run.output.recover = true;
  s.run.output.format = LineFormat::FASTCHESS_CUTECHESS;
  return read_draw(s, {"-draw", {"movenumber=30", "movecount=8", "score=8"}});
}

R compliance(LineState& s, const Flag& f) { return s.run.compliance = f.params, true; }

// One key of -log.
R log_key(LineState& s, const KeyValue& kv) {
  MatchConfig& c = s.run.config;
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
    if (kv.key == "append") s.run.output.log_append = *on;
    if (kv.key == "compress" && *on) return chess::Error{at + "=true: not supported (the log is written as text)"};
  } else {
    return chess::Error{"-log: unknown key '" + kv.key + "'" +
                        chess::did_you_mean(kv.key, {"file", "level", "engine", "append", "compress"})};
  }
  return true;
}

// -log file=F [level=L] [engine=true] [append=true] [compress=false]
R log(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  s.run.config.log_engine_lines = false;  // fastchess logs the engines' lines only with engine=true
  for (const KeyValue& kv : *kvs) CHESS_RETURN_IF_ERROR(log_key(s, kv));
  if (s.run.config.log_path.empty()) return chess::Error{"-log: missing file="};
  return true;
}

// Engine keys of fastchess's own.
R arguments(EngineDraft& e, const std::string& v, const std::string& at) {
  auto words = split_words(at, v);
  CHESS_RETURN_IF_ERROR(words);
  e.config.args.insert(e.config.args.end(), words->begin(), words->end());
  return true;
}

R depth(EngineDraft& e, const std::string& v, const std::string& at) { return fixed_search(e, "depth", v, at); }

void start(LineState&) {}

std::vector<OptionRow> options() {
  using A = Arity;
  return {
      shared_option("-engine"),
      shared_option("-each"),
      shared_option("-rounds"),
      shared_option("-games"),
      shared_option("-repeat"),
      shared_option("-concurrency"),
      {"-force-concurrency", A::NONE, "", "accepted: concurrency is never limited to the cores", accept},
      shared_option("-tournament"),
      shared_option("-openings"),
      {"-pgnout", A::ANY,
       "file=F [append=] [nodes=] [seldepth=] [nps=] [hashfull=] [timeleft=] [latency=] [tbhits=] [pv=] [min=] "
       "[match_line=REGEX]...",
       "each game's PGN", pgn_out},
      {"-epdout", A::SOME, "file=F [append=]", "each game's final position", epd_out},
      shared_option("-sprt"),
      shared_option("-resign"),
      shared_option("-draw"),
      shared_option("-maxmoves"),
      shared_option("-tb"),
      shared_option("-tbpieces"),
      {"-tbadjudicate", A::ONE, "BOTH", "tablebases adjudicate wins and draws", tablebase_adjudication},
      shared_option("-variant"),
      shared_option("-recover"),
      shared_option("-srand"),
      shared_option("-seeds"),
      shared_option("-ratinginterval"),
      {"-scoreinterval", A::ONE, "N", "the score line every N games", score_interval},
      {"-autosaveinterval", A::ONE, "N", "accepted: every game is stored as it ends", autosave_interval},
      {"-report", A::KEY_VALUES, "penta=true|false", "the pentanomial report", report},
      {"-output", A::KEY_VALUES, "format=fastchess|cutechess", "whose lines standard output carries", output},
      {"-event", A::SOME, "NAME", "the PGN Event", event},
      {"-site", A::SOME, "NAME", "the PGN Site", site},
      {"-config", A::KEY_VALUES, "discard=true outname=F", "accepted: the run's state is in the database", config_file},
      {"-crc32", A::KEY_VALUES, "pgn=true|false", "the PGN file's CRC-32 after each game", crc32},
      {"-testEnv", A::NONE, "", "a warning on one line, its parts joined by ' :: '", test_env},
      {"-strict", A::NONE, "", "any warning stops the run, which then exits with status 1", strict},
      {"-check-mate-pvs", A::NONE, "", "check mating PVs' length and end", check_mate_pvs},
      {"-startup-ms", A::ONE, "MS", "how long an engine may take to start", startup_ms},
      {"-ucinewgame-ms", A::ONE, "MS", "how long an engine may take to answer ucinewgame", ucinewgame_ms},
      {"-ping-ms", A::ONE, "MS", "how long an engine may take to answer isready", ping_ms},
      shared_option("-wait"),
      shared_option("-noswap"),
      {"-reverse", A::NONE, "", "every game's colours swapped", reverse},
      {"-use-affinity", A::OPTIONAL_ONE, "[CPUS]", "pin each engine process to a CPU of its own (of the list \"0,2-5\", or of all)",
       affinity},
      {"-show-latency", A::NONE, "", "each move's latency in the -log file", show_latency},
      {"-quick", A::KEY_VALUES, "cmd=A cmd=B book=F",
       "A against B at 10+0.1, 25000 game pairs, the cores less 2, -recover, draw adjudication, cutechess lines", quick},
      {"-compliance", A::SOME, "ENGINE [ARGS...]", "check a UCI engine's compliance (as harness check) and exit", compliance},
      {"-log", A::KEY_VALUES, "file=F [level=] [engine=true] [append=] [compress=false]",
       "the engine dialogue (engine=true) and how each game ended, with microsecond times; 'harness show RUN --game N'", log},
      shared_option("-db"),
      shared_option("-events"),
      shared_option("-params"),
      shared_option("-help"),
      shared_option("-h"),
      shared_option("-version"),
      shared_option("-v"),
      shared_option("-tbignore50"),
  };
}

std::vector<EngineKeyRow> engine_keys() {
  return {
      shared_engine_key("cmd"),
      shared_engine_key("name"),
      shared_engine_key("dir"),
      {"args", "\"A B\"", "its arguments, split at spaces", arguments},
      shared_engine_key("proto"),
      shared_engine_key("tc"),
      shared_engine_key("st"),
      shared_engine_key("nodes"),
      {"depth", "N", "a fixed depth a move", depth},
      shared_engine_key("timemargin"),
      shared_engine_key("restart"),
      shared_engine_key("option.NAME"),
      shared_engine_key("ponder"),
  };
}

}  // namespace

const FrontEnd& fastchess_front_end() {
  static const FrontEnd fastchess{"harness fastchess", LineFormat::FASTCHESS, options(), engine_keys(), start, fastchess_schedule, "Fastchess Tournament"};
  return fastchess;
}

}  // namespace harness::frontend
