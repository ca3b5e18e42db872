// The texel error (texel.h) as a tuner fitness.
#pragma once

#include "fitness/fitness.h"
#include "fitness/texel.h"

namespace tuner {

class TexelFitnessAdapter : public Fitness {
 public:
  // Values become `base` with the tuned weights set to them.
  // With `refit_k`, K is fitted again to the best values before each PBIL generation.
  TexelFitnessAdapter(TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& base, bool refit_k = false)
      : texel_(texel), config_(config), base_(base), refit_k_(refit_k) {}
  bool adapt(const Values& best) override;
  chess::Result<std::vector<Score>> score(const std::vector<Values>& population, int round) override;
  chess::Result<Comparison> compare(const Values& a, const Values& b, int round) override;
  std::string describe(double fitness) const override;
  bool needs_scale() const override { return true; }
  bool noisy() const override { return false; }

 private:
  TexelFitness& texel_;
  const TunerConfig& config_;
  eval::EvalParams base_;
  bool refit_k_;
};

}  // namespace tuner
