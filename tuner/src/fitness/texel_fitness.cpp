#include "fitness/texel_fitness.h"

#include <cstdio>

namespace tuner {

chess::Result<std::vector<Score>> TexelFitnessAdapter::score(const std::vector<Values>& population, int) {
  std::vector<Score> out;
  for (const Values& v : population) out.push_back({texel_.error(with_values(config_, base_, v)), 0});
  return out;
}

chess::Result<Comparison> TexelFitnessAdapter::compare(const Values& a, const Values& b, int) {
  Comparison c;
  c.a.fitness = texel_.error(with_values(config_, base_, a));
  c.b.fitness = texel_.error(with_values(config_, base_, b));
  c.result = c.b.fitness - c.a.fitness;
  return c;
}

bool TexelFitnessAdapter::adapt(const Values& best) {
  if (!refit_k_) return false;
  const double before = texel_.k();
  return texel_.fit_k(with_values(config_, base_, best)) != before;
}

std::string TexelFitnessAdapter::describe(double fitness) const {
  char text[48];
  std::snprintf(text, sizeof text, "error %.6f", fitness);
  return text;
}

}  // namespace tuner
