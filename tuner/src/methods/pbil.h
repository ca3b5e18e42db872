// Population-based incremental learning (Baluja 1994) as chess tuners use it: a probability
// per bit; each generation samples a population, moves the vector toward the best individual
// and away from the worst where they differ, then mutates it a little.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "methods/genome.h"

namespace tuner {

struct PbilSettings {
  int population = 64;
  double learning_rate = 0.1;
  double negative_learning_rate = 0.075;
  double mutation_probability = 0.02;
  double mutation_shift = 0.05;
  bool elitism = true;
  int generations = 100;
  double entropy_stop = 0.0;  // stop when the mean bit entropy falls below this
  bool gray_code = true;
  std::uint64_t seed = 1;
  // Windows: 0 searches each parameter's whole range at once (classic PBIL). N > 0 searches a
  // window of N steps either side of a centre (the start at first); when the vector's entropy
  // falls below restart_entropy the search restarts around the best so far, with the window
  // halved if the best was the centre itself (doubled back if it moved far), and ends when a
  // window of one step finds nothing.
  // A window also restarts when its best has not improved for `patience` generations.
  int radius = 0;
  double restart_entropy = 0.3;
  int patience = 8;
};

struct Individual {
  Bits bits;
  double fitness = 0;  // lower is better (an error); game fitness is stored negated
};

class Pbil {
 public:
  Pbil(int bits, const PbilSettings& settings);
  // Starts the vector leaning toward `start` (probability 0.5 moved a quarter of the way).
  void lean_toward(const Bits& start);

  std::vector<Bits> sample_population();
  // Updates from a scored population (elitism keeps the best so far in the next sample).
  void update(const std::vector<Individual>& population);
  double entropy() const;  // mean binary entropy of the bits, 1 at the start, 0 when converged

  const std::vector<double>& probabilities() const { return p_; }
  const Individual& best() const { return best_; }
  // Carries the best so far into a new vector (a PBIL restart), or drops its score when the
  // fitness has changed (a refitted K), so that the next generation's best replaces it.
  void set_best(const Individual& best) {
    best_ = best;
    has_best_ = true;
  }
  void forget_best_fitness() { best_.fitness = std::numeric_limits<double>::infinity(); }
  // Each bit set where its probability exceeds one half.
  Bits most_likely() const;
  // The whole state (vector, best so far, random generator) as text, and back, for resume.
  std::string save() const;
  bool restore(const std::string& text);

 private:
  std::vector<double> p_;
  PbilSettings settings_;
  std::mt19937_64 rng_;
  Individual best_;
  bool has_best_ = false;
};

}  // namespace tuner
