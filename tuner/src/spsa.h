// Simultaneous perturbation stochastic approximation (Spall 1992) in the form Stockfish's
// testing framework uses: each iteration perturbs every tuned weight by +/- c_k at once,
// compares theta+ with theta-, and moves theta by r_k c_k delta times the result.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "eval/params.h"
#include "tuner_config.h"

namespace tuner {

class Spsa {
 public:
  Spsa(const TunerConfig& config, const eval::EvalParams& start);

  struct Step {
    std::vector<int> delta;  // +1 or -1 per weight
    eval::EvalParams plus, minus;
  };
  // The next iteration's perturbation of the current theta (over `base` for untuned weights).
  Step perturb(const eval::EvalParams& base);
  // result > 0: theta+ was better. Divided by scale() before use.
  void update(const Step& step, double result);

  eval::EvalParams current(const eval::EvalParams& base) const;  // theta rounded onto each weight's grid
  int iteration() const { return k_; }
  const std::vector<double>& theta() const { return theta_; }
  double c(std::size_t i) const;  // this iteration's perturbation of weight i
  double r() const;               // this iteration's step factor
  double scale() const { return scale_; }
  void set_scale(double s) { scale_ = s; }

  std::string save() const;
  bool restore(const std::string& text);

 private:
  const TunerConfig& config_;
  std::vector<double> theta_;
  std::vector<double> c_end_;
  std::mt19937_64 rng_;
  int k_ = 0;
  double scale_ = 1.0;
};

}  // namespace tuner
