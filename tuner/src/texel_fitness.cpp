#include "texel_fitness.h"

#include <cstdio>

namespace tuner {

chess::Result<std::vector<Score>> TexelFitnessAdapter::score(const std::vector<eval::EvalParams>& population, int) {
  std::vector<Score> out;
  for (const eval::EvalParams& p : population) out.push_back({texel_.error(p), 0});
  return out;
}

chess::Result<Comparison> TexelFitnessAdapter::compare(const eval::EvalParams& a, const eval::EvalParams& b, int) {
  Comparison c;
  c.a.fitness = texel_.error(a);
  c.b.fitness = texel_.error(b);
  c.result = c.b.fitness - c.a.fitness;
  return c;
}

std::string TexelFitnessAdapter::describe(double fitness) const {
  char text[48];
  std::snprintf(text, sizeof text, "error %.6f", fitness);
  return text;
}

}  // namespace tuner
