// Simultaneous perturbation stochastic approximation (Spall 1992) in the form Stockfish's
// testing framework and OpenBench run it: each iteration perturbs every parameter by +/- c_k
// at once, compares theta+ with theta-, and moves theta by R_k c_k delta times the result,
// with per-parameter c_end and r_end:
//   c_k = c_end (N / k)^gamma,  a_k = r_end c_end^2 ((A + N) / (A + k))^alpha,  R_k = a_k / c_k^2.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "space/tuned_weights.h"
#include "space/tuner_config.h"

namespace tuner {

// How theta +/- c lands on a parameter's grid: the nearest value; or floor(x + u) with u drawn
// uniformly from [0, 1), one u for theta+ and theta- together (OpenBench) or one each (fishtest).
enum class SpsaRounding { NEAREST, STOCHASTIC_SHARED, STOCHASTIC };

// SPSA as Stockfish's testing framework runs it (spsa.h); c_end and r_end here are the defaults
// of parameters that do not set their own. "style" sets the defaults of the others as a
// framework runs them (spsa_method.cpp: spsa_styles).
struct SpsaSettings {
  std::string style = "workbench";  // workbench, openbench or fishtest
  int iterations = 1000;
  double alpha = 0.602;
  double gamma = 0.101;
  double a_ratio = 0.1;  // A = a_ratio * iterations
  double r_end = 0.02;
  double c_end_fraction = 0.05;  // c_end of a weight = this fraction of its range (at least its step)
  int games_per_iteration = 2;   // games fitness: game pairs of theta+ against theta- (even)
  int batch = 1;                 // iterations drawn from one theta whose games are played at once
  std::uint64_t seed = 1;
  SpsaRounding rounding = SpsaRounding::NEAREST;
  double int_c_floor = 0;  // an integer parameter's c is at least this (OpenBench: 0.5)
};

// The "spsa" section's settings, a style's defaults under the keys it gives; errors name `where` and the key.
chess::Result<SpsaSettings> make_spsa_settings(const nlohmann::json& section, const std::string& where);

class Spsa {
 public:
  Spsa(const TunerConfig& config, const SpsaSettings& settings, const Values& start);

  struct Step {
    int k = 0;               // the iteration it was drawn for
    std::vector<int> delta;  // +1 or -1 per parameter
    Values plus, minus;
  };
  // The next iteration's perturbation of the current theta; `ahead` draws for iteration
  // k + ahead from the same theta (a batch whose games are played at once).
  Step perturb(int ahead = 0);
  // result > 0: theta+ was better. Divided by scale() before use. Steps are applied in order.
  void update(const Step& step, double result);

  Values current() const;  // theta rounded onto each parameter's grid (to the nearest value)
  int iteration() const { return k_; }
  const std::vector<double>& theta() const { return theta_; }
  double c(std::size_t i, int k) const;  // iteration k's perturbation of parameter i
  double c(std::size_t i) const { return c(i, k_); }
  double step_size(std::size_t i, int k) const;  // R_k c_k: theta's move per unit of result
  double scale() const { return scale_; }
  void set_scale(double s) { scale_ = s; }

  std::string save() const;
  bool restore(const std::string& text);

 private:
  // theta+ and theta- on the grid, as the settings' rounding puts them.
  std::pair<Values, Values> rounded(const std::vector<double>& plus, const std::vector<double>& minus);
  const TunerConfig& config_;
  SpsaSettings settings_;
  std::vector<double> theta_;
  std::vector<double> c_end_, r_end_;
  std::mt19937_64 rng_;
  int k_ = 0;
  double scale_ = 1.0;
};

}  // namespace tuner
