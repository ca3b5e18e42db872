#include "pbil_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numeric>
#include <ostream>

namespace tuner {

std::string tuned_weights_json(const Bits& bits, const TunerConfig& config) {
  nlohmann::json j = nlohmann::json::object();
  std::vector<int> values = tuned_values(bits, config);
  for (std::size_t i = 0; i < values.size(); ++i) j[config.weights[i].name] = values[i];
  return j.dump();
}

chess::Result<PbilOutcome> run_pbil(const TunerConfig& config, const eval::EvalParams& start, TexelFitness& fitness,
                                    harness::Database& db, std::int64_t run_id, std::ostream& out, int stop_after_generations) {
  Pbil pbil(config.total_bits(), config.pbil);
  pbil.lean_toward(encode(start, config));
  int first = 0;
  std::vector<harness::GenerationRow> stored = db.generations(run_id);
  if (!stored.empty()) {
    if (!pbil.restore(stored.back().state))
      return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    first = stored.back().generation + 1;
    out << "Resuming tuner run " << run_id << " at generation " << first << "\n";
  }
  auto started = std::chrono::steady_clock::now();
  int ran = 0;
  for (int gen = first; gen < config.pbil.generations; ++gen) {
    if (stop_after_generations >= 0 && ran >= stop_after_generations) break;
    if (gen > first || !stored.empty())
      if (pbil.entropy() < config.pbil.entropy_stop) break;
    std::vector<Bits> population = pbil.sample_population();
    std::vector<Individual> scored;
    std::vector<harness::IndividualRow> rows;
    for (std::size_t i = 0; i < population.size(); ++i) {
      double f = fitness.error(decode(population[i], config, start));
      scored.push_back({population[i], f});
      std::string bits;
      for (std::uint8_t b : population[i]) bits += char('0' + b);
      rows.push_back({int(i), bits, tuned_weights_json(population[i], config), f});
    }
    pbil.update(scored);
    double mean = 0;
    for (const Individual& ind : scored) mean += ind.fitness / double(scored.size());
    double gen_best =
        std::min_element(scored.begin(), scored.end(), [](auto& a, auto& b) { return a.fitness < b.fitness; })->fitness;
    nlohmann::json probs = pbil.probabilities();
    db.save_generation(run_id, {gen, pbil.entropy(), gen_best, mean, probs.dump(), pbil.save()}, rows);
    ++ran;
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double remaining = elapsed / ran * double(config.pbil.generations - gen - 1);
    char line[200];
    std::snprintf(line, sizeof line, "generation %d/%d  best %.6f  mean %.6f  entropy %.4f  elapsed %.0f s  remaining %.0f s\n",
                  gen + 1, config.pbil.generations, pbil.best().fitness, mean, pbil.entropy(), elapsed, remaining);
    out << line << std::flush;
  }
  PbilOutcome outcome;
  outcome.best = decode(pbil.best().bits.empty() ? encode(start, config) : pbil.best().bits, config, start);
  outcome.best_fitness = pbil.best().fitness;
  outcome.generations_run = ran;
  return outcome;
}

}  // namespace tuner
