#include "sprt.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "elo.h"
#include "settings/key_values.h"
#include "settings/stored_enum.h"

namespace harness {

namespace {

struct Outcome {
  double value;  // score of a game or pair, 0..1
  double p;      // probability
};
using Pdf = std::vector<Outcome>;

std::pair<double, double> mean_var(const Pdf& pdf) {
  double m = 0, v = 0;
  for (const Outcome& o : pdf) m += o.value * o.p;
  for (const Outcome& o : pdf) v += o.p * (o.value - m) * (o.value - m);
  return {m, v};
}

// Solves sum p_i a_i / (1 + x a_i) = 0 for x with every 1 + x a_i > 0 (bisection; the sum
// decreases in x). Needs a_i of both signs.
double secular(const std::vector<double>& a, const std::vector<double>& p) {
  if (*std::min_element(a.begin(), a.end()) >= 0 || *std::max_element(a.begin(), a.end()) <= 0) return 0;  // degenerate
  double lo = -1.0 / *std::max_element(a.begin(), a.end());
  double hi = -1.0 / *std::min_element(a.begin(), a.end());
  const double margin = 1e-12 * (hi - lo);
  lo += margin;
  hi -= margin;
  auto f = [&](double x) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += p[i] * a[i] / (1 + x * a[i]);
    return s;
  };
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// The distribution closest to `pdf` (maximum likelihood) with expected value `s`.
Pdf mle_with_mean(const Pdf& pdf, double s) {
  std::vector<double> a, p;
  for (const Outcome& o : pdf) {
    a.push_back(o.value - s);
    p.push_back(o.p);
  }
  double x = secular(a, p);
  Pdf out;
  for (std::size_t i = 0; i < pdf.size(); ++i) out.push_back({pdf[i].value, pdf[i].p / (1 + x * a[i])});
  return out;
}

// The maximum-likelihood distribution with (mean - ref) / sigma = t, by fixed-point iteration.
Pdf mle_with_t(const Pdf& pdf, double ref, double t) {
  Pdf q = pdf;
  for (Outcome& o : q) o.p = 1.0 / double(pdf.size());
  for (int iter = 0; iter < 100; ++iter) {
    auto [mu, var] = mean_var(q);
    double sigma = std::sqrt(var);
    std::vector<double> a, p;
    for (const Outcome& o : pdf) {
      double d = (mu - o.value) / sigma;
      a.push_back(o.value - ref - t * sigma * (1 + d * d) / 2);
      p.push_back(o.p);
    }
    double x = secular(a, p);
    double change = 0;
    Pdf next;
    for (std::size_t i = 0; i < pdf.size(); ++i) {
      next.push_back({pdf[i].value, pdf[i].p / (1 + x * a[i])});
      change = std::max(change, std::abs(next[i].p - q[i].p));
    }
    q = next;
    if (change < 1e-12) break;
  }
  return q;
}

chess::Result<double> parse_number(const std::string& option, const std::string& key, const std::string& text) {
  double v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size())
    return chess::Error{option + ": '" + key + "' needs a number, got '" + text + "'"};
  return v;
}

}  // namespace

double SprtConfig::lower_bound() const { return std::log(beta / (1 - alpha)); }
double SprtConfig::upper_bound() const { return std::log((1 - beta) / alpha); }

chess::Result<SprtConfig> parse_sprt(const std::string& spec, const std::string& option) {
  auto words = parse_key_values(option, spec);
  CHESS_RETURN_IF_ERROR(words);
  SprtConfig c;
  bool has_elo0 = false, has_elo1 = false;
  for (const KeyValue& kv : *words) {
    CHESS_RETURN_IF_ERROR(check_known_key(option, kv.key, {"elo0", "elo1", "alpha", "beta", "model"}));
    if (kv.key == "model") {
      auto model = parse_elo_model(kv.value, option);
      CHESS_RETURN_IF_ERROR(model);
      c.model = *model;
      continue;
    }
    auto v = parse_number(option, kv.key, kv.value);
    CHESS_RETURN_IF_ERROR(v);
    has_elo0 |= kv.key == "elo0";
    has_elo1 |= kv.key == "elo1";
    (kv.key == "elo0" ? c.elo0 : kv.key == "elo1" ? c.elo1 : kv.key == "alpha" ? c.alpha : c.beta) = *v;
  }
  if (!has_elo0 || !has_elo1)
    return chess::Error{option + ": missing '" + (has_elo0 ? "elo1" : "elo0") +
                        "': give both bounds, e.g. \"elo0=0 elo1=5\" (alpha and beta default to 0.05, model to normalized)"};
  if (!(c.elo0 < c.elo1)) return chess::Error{option + ": elo0 must be below elo1"};
  if (c.alpha <= 0 || c.alpha >= 1 || c.beta <= 0 || c.beta >= 1)
    return chess::Error{option + ": alpha and beta must be between 0 and 1"};
  return c;
}

const char* elo_model_name(EloModel model) { return model == EloModel::LOGISTIC ? "logistic" : "normalized"; }

chess::Result<EloModel> parse_elo_model(const std::string& name, const std::string& option) {
  if (name == "normalized") return EloModel::NORMALIZED;
  if (name == "logistic") return EloModel::LOGISTIC;
  return chess::Error{option + ": model must be 'normalized' or 'logistic', got '" + name + "'"};
}

double sprt_llr(const std::vector<double>& counts, const SprtConfig& config) {
  double n = 0;
  std::vector<double> regularized;
  for (double c : counts) {
    regularized.push_back(std::max(c, 1e-3));
    n += regularized.back();
  }
  Pdf pdf;
  for (std::size_t i = 0; i < regularized.size(); ++i)
    pdf.push_back({double(i) / double(regularized.size() - 1), regularized[i] / n});
  Pdf h0, h1;
  if (config.model == EloModel::LOGISTIC) {
    h0 = mle_with_mean(pdf, elo_to_score(config.elo0));
    h1 = mle_with_mean(pdf, elo_to_score(config.elo1));
  } else {
    // Normalized Elo is per game; a pair's t-value is sqrt(2) times larger.
    const double scale = (counts.size() == 5 ? std::sqrt(2.0) : 1.0) * std::log(10.0) / 800.0;
    h0 = mle_with_t(pdf, 0.5, config.elo0 * scale);
    h1 = mle_with_t(pdf, 0.5, config.elo1 * scale);
  }
  double llr = 0;
  for (std::size_t i = 0; i < pdf.size(); ++i) llr += pdf[i].p * std::log(h1[i].p / h0[i].p);
  return n * llr;
}

double sprt_llr(const Tally& t, const SprtConfig& config) {
  if (t.pairs() > 0) {
    std::vector<double> c(t.pentanomial.begin(), t.pentanomial.end());
    return sprt_llr(c, config);
  }
  if (t.games() == 0) return 0;
  return sprt_llr(std::vector<double>{double(t.losses), double(t.draws), double(t.wins)}, config);
}

SprtDecision sprt_decision(double llr, const SprtConfig& config) {
  if (llr >= config.upper_bound()) return SprtDecision::ACCEPT_H1;
  if (llr <= config.lower_bound()) return SprtDecision::ACCEPT_H0;
  return SprtDecision::CONTINUE;
}

void to_json(nlohmann::json& j, const SprtConfig& c) {
  j = {{"elo0", c.elo0}, {"elo1", c.elo1}, {"alpha", c.alpha}, {"beta", c.beta}, {"model", elo_model_name(c.model)}};
}

void from_json(const nlohmann::json& j, SprtConfig& c) {
  j.at("elo0").get_to(c.elo0);
  j.at("elo1").get_to(c.elo1);
  j.at("alpha").get_to(c.alpha);
  j.at("beta").get_to(c.beta);
  c.model = stored_enum<EloModel>(j.at("model"), "model", [](const std::string& name) { return parse_elo_model(name); });
}

}  // namespace harness
