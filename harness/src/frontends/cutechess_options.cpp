// cutechess-cli's command line: its options and engine keys, one row each, in the order its
// help lists them; the options it shares with fastchess are their shared rows.
#include <nlohmann/json.hpp>

#include "core/bounded_read.h"
#include "engines/engine_text.h"
#include "frontends/foreign_schedule.h"
#include "frontends/front_end.h"
#include "frontends/shared_options.h"
#include "json/json_input.h"

namespace harness::frontend {

namespace {

using R = chess::Result<bool>;

const std::vector<EngineKeyRow>& cutechess_keys();

R book_mode(LineState&, const Flag& f) {
  if (f.params[0] != "ram" && f.params[0] != "disk") return chess::Error{"-bookmode: expected ram or disk, got '" + f.params[0] + "'"};
  return true;  // how cutechess holds the book; the book is read once into memory here either way
}

// -pgnout FILE [min] [fi]
R pgn_out(LineState& s, const Flag& f) {
  if (f.params.empty()) return chess::Error{"-pgnout: expects a file name"};
  s.run.output.pgn_file = f.params[0];
  for (std::size_t i = 1; i < f.params.size(); ++i) {
    if (f.params[i] == "fi") continue;  // unfinished games are never written
    if (f.params[i] == "min") {
      s.run.output.pgn_extras.min = true;
      continue;
    }
    return chess::Error{"-pgnout: unknown word '" + f.params[i] + "' (min or fi)"};
  }
  return true;
}

R epd_out(LineState& s, const Flag& f) {
  if (f.params.size() != 1) return chess::Error{"-epdout: expects exactly one file name"};
  s.run.output.epd_file = f.params[0];
  return true;
}

R event(LineState& s, const Flag& f) { return text_words(f, s.run.config.event, " "); }
R site(LineState& s, const Flag& f) { return text_words(f, s.run.output.site, " "); }

R result_format(LineState&, const Flag& f) {
  if (f.params[0] != "default")
    return chess::Error{"-resultformat " + f.params[0] + ": not supported (the table has cutechess-cli's default format)"};
  return true;
}

R debug(LineState& s, const Flag&) {
  s.run.config.log_path = "-";
  return true;
}

// Engine keys of cutechess-cli's own.
R argument(EngineDraft& e, const std::string& v, const std::string&) { return e.config.args.push_back(v), true; }
R plies(EngineDraft& e, const std::string& v, const std::string& at) { return fixed_search(e, "depth", v, at); }
// A line sent to the engine as it is: one line, no control character (engines/engine_text.h).
R init_string(EngineDraft& e, const std::string& v, const std::string& at) {
  if (const std::string problem = engine_line_problem(v); !problem.empty())
    return chess::Error{at + ": " + quoted_engine_text(v) + " " + problem};
  return e.config.init_strings.push_back(v), true;
}
R stderr_file(EngineDraft& e, const std::string& v, const std::string&) { return e.stderr_file = v, true; }

// An engine of Cute Chess's engines.json as the keys of a line: command, name,
// workingDirectory, protocol, initStrings, stderrFile, restart and options ({"name", "value"}).
std::vector<KeyValue> conf_keys(const nlohmann::json& entry) {
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
      keys.push_back({"option." + o["name"].get<std::string>(), o["value"].is_string() ? o["value"].get<std::string>() : o["value"].dump()});
  return keys;
}

// conf=NAME: the engine of that name in ./engines.json; the keys a line gives later override it.
R engine_conf(EngineDraft& e, const std::string& name, const std::string& at) {
  const std::string file = "engines.json";
  auto contents = chess::read_whole_file(file, "engines.json", chess::MAX_JSON_FILE);
  if (!contents) return chess::Error{at + "=" + name + ": " + file + ": " + contents.error()};
  auto parsed = json_input::parse(*contents, file);
  if (!parsed) return chess::Error{at + "=" + name + ": " + parsed.error()};
  const nlohmann::json& all = *parsed;
  if (!all.is_array()) return chess::Error{at + "=" + name + ": " + file + " is not a JSON array of engines"};
  for (const nlohmann::json& entry : all) {
    if (!entry.is_object() || !entry.contains("name") || entry["name"] != name) continue;
    for (const KeyValue& kv : conf_keys(entry))
      if (!kv.value.empty()) CHESS_RETURN_IF_ERROR(apply_engine_key(cutechess_keys(), e, kv, at + "=" + name));
    return true;
  }
  return chess::Error{at + "=" + name + ": no engine of that name in " + file};
}

// cutechess-cli plays one game of one round unless told otherwise, prints no pentanomial
// report and its results table only at the end.
void start(LineState& s) {
  s.run.output.rating_interval = 0;
  s.run.output.penta = false;
  s.games = 1;
  s.rounds = 1;
}

std::vector<OptionRow> options() {
  using A = Arity;
  return {
      shared_option("-engine"),
      shared_option("-each"),
      shared_option("-rounds"),
      shared_option("-games"),
      shared_option("-repeat"),
      shared_option("-concurrency"),
      shared_option("-tournament"),
      shared_option("-openings"),
      {"-bookmode", A::ONE, "ram|disk", "accepted: the book is read into memory once", book_mode},
      {"-pgnout", A::ANY, "FILE [min] [fi]", "each game's PGN (min: without comments; unfinished games are never written)", pgn_out},
      {"-epdout", A::SOME, "FILE", "each game's final position", epd_out},
      shared_option("-sprt"),
      shared_option("-resign"),
      shared_option("-draw"),
      shared_option("-maxmoves"),
      shared_option("-tb"),
      shared_option("-tbpieces"),
      shared_option("-variant"),
      shared_option("-recover"),
      shared_option("-srand"),
      shared_option("-seeds"),
      shared_option("-ratinginterval"),
      {"-event", A::SOME, "NAME", "the PGN Event", event},
      {"-site", A::SOME, "NAME", "the PGN Site", site},
      shared_option("-wait"),
      shared_option("-noswap"),
      {"-resultformat", A::ONE, "default", "the result table's format (only cutechess-cli's default)", result_format},
      {"-debug", A::OPTIONAL_ONE, "[all]", "every line to and from the engines on standard error", debug},
      shared_option("-db"),
      shared_option("-events"),
      shared_option("-params"),
      shared_option("-help"),
      shared_option("-h"),
      shared_option("-version"),
      shared_option("-v"),
      shared_option("-tbignore50"),
      refused("-outcomeinterval", "outcome summaries are not printed"),
      refused("-pgnin", "PGN input is read by 'harness import'"),
      refused("-epdin", "EPD input is not supported"),
      refused("-engines", "engine configuration files are not read"),
  };
}

const std::vector<EngineKeyRow>& cutechess_keys() {
  static const std::vector<EngineKeyRow> keys = {
      shared_engine_key("cmd"),
      shared_engine_key("name"),
      shared_engine_key("dir"),
      {"arg", "A", "one argument (repeatable)", argument},
      shared_engine_key("proto"),
      shared_engine_key("tc"),
      shared_engine_key("st"),
      shared_engine_key("nodes"),
      {"plies", "N", "a fixed depth a move", plies},
      shared_engine_key("timemargin"),
      shared_engine_key("restart"),
      {"initstr", "TEXT", "a line sent after the protocol's start (repeatable)", init_string},
      shared_engine_key("option.NAME"),
      {"conf", "NAME", "the engine of that name in ./engines.json (Cute Chess's file)", engine_conf},
      {"stderr", "FILE", "its standard error, appended to FILE after each game", stderr_file},
      shared_engine_key("ponder"),
      refused_key("book", "engine books are not supported (use -openings)"),
      refused_key("bookdepth", "engine books are not supported (use -openings)"),
      refused_key("whitepov", "white-point-of-view scores are not supported"),
      refused_key("trust", "trusting engine result claims is not supported"),
      refused_key("tscale", "time scaling per engine is not supported"),
  };
  return keys;
}

}  // namespace

const FrontEnd& cutechess_front_end() {
  static const FrontEnd cutechess{"harness cutechess", LineFormat::CUTECHESS, options(), cutechess_keys(), start, cutechess_schedule, "?"};
  return cutechess;
}

}  // namespace harness::frontend
