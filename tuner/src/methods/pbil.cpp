#include "methods/pbil.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tuner {

Pbil::Pbil(int bits, const PbilSettings& settings) : p_(std::size_t(bits), 0.5), settings_(settings), rng_(settings.seed) {}

void Pbil::lean_toward(const Bits& start) {
  for (std::size_t i = 0; i < p_.size(); ++i) p_[i] = start[i] ? 0.625 : 0.375;
}

std::vector<Bits> Pbil::sample_population() {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Bits> population;
  for (int n = 0; n < settings_.population; ++n) {
    if (n == 0 && settings_.elitism && has_best_) {
      population.push_back(best_.bits);
      continue;
    }
    Bits b(p_.size());
    for (std::size_t i = 0; i < p_.size(); ++i) b[i] = u(rng_) < p_[i] ? 1 : 0;
    population.push_back(std::move(b));
  }
  return population;
}

void Pbil::update(const std::vector<Individual>& population) {
  auto [worst, best] = std::minmax_element(population.begin(), population.end(),
                                           [](const Individual& a, const Individual& b) { return a.fitness > b.fitness; });
  if (!has_best_ || best->fitness < best_.fitness) {
    best_ = *best;
    has_best_ = true;
  }
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (std::size_t i = 0; i < p_.size(); ++i) {
    p_[i] = p_[i] * (1 - settings_.learning_rate) + best->bits[i] * settings_.learning_rate;
    if (best->bits[i] != worst->bits[i])
      p_[i] = p_[i] * (1 - settings_.negative_learning_rate) + best->bits[i] * settings_.negative_learning_rate;
    if (u(rng_) < settings_.mutation_probability)
      p_[i] = p_[i] * (1 - settings_.mutation_shift) + (u(rng_) < 0.5 ? 0 : 1) * settings_.mutation_shift;
  }
}

double Pbil::entropy() const {
  double h = 0;
  for (double p : p_)
    if (p > 0 && p < 1) h += -(p * std::log2(p) + (1 - p) * std::log2(1 - p));
  return p_.empty() ? 0 : h / double(p_.size());
}

std::string Pbil::save() const {
  std::ostringstream os;
  os.precision(17);
  os << p_.size();
  for (double p : p_) os << ' ' << p;
  os << ' ' << has_best_ << ' ' << best_.fitness << ' ';
  for (std::uint8_t b : best_.bits) os << int(b);
  if (best_.bits.empty()) os << '-';
  os << ' ' << rng_;
  return os.str();
}

bool Pbil::restore(const std::string& text) {
  std::istringstream is(text);
  std::size_t n = 0;
  if (!(is >> n) || n != p_.size()) return false;
  for (double& p : p_) is >> p;
  std::string bits;
  is >> has_best_ >> best_.fitness >> bits;
  best_.bits.clear();
  if (bits != "-")
    for (char c : bits) best_.bits.push_back(std::uint8_t(c == '1'));
  is >> rng_;
  return bool(is);
}

Bits Pbil::most_likely() const {
  Bits bits;
  for (double p : p_) bits.push_back(std::uint8_t(p > 0.5));
  return bits;
}

}  // namespace tuner
