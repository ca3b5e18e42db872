// The texel error (texel.h) as a tuner fitness.
#pragma once

#include "fitness.h"
#include "texel.h"

namespace tuner {

class TexelFitnessAdapter : public Fitness {
 public:
  explicit TexelFitnessAdapter(TexelFitness& texel) : texel_(texel) {}
  chess::Result<std::vector<Score>> score(const std::vector<eval::EvalParams>& population, int round) override;
  chess::Result<Comparison> compare(const eval::EvalParams& a, const eval::EvalParams& b, int round) override;
  std::string describe(double fitness) const override;
  bool needs_scale() const override { return true; }
  bool noisy() const override { return false; }

 private:
  TexelFitness& texel_;
};

}  // namespace tuner
