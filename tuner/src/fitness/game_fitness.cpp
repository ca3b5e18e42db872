#include "fitness/game_fitness.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace tuner {

namespace {

double score_of(const harness::Tally& t) { return t.games() ? t.points() / t.games() : 0.5; }

std::string label(int round, std::size_t index) { return "g" + std::to_string(round + 1) + "-i" + std::to_string(index); }

}  // namespace

chess::Result<MatchOutcome> GameFitness::play(const std::vector<harness::EngineConfig>& engines, harness::TournamentKind kind,
                                              int rounds, int round, const std::string& event) {
  const FitnessSettings& f = engines_.settings();
  // Each generation (or batch) draws its own openings; in a gauntlet every individual plays
  // the same ones, so that individuals are compared on the same positions.
  MatchRequest request{
      engines, kind, rounds, f.tc, f.concurrency, std::uint64_t(round) + 1, event, kind == harness::TournamentKind::GAUNTLET};
  std::ostringstream quiet;
  auto played = engines_.play(request, quiet);
  for (const harness::EngineConfig& e : engines) engines_.forget(e);
  return played;
}

chess::Result<std::vector<Score>> GameFitness::score(const std::vector<Values>& population, int round) {
  const FitnessSettings& f = engines_.settings();
  const bool gauntlet = f.mode != "round-robin";
  std::vector<harness::EngineConfig> players;
  if (gauntlet) players.push_back(engines_.opponent(start_));
  for (std::size_t i = 0; i < population.size(); ++i) players.push_back(engines_.with_values(population[i], label(round, i)));
  // A gauntlet round is one game pair per individual; a round robin's one per encounter.
  const int per_round = gauntlet ? 2 : 2 * int(population.size() - 1);
  const int rounds = std::max(1, f.games_per_individual / per_round);
  auto played = play(players, gauntlet ? harness::TournamentKind::GAUNTLET : harness::TournamentKind::ROUND_ROBIN, rounds, round,
                     "Tuner generation " + std::to_string(round + 1));
  CHESS_RETURN_IF_ERROR(played);
  std::vector<Score> out;
  const std::size_t first = gauntlet ? 1 : 0;
  for (std::size_t i = 0; i < population.size(); ++i) out.push_back({-score_of(played->tallies[first + i]), played->run_id});
  double best = 0;
  for (const Score& s : out) best = std::min(best, s.fitness);
  char line[200];
  std::snprintf(line, sizeof line, "  %zu individuals, %d games each %s: best %.1f%% (harness run %lld)\n", population.size(),
                rounds * per_round, gauntlet ? "against the opponent" : "in a round robin", 0.0 - 100 * best,
                static_cast<long long>(played->run_id));
  progress_ << line << std::flush;
  return out;
}

chess::Result<std::vector<Comparison>> GameFitness::compare_all(const std::vector<std::pair<Values, Values>>& pairs, int first) {
  std::vector<harness::EngineConfig> players;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string k = "k" + std::to_string(first + int(i) + 1);
    players.push_back(engines_.with_values(pairs[i].first, k + "-plus"));
    players.push_back(engines_.with_values(pairs[i].second, k + "-minus"));
  }
  const std::string event =
      pairs.size() == 1 ? "SPSA iteration " + std::to_string(first + 1)
                        : "SPSA iterations " + std::to_string(first + 1) + "-" + std::to_string(first + int(pairs.size()));
  auto played = play(players, harness::TournamentKind::PAIRS, comparison_games_ / 2, first, event);
  CHESS_RETURN_IF_ERROR(played);
  std::vector<Comparison> out;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const harness::Tally& t = played->tallies[2 * i];
    Comparison c;
    c.a = {-score_of(t), played->run_id};
    c.b = {-(1.0 - score_of(t)), played->run_id};
    c.result = double(t.wins - t.losses);
    out.push_back(c);
  }
  return out;
}

chess::Result<Comparison> GameFitness::compare(const Values& a, const Values& b, int round) {
  auto all = compare_all({{a, b}}, round);
  CHESS_RETURN_IF_ERROR(all);
  return all->front();
}

std::string GameFitness::describe(double fitness) const {
  char text[48];
  const double score = 0.0 - 100.0 * fitness;  // a fitness of 0 is a score of +0.0, never -0.0
  std::snprintf(text, sizeof text, "score %.1f%%", score);
  return text;
}

}  // namespace tuner
