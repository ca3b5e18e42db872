#include "texel.h"

#include <cmath>
#include <thread>

#include "search/versions.h"

namespace tuner {

TexelFitness::TexelFitness(std::vector<LabeledPosition> positions, int threads) : positions_(std::move(positions)) {
  for (int t = 0; t < std::max(1, threads); ++t) {
    auto s = std::make_unique<search::Searcher>();
    s->set_hash_mb(1);
    s->set_features(search::find_version("dev")->features);
    searchers_.push_back(std::move(s));
  }
}

std::vector<int> TexelFitness::scores(const eval::EvalParams& params) {
  std::vector<int> out(positions_.size());
  std::vector<std::thread> threads;
  const std::size_t n = searchers_.size();
  for (std::size_t t = 0; t < n; ++t)
    threads.emplace_back([&, t] {
      search::Searcher& s = *searchers_[t];
      s.set_params(params);
      for (std::size_t i = t; i < positions_.size(); i += n) {
        const chess::Position& pos = positions_[i].position;
        int q = s.quiescence_score(pos);
        out[i] = pos.side_to_move() == chess::WHITE ? q : -q;
      }
    });
  for (std::thread& th : threads) th.join();
  return out;
}

double TexelFitness::error(const std::vector<int>& scores, double k) const {
  double sum = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    double predicted = 1.0 / (1.0 + std::pow(10.0, -k * scores[i] / 400.0));
    double d = positions_[i].result - predicted;
    sum += d * d;
  }
  return scores.empty() ? 0 : sum / double(scores.size());
}

double TexelFitness::fit_k(const eval::EvalParams& params) {
  std::vector<int> s = scores(params);
  const double phi = (std::sqrt(5.0) - 1) / 2;
  double a = 0.05, b = 5.0;
  double c = b - phi * (b - a), d = a + phi * (b - a);
  for (int i = 0; i < 60; ++i) {
    if (error(s, c) < error(s, d))
      b = d;
    else
      a = c;
    c = b - phi * (b - a);
    d = a + phi * (b - a);
  }
  k_ = (a + b) / 2;
  return k_;
}

}  // namespace tuner
