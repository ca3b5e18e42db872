#include "game_fitness.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace tuner {

namespace {

double score_of(const harness::Tally& t) { return t.games() ? t.points() / t.games() : 0.5; }

std::string label(int round, std::size_t index) { return "g" + std::to_string(round + 1) + "-i" + std::to_string(index); }

}  // namespace

chess::Result<std::vector<Score>> GameFitness::score(const std::vector<eval::EvalParams>& population, int round) {
  return matcher_.settings().mode == "round-robin" ? round_robin(population, round) : against_opponent(population, round);
}

chess::Result<MatchOutcome> GameFitness::play(const std::vector<harness::EngineConfig>& engines, harness::TournamentKind kind,
                                              int games, int round, const std::string& event) {
  const FitnessSettings& f = matcher_.settings();
  // Every match of a generation (or iteration) gets the same openings; each round draws new ones.
  MatchRequest request{engines, kind, games, f.tc, f.concurrency, std::uint64_t(round) + 1, event};
  std::ostringstream quiet;
  auto played = matcher_.play(request, quiet);
  for (const harness::EngineConfig& e : engines) matcher_.forget(e);
  return played;
}

chess::Result<std::vector<Score>> GameFitness::against_opponent(const std::vector<eval::EvalParams>& population, int round) {
  std::vector<Score> out;
  for (std::size_t i = 0; i < population.size(); ++i) {
    auto played =
        play({matcher_.with_weights(population[i], label(round, i)), matcher_.opponent(start_)}, harness::TournamentKind::MATCH,
             matcher_.settings().games_per_individual, round, "Tuner generation " + std::to_string(round + 1));
    if (!played) return chess::Error{played.error()};
    const harness::Tally& t = played->tallies[0];
    out.push_back({-score_of(t), played->run_id});
    char line[160];
    std::snprintf(line, sizeof line, "  individual %zu/%zu: +%d =%d -%d (run %lld)\n", i + 1, population.size(), t.wins, t.draws,
                  t.losses, static_cast<long long>(played->run_id));
    progress_ << line << std::flush;
  }
  return out;
}

chess::Result<std::vector<Score>> GameFitness::round_robin(const std::vector<eval::EvalParams>& population, int round) {
  std::vector<harness::EngineConfig> engines;
  for (std::size_t i = 0; i < population.size(); ++i) engines.push_back(matcher_.with_weights(population[i], label(round, i)));
  // Each round gives every individual a game pair against each other one.
  int per_round = 2 * int(population.size() - 1);
  int rounds = std::max(1, matcher_.settings().games_per_individual / per_round);
  auto played =
      play(engines, harness::TournamentKind::ROUND_ROBIN, rounds, round, "Tuner generation " + std::to_string(round + 1));
  if (!played) return chess::Error{played.error()};
  std::vector<Score> out;
  for (const harness::Tally& t : played->tallies) out.push_back({-score_of(t), played->run_id});
  progress_ << "  round robin of " << population.size() << " individuals: run " << played->run_id << "\n" << std::flush;
  return out;
}

chess::Result<Comparison> GameFitness::compare(const eval::EvalParams& a, const eval::EvalParams& b, int round) {
  const std::string k = "k" + std::to_string(round + 1);
  auto played = play({matcher_.with_weights(a, k + "-plus"), matcher_.with_weights(b, k + "-minus")},
                     harness::TournamentKind::MATCH, spsa_games_, round, "SPSA iteration " + std::to_string(round + 1));
  if (!played) return chess::Error{played.error()};
  const harness::Tally& t = played->tallies[0];
  Comparison c;
  c.a = {-score_of(t), played->run_id};
  c.b = {-(1.0 - score_of(t)), played->run_id};
  c.result = double(t.wins - t.losses);
  return c;
}

std::string GameFitness::describe(double fitness) const {
  char text[48];
  std::snprintf(text, sizeof text, "score %.1f%%", -100.0 * fitness);
  return text;
}

}  // namespace tuner
