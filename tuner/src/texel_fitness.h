// The texel error (texel.h) as a tuner fitness.
#pragma once

#include "fitness.h"
#include "texel.h"

namespace tuner {

class TexelFitnessAdapter : public Fitness {
 public:
  // Values become `base` with the tuned weights set to them.
  TexelFitnessAdapter(TexelFitness& texel, const TunerConfig& config, const eval::EvalParams& base)
      : texel_(texel), config_(config), base_(base) {}
  chess::Result<std::vector<Score>> score(const std::vector<Values>& population, int round) override;
  chess::Result<Comparison> compare(const Values& a, const Values& b, int round) override;
  std::string describe(double fitness) const override;
  bool needs_scale() const override { return true; }
  bool noisy() const override { return false; }

 private:
  TexelFitness& texel_;
  const TunerConfig& config_;
  eval::EvalParams base_;
};

}  // namespace tuner
