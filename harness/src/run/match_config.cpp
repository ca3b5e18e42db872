#include "run/match_config.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "engines/engine_text.h"
#include "json/json_input.h"
#include "settings/stored_enum.h"
#include "settings/stored_text.h"
#include "text/control_characters.h"

namespace harness {

namespace {

void check_engines(const MatchConfig& c, SettingProblems& problems) {
  const int n = int(c.engines.size());
  if (c.kind == TournamentKind::MATCH)
    problems.require(n == 2, "engines", "a match needs exactly two engines, got " + std::to_string(n));
  else
    problems.require(n >= 2, "engines", "a tournament needs at least two engines, got " + std::to_string(n));
  if (c.kind == TournamentKind::PAIRS) problems.require(n % 2 == 0, "engines", "pairs need an even number of engines");
  for (const EngineConfig& e : c.engines) {
    problems.require(!e.name.empty(), "engines", "an engine has no name");
    const std::string name_problem = printable_line_problem(e.name);
    problems.require(
        name_problem.empty(), "engines",
        "engine name '" + escaped_controls(e.name) + "' " + name_problem + " (a name is one printable line of UTF-8)");
    problems.require(!e.command.empty() || c.imported, "engines", "engine '" + e.name + "' has no command");
    // Every door's engines pass here, stored runs and the tuner's included, before any process starts.
    const std::string text_problem = engine_text_problem(e);
    problems.require(text_problem.empty(), "engines", "engine '" + escaped_controls(e.name) + "' " + text_problem);
    problems.require(
        !(c.settings.tc.kind == TimeControl::Kind::NODES && e.protocol == Protocol::XBOARD && !e.limit), "nodes",
        "cannot limit engine '" + e.name + "': it speaks xboard, which has no node limit; use --tc, --movetime or --depth");
  }
}

// "option 'SyzygyPath'" for an engine's options[K][…], "'command'" for its command.
std::string engine_setting(const nlohmann::json& engine, const TextNotUtf8& bad) {
  if (bad.path.empty()) return "";
  const std::string& key = bad.path[0].key;
  if (key != "options" || bad.path.size() < 2) return "'" + key + "'";
  const nlohmann::json& option = engine.at("options").at(std::stoul(bad.path[1].key));
  return "option '" + escaped_controls(option.at(0).get_ref<const std::string&>()) + "'";
}

// Every path, command and option value of a run is stored in its JSON, which holds UTF-8 only
// (settings/stored_text.h). Engines' names and the event have their own rule (check_engines,
// validate).
void check_match_text(const nlohmann::json& stored, SettingProblems& problems) {
  nlohmann::json others = stored;
  others.erase("event");
  others.erase("engines");
  check_stored_text(others, problems);
  for (const nlohmann::json& engine : stored.at("engines")) {
    nlohmann::json unnamed = engine;
    unnamed.erase("name");
    if (auto bad = first_text_not_utf8(unnamed)) {
      const std::string setting = engine_setting(engine, *bad);
      bad->path.clear();
      problems.add("engines", "engine '" + escaped_controls(engine.at("name").get_ref<const std::string&>()) + "' " + setting +
                                  ": " + bad->describe());
    }
  }
}

void check_counts(const MatchConfig& c, MatchConfig::Checks checks, SettingProblems& problems) {
  const bool new_run = checks == MatchConfig::Checks::NEW_RUN;
  problems.require(c.games >= 1 && c.games <= MAX_GAMES, "games",
                   "must be from 1 to " + std::to_string(MAX_GAMES) + ", got " + std::to_string(c.games));
  problems.require(c.kind == TournamentKind::MATCH || c.rounds > MAX_GAMES || c.total_games() <= MAX_GAMES, "rounds",
                   "plays " + std::to_string(c.total_games()) + " games, more than a run's " + std::to_string(MAX_GAMES));
  problems.require(!new_run || c.kind != TournamentKind::MATCH || c.games % 2 == 0 || c.imported || !c.paired, "games",
                   "must be even: games are played in pairs with colours reversed, got " + std::to_string(c.games));
  problems.require(c.rounds >= 1 && c.rounds <= MAX_GAMES, "rounds",
                   "must be from 1 to " + std::to_string(MAX_GAMES) + ", got " + std::to_string(c.rounds));
  problems.require(c.opening_offset >= 0, "opening_offset", "must be at least 0, got " + std::to_string(c.opening_offset));
  problems.require(c.concurrency >= 1 && (!new_run || c.concurrency <= MAX_CONCURRENCY), "concurrency",
                   "must be from 1 to " + std::to_string(MAX_CONCURRENCY) + ", got " + std::to_string(c.concurrency));
  problems.require(c.plies >= 0, "plies", "must be 0 (the whole opening) or more, got " + std::to_string(c.plies));
  problems.require(!c.openings_path.empty() || c.random_plies >= 0, "openings", "names no opening book");
  problems.require(c.random_plies >= -1 && c.random_plies <= MAX_RANDOM_PLIES, "random_plies",
                   "must be from 0 to " + std::to_string(MAX_RANDOM_PLIES) + ", got " + std::to_string(c.random_plies));
  problems.require(c.random_plies < 0 || c.openings_path.empty(), "random_plies",
                   "and an opening book cannot both give the openings");
  problems.require(
      c.shard.count >= 1 && c.shard.index >= 0 && c.shard.index < c.shard.count, "shard",
      "must be K/N with 1 <= K <= N, got " + std::to_string(c.shard.index + 1) + "/" + std::to_string(c.shard.count));
  problems.require(c.paired || c.kind != TournamentKind::PAIRS, "unpaired", "an SPSA batch is played in pairs");
  for (int cpu : c.affinity_cpus)
    problems.require(cpu >= 0 && cpu < 1024, "affinity_cpus", "a CPU number must be from 0 to 1023, got " + std::to_string(cpu));
  problems.require(c.wait_ms >= 0 && c.wait_ms <= 3600000, "wait_ms",
                   "must be from 0 to 3600000 milliseconds, got " + std::to_string(c.wait_ms));
}

// A run sized by positions keeps its games in the order of one schedule: a shard plays a share
// of it, and an SPRT would end it on other grounds.
void check_positions(const MatchConfig& c, SettingProblems& problems) {
  if (c.positions == 0) return;
  problems.require(c.positions > 0 && c.positions <= MAX_POSITIONS, "positions",
                   "must be from 1 to " + std::to_string(MAX_POSITIONS) + ", got " + std::to_string(c.positions));
  problems.require(c.datagen, "positions", "sizes a datagen run only");
  problems.require(!c.shard.active(), "positions",
                   "keeps the first games of one run in order: a shard (or a cluster) cannot; size it by games");
  problems.require(!c.sprt, "positions", "and an SPRT cannot both end a run");
}

void check_sprt(const MatchConfig& c, SettingProblems& problems) {
  if (!c.sprt) return;
  problems.require(c.kind == TournamentKind::MATCH, "sprt", "works only in a match of two engines");
  problems.require(c.sprt->elo0 < c.sprt->elo1, "sprt", "needs elo0 below elo1");
  problems.require(c.sprt->alpha > 0 && c.sprt->alpha < 1 && c.sprt->beta > 0 && c.sprt->beta < 1, "sprt",
                   "needs alpha and beta between 0 and 1");
}

}  // namespace

std::vector<std::string> MatchConfig::engine_names() const {
  std::vector<std::string> names;
  for (const EngineConfig& e : engines) names.push_back(e.name);
  return names;
}

const char* tournament_kind_name(TournamentKind kind) {
  switch (kind) {
    case TournamentKind::MATCH: return "match";
    case TournamentKind::ROUND_ROBIN: return "round-robin";
    case TournamentKind::GAUNTLET: return "gauntlet";
    case TournamentKind::PAIRS: return "pairs";
  }
  return "match";
}

chess::Result<TournamentKind> parse_tournament_kind(const std::string& name) {
  for (auto kind : {TournamentKind::MATCH, TournamentKind::ROUND_ROBIN, TournamentKind::GAUNTLET, TournamentKind::PAIRS})
    if (name == tournament_kind_name(kind)) return kind;
  return chess::Error{"unknown run kind '" + name + "' (expected match, round-robin, gauntlet or pairs)"};
}

SettingProblems MatchConfig::validate(Checks checks) const {
  SettingProblems problems;
  check_engines(*this, problems);
  const std::string event_problem = printable_line_problem(event);
  problems.require(event_problem.empty(), "event",
                   "'" + escaped_controls(event) + "' " + event_problem + " (an event is one printable line of UTF-8)");
  check_counts(*this, checks, problems);
  check_sprt(*this, problems);
  check_positions(*this, problems);
  check_game_settings(settings, problems);
  check_match_text(stored_json(), problems);
  return problems;
}

bool MatchConfig::has_clock() const {
  if (settings.tc.kind != TimeControl::Kind::CLOCK) return false;
  return !imported || bool(parse_time_control(imported->time_control));
}

RunKind MatchConfig::run_kind() const {
  if (datagen) return RunKind::DATAGEN;
  return kind == TournamentKind::MATCH ? RunKind::MATCH : RunKind::TOURNAMENT;
}

std::string MatchConfig::time_control_text() const { return imported ? imported->time_control : settings.tc.describe(); }

void to_json(nlohmann::json& j, const ImportedGames& imported) {
  j = {{"files", imported.files}, {"time_control", imported.time_control}, {"games", imported.games}};
}

void from_json(const nlohmann::json& j, ImportedGames& imported) {
  j.at("files").get_to(imported.files);
  j.at("time_control").get_to(imported.time_control);
  imported.games = j.value("games", 0);
}

void to_json(nlohmann::json& j, const Shard& shard) { j = {shard.index, shard.count}; }

void from_json(const nlohmann::json& j, Shard& shard) {
  j.at(0).get_to(shard.index);
  j.at(1).get_to(shard.count);
}

void MatchConfig::adopt_measurements(const MatchConfig& stored) {
  if (tested.size() != stored.tested.size()) return;
  for (std::size_t i = 0; i < tested.size(); ++i) tested[i].nps = stored.tested[i].nps;
  if (!speed_scale || !stored.speed_scale) return;
  if (speed_scale->reference_nps != stored.speed_scale->reference_nps || speed_scale->by != stored.speed_scale->by ||
      speed_scale->unscaled != stored.speed_scale->unscaled)
    return;
  speed_scale = stored.speed_scale;
  settings.tc = stored.settings.tc;
}

std::int64_t MatchConfig::total_games() const {
  if (kind == TournamentKind::MATCH) return games;
  const std::int64_t n = std::int64_t(engines.size());
  const std::int64_t encounters = kind == TournamentKind::GAUNTLET ? std::max<std::int64_t>(n - 1, 0)
                                  : kind == TournamentKind::PAIRS  ? n / 2
                                                                   : n * (n - 1) / 2;
  return std::int64_t(rounds) * encounters * (paired ? 2 : 1);
}

std::string MatchConfig::to_json() const { return stored_json().dump(); }

nlohmann::json MatchConfig::stored_json() const {
  nlohmann::json j = settings;
  j["kind"] = tournament_kind_name(kind);
  j["engines"] = engines;
  j["games"] = games;
  j["rounds"] = rounds;
  j["openings"] = openings_path;
  if (random_plies >= 0) j["random_plies"] = random_plies;
  if (!openings_digest.empty()) j["openings_digest"] = openings_digest;
  j["plies"] = plies;
  j["order"] = opening_order_name(order);
  if (opening_per_round) j["opening_per_round"] = true;
  j["seed"] = seed;
  j["concurrency"] = concurrency;
  if (sprt) j["sprt"] = *sprt;
  j["pgn"] = pgn_path;
  j["event"] = event;
  if (shard.active()) j["shard"] = shard;
  if (pgn_comments.any()) j["pgn_comments"] = pgn_comments.describe();
  if (book_choice != BookChoice::WEIGHTED) j["book_choice"] = book_choice_name(book_choice);
  if (opening_offset != 0) j["opening_offset"] = opening_offset;
  if (imported) j["imported"] = *imported;
  if (!tested.empty()) j["tested"] = tested;
  if (speed_scale) j["speed_scale"] = *speed_scale;
  if (datagen) j["datagen"] = true;
  if (positions) j["positions"] = positions;
  if (!paired) j["unpaired"] = true;
  if (!log_path.empty()) j["log"] = log_path;
  if (!log_engine_lines) j["log_engine_lines"] = false;
  if (noswap) j["noswap"] = true;
  if (reverse) j["reverse"] = true;
  if (wait_ms) j["wait_ms"] = wait_ms;
  if (!params_file.empty()) j["params_file"] = params_file;
  if (show_latency) j["show_latency"] = true;
  if (use_affinity) j["affinity_cpus"] = affinity_cpus;
  return j;
}

chess::Result<MatchConfig> MatchConfig::from_json(const std::string& text) {
  MatchConfig c;
  try {
    auto parsed = json_input::parse(text, "stored run configuration");
    if (!parsed) return chess::Error{parsed.error()};
    const nlohmann::json& j = *parsed;
    j.get_to(c.settings);
    c.kind = stored_enum<TournamentKind>(j.at("kind"), "kind", parse_tournament_kind);
    j.at("engines").get_to(c.engines);
    c.games = stored_int(j.at("games"), "games");
    c.rounds = stored_int(j.at("rounds"), "rounds");
    j.at("openings").get_to(c.openings_path);
    if (j.contains("random_plies")) c.random_plies = stored_int(j.at("random_plies"), "random_plies");
    c.openings_digest = j.value("openings_digest", "");
    j.at("plies").get_to(c.plies);
    c.order = stored_enum<OpeningOrder>(j.at("order"), "order", parse_opening_order);
    c.opening_per_round = j.value("opening_per_round", false);
    c.opening_offset = j.value("opening_offset", 0);
    if (j.contains("imported")) c.imported = j.at("imported").get<ImportedGames>();
    if (j.contains("tested")) j.at("tested").get_to(c.tested);
    if (j.contains("speed_scale")) c.speed_scale = j.at("speed_scale").get<SpeedScale>();
    c.datagen = j.value("datagen", false);
    c.positions = j.value("positions", std::int64_t(0));
    c.paired = !j.value("unpaired", false);
    c.log_path = j.value("log", std::string());
    c.log_engine_lines = j.value("log_engine_lines", true);
    c.noswap = j.value("noswap", false);
    c.reverse = j.value("reverse", false);
    c.wait_ms = j.value("wait_ms", 0);
    c.params_file = j.value("params_file", std::string());
    c.show_latency = j.value("show_latency", false);
    c.use_affinity = j.contains("affinity_cpus");
    if (c.use_affinity) j.at("affinity_cpus").get_to(c.affinity_cpus);
    j.at("seed").get_to(c.seed);
    j.at("concurrency").get_to(c.concurrency);
    if (j.contains("sprt")) c.sprt = j.at("sprt").get<SprtConfig>();
    j.at("pgn").get_to(c.pgn_path);
    j.at("event").get_to(c.event);
    if (j.contains("shard")) j.at("shard").get_to(c.shard);
    if (j.contains("pgn_comments"))
      c.pgn_comments = stored_enum<PgnComments>(j.at("pgn_comments"), "pgn_comments", parse_pgn_comments);
    if (j.contains("book_choice")) c.book_choice = stored_enum<BookChoice>(j.at("book_choice"), "book_choice", parse_book_choice);
  } catch (const std::exception& e) {  // nlohmann's and StoredValueError: the documented boundary
    return chess::Error{std::string("stored run configuration is unreadable: ") + e.what()};
  }
  if (SettingProblems problems = c.validate(Checks::STORED_RUN); !problems.empty())
    return chess::Error{"stored run configuration: " + problems.describe(json_key_spelling)};
  return c;
}

chess::Result<Shard> parse_shard(const std::string& text) {
  const std::size_t slash = text.find('/');
  auto number = [](const std::string& digits, long& out) {
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::stol(digits);
    return true;
  };
  long k = 0, n = 0;
  if (slash == std::string::npos || !number(text.substr(0, slash), k) || !number(text.substr(slash + 1), n))
    return chess::Error{"shard '" + text + "': expected K/N, this machine's share K of N shards (e.g. 1/4)"};
  if (n < 1) return chess::Error{"shard '" + text + "': the number of shards N must be at least 1"};
  if (k < 1 || k > n) return chess::Error{"shard '" + text + "': K must be from 1 to N=" + std::to_string(n)};
  return Shard{int(k - 1), int(n)};
}

}  // namespace harness
