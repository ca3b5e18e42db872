#include "run_report.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "views/game_plots.h"
#include "run/run_tally.h"
#include "run/schedule.h"
#include "stats/elo.h"
#include "stats/rating.h"
#include "stats/sprt.h"
#include "stats/terminations.h"
#include "text/words.h"

namespace harness {

using nlohmann::json;

namespace {

// How a report is being made: with every game's moves or not, and whether to abandon it.
struct Making {
  static constexpr std::size_t GAMES_BETWEEN_ASKS = 1024;
  bool with_moves = true;
  const GiveUp& give_up;
  bool given_up() const { return give_up && give_up(); }
  static chess::Error given_up_error(std::int64_t run_id) {
    return chess::Error{"the report of run " + std::to_string(run_id) + " was abandoned (a stop was requested)"};
  }
};

// A mate score as a large centipawn value of the same sign, so that one axis holds both.
int report_score(const ReportMove& m) {
  if (m.mate_in != 0) return m.mate_in > 0 ? 30000 - m.mate_in : -30000 - m.mate_in;
  return m.score_cp;
}

chess::Result<json> engines_json(Database& db, std::int64_t run_id, const MatchConfig& c) {
  auto played = db.run_engines(run_id);
  CHESS_RETURN_IF_ERROR(played);
  std::map<std::string, std::string> checksums;
  for (const auto& [name, sum] : *played) checksums[name] = sum;
  json out = json::array();
  for (const EngineConfig& e : c.engines) {
    json options = json::object();
    for (const auto& [k, v] : e.options) options[k] = v;
    std::string args;
    for (const std::string& a : e.args) args += (args.empty() ? "" : " ") + a;
    out.push_back({{"name", e.name},
                   {"command", e.command},
                   {"args", args},
                   {"protocol", protocol_name(e.protocol)},
                   {"options", options},
                   {"limits", engine_limits_text(e)},
                   {"checksum", checksums.count(e.name) ? checksums[e.name] : file_checksum(e.command)}});
  }
  return out;
}

// Each game's moves, in the games' order.
std::vector<std::vector<const ReportMove*>> moves_by_game(const std::vector<ReportGame>& games,
                                                          const std::vector<ReportMove>& moves) {
  std::map<std::int64_t, std::size_t> by_id;
  for (std::size_t i = 0; i < games.size(); ++i) by_id[games[i].id] = i;
  std::vector<std::vector<const ReportMove*>> moves_of(games.size());
  for (const ReportMove& m : moves)
    if (auto it = by_id.find(m.game_id); it != by_id.end()) moves_of[it->second].push_back(&m);
  return moves_of;
}

// A game of the list; with its moves for the replay board when `with_moves`.
json game_entry(const ReportGame& g, const std::vector<const ReportMove*>& moves, bool with_moves) {
  json entry = {{"i", g.game_index + 1}, {"pair", g.pair_index + 1},     {"w", g.white},    {"b", g.black},
                {"r", g.result},         {"end", game_end_label(g.end)}, {"why", g.reason}, {"plies", g.plies}};
  if (!with_moves) return entry;
  std::string uci, san;
  json ms = json::array(), cp = json::array(), depth = json::array();
  for (const ReportMove* m : moves) {
    uci += (uci.empty() ? "" : " ") + m->uci;
    san += (san.empty() ? "" : " ") + m->san;
    ms.push_back(m->time_ms);
    cp.push_back(m->has_score ? json(report_score(*m)) : json(nullptr));
    depth.push_back(m->depth);
  }
  entry["fen"] = g.opening_fen;
  entry["om"] = g.opening_moves;
  entry["m"] = uci;
  entry["san"] = san;
  entry["ms"] = ms;
  entry["cp"] = cp;
  entry["d"] = depth;
  return entry;
}

// Every plot of a run's games into `section`; the game list is returned.
chess::Result<json> games_section(Database& db, std::int64_t run_id, const std::vector<ReportGame>& games, const MatchConfig& c,
                                  json& section, const Making& making) {
  const bool with_moves = making.with_moves;
  auto moves = db.report_moves(run_id, with_moves);
  CHESS_RETURN_IF_ERROR(moves);
  const auto moves_of = moves_by_game(games, *moves);
  RunTally tally(c);
  series_section(games, c, tally, section);
  section["pairs"] = pairs_json(games, c);
  section["endings"] = endings_json(games, c);
  MoveStats stats;
  std::map<int, int> lengths;
  json list = json::array();
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    if (gi % Making::GAMES_BETWEEN_ASKS == 0 && making.given_up()) return making.given_up_error(run_id);
    stats.add(games[gi], moves_of[gi], c.settings.tc, c.has_clock());
    ++lengths[(games[gi].plies + 1) / 2];
    list.push_back(game_entry(games[gi], moves_of[gi], with_moves));
  }
  section["per_move"] = stats.to_json();
  json length_moves = json::array(), length_games = json::array();
  for (const auto& [moves_count, count] : lengths) length_moves.push_back(moves_count), length_games.push_back(count);
  section["lengths"] = {{"moves", length_moves}, {"games", length_games}};
  section["summary_text"] = tally.summary();
  return list;
}

json crosstable(const std::vector<ReportGame>& games, const MatchConfig& c) {
  const std::size_t n = c.engines.size();
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index[c.engines[i].name] = i;
  std::vector<std::vector<double>> points(n, std::vector<double>(n, 0));
  std::vector<std::vector<int>> played(n, std::vector<int>(n, 0));
  std::vector<RatedGame> rated;
  std::vector<std::string> names;
  for (const EngineConfig& e : c.engines) names.push_back(e.name);
  for (const ReportGame& g : games) {
    if (!index.count(g.white) || !index.count(g.black)) continue;
    const std::size_t w = index[g.white], b = index[g.black];
    const double white = g.result == "1-0" ? 1 : g.result == "1/2-1/2" ? 0.5 : 0;
    points[w][b] += white;
    points[b][w] += 1 - white;
    ++played[w][b];
    ++played[b][w];
    rated.push_back({int(w), int(b), int(white * 2)});
  }
  json out = {{"engines", names}, {"points", points}, {"games", played}};
  auto list = rate_games(names, rated, {});
  if (list) out["rating"] = {{"elo", list->elo}, {"error", list->error}, {"draw_elo", list->draw_elo}};
  return out;
}

chess::Result<json> match_section(Database& db, const RunRow& run, const std::vector<ReportGame>& games, const Making& making) {
  auto config = MatchConfig::from_json(run.config);
  if (!config) return chess::Error{"run " + std::to_string(run.id) + ": " + config.error()};
  const MatchConfig& c = *config;
  json section = {{"id", run.id},
                  {"kind", run.kind_text()},
                  {"status", run.status_text()},
                  {"created", run.created_at},
                  {"finished", run.finished_at},
                  {"summary", run.summary}};
  section["config"] = {{"tc", c.time_control_text()},
                       {"book", c.random_plies >= 0 ? describe_random_plies({c.random_plies, c.seed}) : c.openings_path},
                       {"plies", c.plies},
                       {"order", opening_order_name(c.order)},
                       {"concurrency", c.concurrency},
                       {"variant", chess::variant_name(c.settings.variant)},
                       {"ponder", c.settings.ponder ? "on" : "off"},
                       {"tablebases", c.settings.tb_path.empty() ? std::string("-") : c.settings.tb_path},
                       {"games", Schedule(c).size()},
                       {"event", c.event}};
  if (c.speed_scale) section["config"]["tc"] = describe(*c.speed_scale, c.settings.tc);
  if (!c.tested.empty()) section["tested"] = c.tested;
  auto engines = engines_json(db, run.id, c);
  if (!engines) return engines;
  section["engines"] = *engines;
  auto list = games_section(db, run.id, games, c, section, making);
  if (!list) return list;
  section["games"] = *list;
  section["moves_inline"] = making.with_moves;
  if (c.kind != TournamentKind::MATCH) section["crosstable"] = crosstable(games, c);
  return section;
}

chess::Result<json> perft_section(Database& db, const RunRow& run) {
  auto stored = db.perft_results(run.id);
  CHESS_RETURN_IF_ERROR(stored);
  std::vector<PerftResultRow> rows = std::move(stored).value();
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return !a.passed && b.passed; });
  json list = json::array();
  for (const PerftResultRow& r : rows)
    list.push_back({{"line", r.line},
                    {"id", r.position_id},
                    {"fen", r.fen},
                    {"depth", r.depth},
                    {"expected", r.expected},
                    {"got", r.got},
                    {"seconds", r.seconds},
                    {"passed", r.passed},
                    {"error", r.error},
                    {"bug", r.bug}});
  return json{{"id", run.id},
              {"kind", run_kind_name(RunKind::PERFT)},
              {"status", run.status_text()},
              {"created", run.created_at},
              {"summary", run.summary},
              {"rows", list}};
}

chess::Result<json> epd_section(Database& db, const RunRow& run) {
  auto stored = db.epd_results(run.id);
  CHESS_RETURN_IF_ERROR(stored);
  std::vector<EpdResultRow> rows = std::move(stored).value();
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return !a.solved && b.solved; });
  json list = json::array();
  for (const EpdResultRow& r : rows)
    list.push_back({{"line", r.line},
                    {"id", r.position_id},
                    {"fen", r.fen},
                    {"move", r.move},
                    {"solved", r.solved},
                    {"points", r.points},
                    {"max", r.max_points},
                    {"found_ms", r.found_time_ms},
                    {"depth", r.found_depth}});
  return json{{"id", run.id},
              {"kind", run_kind_name(RunKind::EPD)},
              {"status", run.status_text()},
              {"created", run.created_at},
              {"summary", run.summary},
              {"rows", list}};
}

}  // namespace

chess::Result<json> report_game(Database& db, std::int64_t run_id, int game_number) {
  auto games = db.report_games(run_id);
  CHESS_RETURN_IF_ERROR(games);
  for (const ReportGame& g : *games) {
    if (g.game_index + 1 != game_number) continue;
    auto moves = db.report_moves_of_game(g.id);
    CHESS_RETURN_IF_ERROR(moves);
    std::vector<const ReportMove*> pointers;
    for (const ReportMove& m : *moves) pointers.push_back(&m);
    json entry = game_entry(g, pointers, true);
    entry["i"] = game_number;
    return entry;
  }
  return chess::Error{"run " + std::to_string(run_id) + " has no game " + std::to_string(game_number)};
}

namespace {

// A run's section, and its games added to `rated` when it has games.
chess::Result<json> section_of(Database& db, const RunRow& run, const Making& making, RatedGames& rated, int& rated_runs) {
  if (run.kind == RunKind::PERFT) return perft_section(db, run);
  if (run.kind == RunKind::EPD) return epd_section(db, run);
  if (!is_match_or_tournament(run.kind))
    return chess::Error{"run " + std::to_string(run.id) + " is " + a_run_of_kind(run.kind_text()) +
                        ": harness report shows match, tournament, perft and epd runs" +
                        (is_tuner_run(run.kind) ? " (see 'tuner report')" : "")};
  auto games = db.report_games(run.id);
  CHESS_RETURN_IF_ERROR(games);
  if (games->empty()) return chess::Error{"run " + std::to_string(run.id) + " has no finished games yet: nothing to report"};
  for (const ReportGame& g : *games) rated.add(g.white, g.black, g.result);
  ++rated_runs;
  if (making.given_up()) return making.given_up_error(run.id);
  return match_section(db, run, *games, making);
}

}  // namespace

chess::Result<json> run_report(Database& db, const std::vector<std::int64_t>& runs, bool with_moves, const GiveUp& give_up) {
  const Making making{with_moves, give_up};
  json doc = {{"database", db.path()}, {"sections", json::array()}};
  RatedGames rated;  // every match and tournament game, for one rating list when there are several runs
  int rated_runs = 0;
  for (std::int64_t id : runs) {
    auto run = db.run(id);
    CHESS_RETURN_IF_ERROR(run);
    if (!*run) return chess::Error{"no run " + std::to_string(id) + " in " + db.path() + " (see 'harness runs')"};
    auto section = section_of(db, **run, making, rated, rated_runs);
    if (!section) return section;
    doc["sections"].push_back(*section);
  }
  if (rated_runs > 1) {  // one rating list over all the match and tournament runs given
    auto list = rate_games(rated.names, rated.games, {});
    if (list)
      doc["rating"] = {{"engines", rated.names}, {"elo", list->elo},       {"error", list->error},
                       {"games", list->games},   {"points", list->points}, {"anchor", rated.names[0]}};
  }
  return doc;
}

}  // namespace harness
