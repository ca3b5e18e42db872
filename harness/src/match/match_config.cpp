#include "match_config.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace harness {

namespace {

nlohmann::json engine_json(const EngineConfig& e) {
  nlohmann::json opts = nlohmann::json::array();
  for (const auto& [k, v] : e.options) opts.push_back({k, v});
  return {{"name", e.name},
          {"command", e.command},
          {"args", e.args},
          {"working_dir", e.working_dir},
          {"protocol", protocol_name(e.protocol)},
          {"options", opts},
          {"init", e.init_strings}};
}

// An engine's own limits, stored only when given (older runs have none), in the spec's words.
void add_limits(nlohmann::json& j, const EngineConfig& e) {
  if (const std::string limits = engine_limits_text(e); !limits.empty()) j["limits"] = limits;
}

void read_limits(const nlohmann::json& j, EngineConfig& e) {
  if (!j.contains("limits")) return;
  std::istringstream words(j.at("limits").get<std::string>());
  for (std::string word; words >> word;) {
    const std::size_t eq = word.find('=');
    auto read = read_engine_limit(e, word.substr(0, eq), eq == std::string::npos ? "" : word.substr(eq + 1), "stored run");
    if (!read || !*read) throw std::runtime_error("engine '" + e.name + "': limit '" + word + "' unreadable");
  }
}

EngineConfig engine_from(const nlohmann::json& j) {
  EngineConfig e;
  e.name = j.at("name");
  e.command = j.at("command");
  e.args = j.at("args").get<std::vector<std::string>>();
  e.working_dir = j.at("working_dir");
  e.protocol = j.at("protocol") == "xboard" ? Protocol::XBOARD : Protocol::UCI;
  for (const auto& kv : j.at("options")) e.options.emplace_back(kv.at(0), kv.at(1));
  e.init_strings = j.at("init").get<std::vector<std::string>>();
  return e;
}

const char* kind_name(TournamentKind k) {
  switch (k) {
    case TournamentKind::MATCH: return "match";
    case TournamentKind::ROUND_ROBIN: return "round-robin";
    case TournamentKind::GAUNTLET: return "gauntlet";
    case TournamentKind::PAIRS: return "pairs";
  }
  return "match";
}

}  // namespace

std::string MatchConfig::to_json() const {
  nlohmann::json j;
  j["kind"] = kind_name(kind);
  j["engines"] = nlohmann::json::array();
  for (const EngineConfig& e : engines) {
    nlohmann::json ej = engine_json(e);
    add_limits(ej, e);
    j["engines"].push_back(ej);
  }
  j["games"] = games;
  j["rounds"] = rounds;
  const TimeControl& tc = settings.tc;
  j["tc"] = {{"kind", int(tc.kind)},          {"moves", tc.moves}, {"base_ms", tc.base_ms}, {"increment_ms", tc.increment_ms},
             {"movetime_ms", tc.movetime_ms}, {"depth", tc.depth}, {"nodes", tc.nodes}};
  j["time_margin_ms"] = settings.time_margin_ms;
  j["search_timeout_ms"] = settings.search_timeout_ms;
  const AdjudicationRules& a = settings.adjudication;
  j["adjudication"] = {{"resign", a.resign},
                       {"resign_moves", a.resign_moves},
                       {"resign_score", a.resign_score},
                       {"draw", a.draw},
                       {"draw_move_number", a.draw_move_number},
                       {"draw_moves", a.draw_moves},
                       {"draw_score", a.draw_score},
                       {"max_moves", a.max_moves}};
  j["openings"] = openings_path;
  j["plies"] = plies;
  j["order"] = order == OpeningOrder::RANDOM ? "random" : "sequential";
  if (opening_per_round) j["opening_per_round"] = true;
  j["seed"] = seed;
  j["concurrency"] = concurrency;
  if (sprt)
    j["sprt"] = {{"elo0", sprt->elo0},
                 {"elo1", sprt->elo1},
                 {"alpha", sprt->alpha},
                 {"beta", sprt->beta},
                 {"model", sprt->model == EloModel::LOGISTIC ? "logistic" : "normalized"}};
  j["pgn"] = pgn_path;
  j["event"] = event;
  if (shard.active()) j["shard"] = {shard.index, shard.count};
  if (pgn_comments.any()) j["pgn_comments"] = pgn_comments.describe();
  if (settings.variant != chess::Variant::STANDARD) j["variant"] = chess::variant_name(settings.variant);
  if (book_choice != BookChoice::WEIGHTED) j["book_choice"] = book_choice_name(book_choice);
  if (settings.ponder) j["ponder"] = true;
  if (!settings.tb_path.empty()) j["tb"] = {{"path", settings.tb_path}, {"pieces", settings.tb_pieces}};
  return j.dump();
}

chess::Result<MatchConfig> MatchConfig::from_json(const std::string& text) {
  try {
    nlohmann::json j = nlohmann::json::parse(text);
    MatchConfig c;
    std::string kind = j.at("kind");
    c.kind = kind == "match"         ? TournamentKind::MATCH
             : kind == "round-robin" ? TournamentKind::ROUND_ROBIN
             : kind == "pairs"       ? TournamentKind::PAIRS
                                     : TournamentKind::GAUNTLET;
    for (const auto& e : j.at("engines")) {
      c.engines.push_back(engine_from(e));
      read_limits(e, c.engines.back());
    }
    c.games = j.at("games");
    c.rounds = j.at("rounds");
    const auto& tc = j.at("tc");
    c.settings.tc.kind = TimeControl::Kind(tc.at("kind").get<int>());
    c.settings.tc.moves = tc.at("moves");
    c.settings.tc.base_ms = tc.at("base_ms");
    c.settings.tc.increment_ms = tc.at("increment_ms");
    c.settings.tc.movetime_ms = tc.at("movetime_ms");
    c.settings.tc.depth = tc.at("depth");
    c.settings.tc.nodes = tc.at("nodes");
    c.settings.time_margin_ms = j.at("time_margin_ms");
    c.settings.search_timeout_ms = j.at("search_timeout_ms");
    const auto& a = j.at("adjudication");
    c.settings.adjudication = {a.at("resign"),           a.at("resign_moves"), a.at("resign_score"), a.at("draw"),
                               a.at("draw_move_number"), a.at("draw_moves"),   a.at("draw_score"),   a.at("max_moves")};
    c.openings_path = j.at("openings");
    c.plies = j.at("plies");
    c.order = j.at("order") == "random" ? OpeningOrder::RANDOM : OpeningOrder::SEQUENTIAL;
    c.opening_per_round = j.value("opening_per_round", false);
    c.seed = j.at("seed");
    c.concurrency = j.at("concurrency");
    if (j.contains("sprt")) {
      const auto& s = j.at("sprt");
      c.sprt = SprtConfig{s.at("elo0"), s.at("elo1"), s.at("alpha"), s.at("beta"),
                          s.at("model") == "logistic" ? EloModel::LOGISTIC : EloModel::NORMALIZED};
    }
    c.pgn_path = j.at("pgn");
    c.event = j.at("event");
    if (j.contains("shard")) c.shard = Shard{j.at("shard").at(0), j.at("shard").at(1)};
    if (j.contains("pgn_comments")) c.pgn_comments = parse_pgn_comments(j.at("pgn_comments")).value();
    c.settings.ponder = j.value("ponder", false);
    if (j.contains("tb")) {
      c.settings.tb_path = j.at("tb").at("path");
      c.settings.tb_pieces = j.at("tb").at("pieces");
    }
    if (j.contains("book_choice")) c.book_choice = parse_book_choice(j.at("book_choice")).value();
    if (j.contains("variant")) {
      auto variant = chess::parse_variant(j.at("variant").get<std::string>());
      if (!variant) return chess::Error{"stored run configuration names an unknown variant"};
      c.settings.variant = *variant;
    }
    return c;
  } catch (const std::exception& e) {
    return chess::Error{std::string("stored run configuration is unreadable: ") + e.what()};
  }
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

std::vector<GameSpec> shard_games(const std::vector<GameSpec>& schedule, const Shard& shard) {
  std::vector<GameSpec> out;
  for (const GameSpec& g : schedule)
    if (shard.holds_pair(g.pair_index)) out.push_back(g);
  return out;
}

std::vector<GameSpec> make_schedule(const MatchConfig& c) {
  std::vector<GameSpec> out;
  int round = 0;
  auto add_pair = [&](int a, int b) {
    int pair = int(out.size()) / 2;
    int opening = c.opening_per_round ? round : pair;
    out.push_back({int(out.size()), pair, a, b, opening});
    out.push_back({int(out.size()), pair, b, a, opening});
  };
  if (c.kind == TournamentKind::MATCH) {
    for (int g = 0; g < c.games; ++g) out.push_back({g, g / 2, g % 2 == 0 ? 0 : 1, g % 2 == 0 ? 1 : 0, g / 2});
    return out;
  }
  const int n = int(c.engines.size());
  for (round = 0; round < c.rounds; ++round) {
    if (c.kind == TournamentKind::GAUNTLET) {
      for (int j = 1; j < n; ++j) add_pair(0, j);
    } else if (c.kind == TournamentKind::PAIRS) {
      for (int j = 0; j + 1 < n; j += 2) add_pair(j, j + 1);
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) add_pair(i, j);
    }
  }
  return out;
}

}  // namespace harness
