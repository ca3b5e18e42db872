#include "frontends/shared_options.h"

#include <algorithm>
#include <filesystem>
#include <thread>

#include "core/nearest_names.h"
#include "stats/sprt.h"

namespace harness::frontend {

namespace {

using R = chess::Result<bool>;

R add_engine(LineState& s, const Flag& f) { return s.engines.push_back(f), true; }
R add_each(LineState& s, const Flag& f) { return s.each.push_back(f), true; }
R rounds(LineState& s, const Flag& f) { return number_to(f, s.rounds); }
R games(LineState& s, const Flag& f) { return number_to(f, s.games); }

R repeat(LineState& s, const Flag& f) {
  s.repeat = 2;
  return f.params.empty() ? true : number_to(f, s.repeat);
}

R concurrency(LineState& s, const Flag& f) {
  auto v = number<int>(f.name, f.params[0]);
  CHESS_RETURN_IF_ERROR(v);
  int n = *v;
  if (n <= 0) n = int(std::thread::hardware_concurrency()) + n;  // fastchess: the cores less |N|
  if (n < 1) return chess::Error{"-concurrency: " + f.params[0] + " leaves no game to play on this machine"};
  s.run.config.concurrency = n;
  return true;
}

R tournament(LineState& s, const Flag& f) {
  const std::string& v = f.params[0];
  if (v == "roundrobin" || v == "round-robin")
    s.gauntlet = false;
  else if (v == "gauntlet")
    s.gauntlet = true;
  else
    return chess::Error{"-tournament: '" + v + "' is not supported (roundrobin or gauntlet)"};
  return true;
}

// One key of -openings.
R opening_key(MatchConfig& c, const KeyValue& kv, std::string& format) {
  const std::string at = "-openings " + kv.key;
  if (kv.key == "file") {
    auto path = absolute_path(at, kv.value);
    CHESS_RETURN_IF_ERROR(path);
    c.openings_path = *path;
  } else if (kv.key == "format") {
    if (kv.value != "epd" && kv.value != "pgn") return chess::Error{at + ": '" + kv.value + "' is not epd or pgn"};
    format = kv.value;
  } else if (kv.key == "order") {
    auto o = parse_opening_order(kv.value);
    if (!o) return chess::Error{at + ": " + o.error()};
    c.order = *o;
  } else if (kv.key == "plies") {
    auto p = number<int>(at, kv.value);
    CHESS_RETURN_IF_ERROR(p);
    c.plies = std::max(0, *p);
  } else if (kv.key == "start") {
    auto start = number<int>(at, kv.value);
    if (!start || *start < 1) return chess::Error{at + ": must be at least 1"};
    c.opening_offset = *start - 1;
  } else if (kv.key == "policy") {
    if (kv.value != "round" && kv.value != "default" && kv.value != "encounter")
      return chess::Error{at + ": '" + kv.value + "' is not supported (each game pair takes the next opening)"};
  } else {
    return chess::Error{"-openings: unknown key '" + kv.key + "'" +
                        chess::did_you_mean(kv.key, {"file", "format", "order", "plies", "start", "policy"})};
  }
  return true;
}

R sprt(LineState& s, const Flag& f) {
  auto test = parse_sprt(joined(f.params), "-sprt");
  if (!test) return chess::Error{test.error()};
  s.run.config.sprt = *test;
  return true;
}

R adjudication(LineState& s, const Flag& f, chess::Result<AdjudicationRules> (*read_rules)(const std::string&, AdjudicationRules)) {
  auto rules = read_rules(joined(f.params), s.run.config.settings.adjudication);
  if (!rules) return chess::Error{f.name + ": " + rules.error()};
  s.run.config.settings.adjudication = *rules;
  return true;
}

R resign(LineState& s, const Flag& f) { return adjudication(s, f, parse_resign); }
R max_moves(LineState& s, const Flag& f) { return number_to(f, s.run.config.settings.adjudication.max_moves); }

R tablebases(LineState& s, const Flag& f) {
  if (f.params[0].find(':') != std::string::npos) return chess::Error{"-tb: give one directory (several are not supported)"};
  auto path = absolute_path("-tb", f.params[0]);
  CHESS_RETURN_IF_ERROR(path);
  s.run.config.settings.tb_path = *path;
  return true;
}

R tablebase_pieces(LineState& s, const Flag& f) { return number_to(f, s.run.config.settings.tb_pieces); }

R variant(LineState& s, const Flag& f) {
  auto parsed = parse_variant_setting(f.params[0]);
  if (!parsed) return chess::Error{"-variant: " + parsed.error()};
  s.run.config.settings.variant = *parsed;
  return true;
}

R recover(LineState& s, const Flag&) { return s.run.output.recover = true; }
R seed(LineState& s, const Flag& f) { return number_to(f, s.run.config.seed); }

R seeds(LineState&, const Flag& f) {
  int n = 0;
  CHESS_RETURN_IF_ERROR(number_to(f, n));
  if (n != 1) return chess::Error{"-seeds " + std::to_string(n) + ": not supported (a gauntlet has one seed, the first engine)"};
  return true;
}

R rating_interval(LineState& s, const Flag& f) { return number_to(f, s.run.output.rating_interval); }
R wait(LineState& s, const Flag& f) { return number_to(f, s.run.config.wait_ms); }
R no_swap(LineState& s, const Flag&) { return s.run.config.noswap = true; }
R database(LineState& s, const Flag& f) { return s.run.db = f.params[0], true; }
R help(LineState& s, const Flag&) { return s.run.help = true; }

// -events file=F: the run's events as JSON lines, as harness match --events writes them.
R events(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) {
    if (kv.key != "file") return chess::Error{"-events: unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, {"file"})};
    auto path = kv.value == "-" ? chess::Result<std::string>(kv.value) : absolute_path("-events file", kv.value);
    CHESS_RETURN_IF_ERROR(path);
    s.run.events = *path;
  }
  if (s.run.events.empty()) return chess::Error{"-events: missing file= (file=- is standard output)"};
  return true;
}

// -params file=F: each engine's option values, read again before every game pair.
R params(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) {
    if (kv.key != "file") return chess::Error{"-params: unknown key '" + kv.key + "'" + chess::did_you_mean(kv.key, {"file"})};
    auto path = absolute_path("-params file", kv.value);
    CHESS_RETURN_IF_ERROR(path);
    s.run.config.params_file = *path;
  }
  if (s.run.config.params_file.empty()) return chess::Error{"-params: missing file="};
  return true;
}
R version(LineState& s, const Flag&) { return s.run.version = true; }

const std::vector<OptionRow>& shared_rows() {
  using A = Arity;
  static const std::vector<OptionRow> rows = {
      {"-engine", A::KEY_VALUES, "cmd=C name=N ...", "an engine (keys below)", add_engine},
      {"-each", A::KEY_VALUES, "KEY=VALUE ...", "keys for every engine, applied after each -engine's own", add_each},
      {"-rounds", A::ONE, "N", "rounds of the schedule", rounds},
      {"-games", A::ONE, "N", "games of each encounter in a round", games},
      {"-repeat", A::OPTIONAL_ONE, "[N]", "each opening played N (2) times with colours reversed", repeat},
      {"-concurrency", A::ONE, "N", "games at once (N <= 0: the cores less |N|)", concurrency},
      {"-tournament", A::ONE, "roundrobin|gauntlet", "the kind of tournament of more than two engines", tournament},
      {"-openings", A::KEY_VALUES, "file=F [format=epd|pgn] [order=random|sequential] [plies=N] [start=N] [policy=round]",
       "the opening book", read_openings},
      {"-sprt", A::KEY_VALUES, "elo0= elo1= alpha= beta= [model=normalized|logistic|bayesian]", "stop when the test decides", sprt},
      {"-resign", A::KEY_VALUES, "movecount=N score=CP [twosided=]", "resign adjudication", resign},
      {"-draw", A::KEY_VALUES, "movenumber=N movecount=N score=CP", "draw adjudication", read_draw},
      {"-maxmoves", A::ONE, "N", "a draw after N moves", max_moves},
      {"-tb", A::ONE, "DIR", "Syzygy tables for adjudication", tablebases},
      {"-tbpieces", A::ONE, "N", "adjudicate positions of at most N pieces", tablebase_pieces},
      {"-variant", A::ONE, "standard|fischerandom", "the variant", variant},
      {"-recover", A::NONE, "", "go on after an engine crashes or stalls", recover},
      {"-srand", A::ONE, "N", "the seed of the opening order", seed},
      {"-seeds", A::ONE, "1", "a gauntlet's seeds (one)", seeds},
      {"-ratinginterval", A::ONE, "N", "the results block every N games", rating_interval},
      {"-wait", A::ONE, "MS", "each game slot pauses this long between its games", wait},
      {"-noswap", A::NONE, "", "the first engine has White in every game", no_swap},
      {"-db", A::ONE, "FILE", "the database (this harness's own option)", database},
      {"-params", A::KEY_VALUES, "file=F", "each engine's option values, read again before every game pair ([ENGINE] sections of NAME=VALUE lines)", params},
      {"-events", A::KEY_VALUES, "file=F", "the run's events as JSON lines, appended to F (- : standard output, the lines then on standard error)", events},
      {"-help", A::ANY, "", "these lines", help},
      {"-h", A::ANY, "", "these lines", help},
      {"-version", A::ANY, "", "the version", version},
      {"-v", A::ANY, "", "the version", version},
      refused("-tbignore50", "tablebase results always respect the fifty-move rule"),
  };
  return rows;
}

}  // namespace

const OptionRow& shared_option(std::string_view name) {
  const auto& rows = shared_rows();
  static const OptionRow not_shared = refused("?", "not an option both programs have");
  auto it = std::find_if(rows.begin(), rows.end(), [&](const OptionRow& r) { return name == r.name; });
  return it != rows.end() ? *it : not_shared;
}

R read_openings(LineState& s, const Flag& f) {
  auto kvs = key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  std::string format;
  for (const KeyValue& kv : *kvs) CHESS_RETURN_IF_ERROR(opening_key(s.run.config, kv, format));
  const std::string& path = s.run.config.openings_path;
  if (path.empty()) return chess::Error{"-openings: missing file="};
  const std::string ext = std::filesystem::path(path).extension().string();
  if (!format.empty() && ext != "." + format)
    return chess::Error{"-openings format=" + format + ": the file " + path + " is read by its extension; name it ." + format};
  return true;
}

R read_draw(LineState& s, const Flag& f) { return adjudication(s, f, parse_draw); }

R text_words(const Flag& f, std::string& out, const std::string& separator) {
  out = joined(f.params, separator);
  return true;
}

}  // namespace harness::frontend
