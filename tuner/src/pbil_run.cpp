#include "pbil_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

#include "tuned_weights.h"

namespace tuner {

namespace {

std::string bit_string(const Bits& bits) {
  std::string s;
  for (std::uint8_t b : bits) s += char('0' + b);
  return s;
}

void print_progress(std::ostream& out, const Fitness& fitness, int gen, int generations, double best, double mean, double entropy,
                    const std::string& note, double elapsed, double remaining) {
  char line[320];
  std::snprintf(line, sizeof line, "generation %d/%d  best %s  mean %s  entropy %.4f%s%s  elapsed %.0f s  remaining %.0f s\n",
                gen + 1, generations, fitness.describe(best).c_str(), fitness.describe(mean).c_str(), entropy,
                note.empty() ? "" : "  ", note.c_str(), elapsed, remaining);
  out << line << std::flush;
}

Values result_values(const Pbil& pbil, const Fitness& fitness, const TunerConfig& config) {
  return decode(fitness.noisy() ? pbil.most_likely() : pbil.best().bits, config);
}

}  // namespace

chess::Result<RunOutcome> run_pbil(const TunerConfig& config, const Values& start, Fitness& fitness, harness::Database& db,
                                   std::int64_t run_id, std::ostream& out, const RunHooks& hooks) {
  Pbil pbil(config.total_bits(), config.pbil);
  pbil.lean_toward(encode(start, config));
  int first = 0;
  std::vector<harness::GenerationRow> stored = db.generations(run_id);
  if (!stored.empty()) {
    if (!pbil.restore(stored.back().state))
      return chess::Error{"run " + std::to_string(run_id) + ": stored tuner state does not match the configuration"};
    first = stored.back().generation + 1;
    out << "Resuming tuner run " << run_id << " at generation " << first + 1 << "\n";
  }
  auto started = std::chrono::steady_clock::now();
  RunOutcome outcome;
  bool converged = false;
  int gen = first;
  for (; gen < config.pbil.generations; ++gen) {
    if (hooks.stop_after >= 0 && outcome.generations_run >= hooks.stop_after) break;
    if ((gen > first || !stored.empty()) && pbil.entropy() < config.pbil.entropy_stop) {
      converged = true;
      break;
    }
    std::vector<Bits> population = pbil.sample_population();
    // The starting weights compete in the first generation, so the result is never worse than them.
    if (gen == 0) population[0] = encode(start, config);
    std::vector<Values> weights;
    for (const Bits& b : population) weights.push_back(decode(b, config));
    auto scores = fitness.score(weights, gen);
    if (!scores) return chess::Error{scores.error()};
    std::vector<Individual> scored;
    std::vector<harness::IndividualRow> rows;
    double mean = 0, gen_best = (*scores)[0].fitness;
    for (std::size_t i = 0; i < population.size(); ++i) {
      const Score& s = (*scores)[i];
      scored.push_back({population[i], s.fitness});
      rows.push_back({int(i), bit_string(population[i]), values_json(config, weights[i]), s.fitness, s.match_run});
      mean += s.fitness / double(population.size());
      gen_best = std::min(gen_best, s.fitness);
    }
    pbil.update(scored);
    nlohmann::json probs = pbil.probabilities();
    db.save_generation(run_id, {gen, pbil.entropy(), gen_best, mean, probs.dump(), pbil.save()}, rows);
    ++outcome.generations_run;
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    double remaining = elapsed / outcome.generations_run * double(config.pbil.generations - gen - 1);
    const std::string note = hooks.progress_note ? hooks.progress_note(result_values(pbil, fitness, config)) : "";
    print_progress(out, fitness, gen, config.pbil.generations, pbil.best().fitness, mean, pbil.entropy(), note, elapsed,
                   remaining);
    if (hooks.after_generation) {
      auto r = hooks.after_generation(gen + 1, result_values(pbil, fitness, config));
      if (!r) return chess::Error{r.error()};
    }
  }
  outcome.complete = converged || gen >= config.pbil.generations;
  outcome.best = pbil.best().bits.empty() && !fitness.noisy() ? start : result_values(pbil, fitness, config);
  outcome.best_fitness = pbil.best().fitness;
  return outcome;
}

}  // namespace tuner
