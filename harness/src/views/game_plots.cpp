#include "views/game_plots.h"

#include <algorithm>
#include <cmath>

#include "stats/elo.h"
#include "stats/sprt.h"
#include "stats/terminations.h"

namespace harness {

using nlohmann::json;

namespace {

double finite_or(double v, double fallback) { return std::isfinite(v) ? v : fallback; }

json sprt_json(const SprtConfig& sprt, const Tally& tally) {
  const SprtDecision d = sprt_decision(sprt_llr(tally, sprt), sprt);
  return {{"elo0", sprt.elo0},
          {"elo1", sprt.elo1},
          {"alpha", sprt.alpha},
          {"beta", sprt.beta},
          {"lower", sprt.lower_bound()},
          {"upper", sprt.upper_bound()},
          {"decision", d == SprtDecision::ACCEPT_H1   ? "H1 accepted"
                       : d == SprtDecision::ACCEPT_H0 ? "H0 accepted"
                                                      : "no decision yet"}};
}

}  // namespace

void PerMove::add(std::size_t move, double v) {
  if (sum.size() <= move) sum.resize(move + 1, 0), count.resize(move + 1, 0);
  sum[move] += v;
  ++count[move];
}

json PerMove::averages(std::size_t upto) const {
  json out = json::array();
  for (std::size_t i = 0; i < std::min(upto, sum.size()); ++i) out.push_back(count[i] ? json(sum[i] / count[i]) : json(nullptr));
  return out;
}

// The Elo estimate with its interval and the SPRT's LLR over the games in the order they were
// stored (the order they finished in); the tally of them all is left in `tally`.
void series_section(const std::vector<ReportGame>& games, const MatchConfig& c, RunTally& tally, json& section) {
  std::vector<std::size_t> finish_order(games.size());
  for (std::size_t i = 0; i < games.size(); ++i) finish_order[i] = i;
  std::sort(finish_order.begin(), finish_order.end(), [&](std::size_t a, std::size_t b) { return games[a].id < games[b].id; });
  json n = json::array(), elo = json::array(), lo = json::array(), hi = json::array(), llr = json::array();
  const std::size_t step = std::max<std::size_t>(1, games.size() / 2000);  // at most ~2,000 points a curve
  for (std::size_t k = 0; k < finish_order.size(); ++k) {
    const ReportGame& g = games[finish_order[k]];
    tally.add(g.game_index, g.result);
    if ((k + 1) % step && k + 1 != finish_order.size()) continue;
    const EloEstimate e = estimate(tally.match_tally());
    n.push_back(k + 1);
    // The Elo as the results block gives it, whenever it is finite; its interval only when that is
    // known too (a results block may say "Elo: 190.85 +/- n/a").
    const bool known = std::isfinite(e.elo), bounded = known && std::isfinite(e.elo_error);
    elo.push_back(known ? json(e.elo) : json(nullptr));
    lo.push_back(bounded ? json(e.elo - e.elo_error) : json(nullptr));
    hi.push_back(bounded ? json(e.elo + e.elo_error) : json(nullptr));
    if (c.sprt) llr.push_back(finite_or(sprt_llr(tally.match_tally(), *c.sprt), 0));
  }
  section["series"] = {{"games", n}, {"elo", elo}, {"lo", lo}, {"hi", hi}};
  if (!c.sprt) return;
  section["series"]["llr"] = llr;
  section["sprt"] = sprt_json(*c.sprt, tally.match_tally());
}

// Results by opening pair: the first engine's points (0 to 2) per complete pair.
json pairs_json(const std::vector<ReportGame>& games, const MatchConfig& c) {
  std::map<int, std::pair<double, int>> pairs;
  const std::string first = c.engines.empty() ? "" : c.engines[0].name;
  for (const ReportGame& g : games) {
    auto& [points, count] = pairs[g.pair_index];
    const double white = g.result == "1-0" ? 1 : g.result == "1/2-1/2" ? 0.5 : 0;
    points += g.white == first ? white : g.black == first ? 1 - white : 0;
    ++count;
  }
  json pair_index = json::array(), pair_points = json::array();
  for (const auto& [index, pc] : pairs)
    if (pc.second == 2) pair_index.push_back(index + 1), pair_points.push_back(pc.first);
  return {{"pair", pair_index}, {"points", pair_points}, {"engine", first}};
}

// How games ended: per engine its losses by end, and the draws by end; only the ends that occur.
json endings_json(const std::vector<ReportGame>& games, const MatchConfig& c) {
  std::map<std::string, std::array<int, GAME_ENDS>> lost;
  std::array<int, GAME_ENDS> drawn{}, any{};
  for (const ReportGame& g : games) {
    const std::size_t k = std::size_t(g.end);
    ++any[k];
    if (g.result == "1/2-1/2")
      ++drawn[k];
    else
      ++lost[g.result == "1-0" ? g.black : g.white][k];
  }
  auto occurring = [&](const std::array<int, GAME_ENDS>& counts) {
    json out = json::array();
    for (std::size_t k = 0; k < counts.size(); ++k)
      if (any[k]) out.push_back(counts[k]);
    return out;
  };
  json kinds = json::array(), ends = json::object();
  for (std::size_t k = 0; k < any.size(); ++k)
    if (any[k]) kinds.push_back(game_end_label(GameEnd(k)));
  for (const EngineConfig& e : c.engines) {
    auto it = lost.find(e.name);
    ends[e.name + " lost"] = occurring(it == lost.end() ? std::array<int, GAME_ENDS>{} : it->second);
  }
  ends["draws"] = occurring(drawn);
  return {{"kinds", kinds}, {"counts", ends}};
}

void MoveStats::add(const ReportGame& g, const std::vector<const ReportMove*>& moves, const TimeControl& tc, bool on_clock) {
    const bool white_first = g.opening_fen.find(" w ") != std::string::npos;
    const std::size_t opening_plies =
        g.opening_moves.empty() ? 0 : std::size_t(std::count(g.opening_moves.begin(), g.opening_moves.end(), ' ') + 1);
    std::int64_t clock[2] = {tc.base_ms, tc.base_ms};
    int moves_made[2] = {0, 0};
    for (const ReportMove* m : moves) {
      const std::size_t ply = std::size_t(m->ply);  // 1-based, counting the opening's moves
      const int side = ((ply - 1) % 2 == 0) == white_first ? 0 : 1;
      const std::size_t move_number = (ply - 1 - std::min(ply - 1, opening_plies)) / 2;
      auto& stats = per_engine[side == 0 ? g.white : g.black];
      stats[0].add(move_number, double(m->time_ms));
      if (on_clock) {
        clock[side] += tc.increment_ms - m->time_ms;
        if (tc.moves > 0 && ++moves_made[side] % tc.moves == 0) clock[side] += tc.base_ms;
        stats[1].add(move_number, double(clock[side]));
      }
      if (m->depth > 0) stats[2].add(move_number, m->depth);
      if (m->nodes > 0 && m->time_ms > 0) stats[3].add(move_number, double(m->nodes) * 1000.0 / double(m->time_ms));
      longest = std::max(longest, move_number + 1);
    }
  }

json MoveStats::to_json() const {
    const std::size_t upto = std::min<std::size_t>(longest, 200);
    json out = json::object();
    for (const auto& [name, stats] : per_engine)
      out[name] = {{"time_ms", stats[0].averages(upto)},
                   {"clock_ms", stats[1].averages(upto)},
                   {"depth", stats[2].averages(upto)},
                   {"nps", stats[3].averages(upto)}};
    return out;
  }

}  // namespace harness
