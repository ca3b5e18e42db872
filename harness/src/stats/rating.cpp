#include "rating.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace harness {

namespace {

// Counts per ordered pairing (white, black): results from White's view.
struct Pairing {
  int white, black;
  double wins = 0, draws = 0, losses = 0;
};

double white_win(double rw, double rb, double adv, double draw) { return 1 / (1 + std::pow(10.0, (rb - rw - adv + draw) / 400)); }

// Parameters: the ratings of every engine but the anchor, then the advantage, then the draw width.
struct Model {
  int engines, anchor;
  double anchor_elo;
  std::vector<Pairing> pairings;

  double rating(const std::vector<double>& p, int i) const {
    if (i == anchor) return anchor_elo;
    return p[std::size_t(i < anchor ? i : i - 1)];
  }
  double log_likelihood(const std::vector<double>& p) const {
    const double adv = p[std::size_t(engines - 1)], draw = p[std::size_t(engines)];
    if (draw <= 0) return -INFINITY;
    double ll = 0;
    for (const Pairing& x : pairings) {
      const double rw = rating(p, x.white), rb = rating(p, x.black);
      const double pw = white_win(rw, rb, adv, draw), pb = white_win(rb, rw, -adv, draw);
      const double pd = 1 - pw - pb;
      if (pw <= 0 || pb <= 0 || pd <= 0) return -INFINITY;
      ll += x.wins * std::log(pw) + x.losses * std::log(pb) + x.draws * std::log(pd);
    }
    return ll;
  }
};

// Gradient and Hessian by central differences: the parameter count is the engine count.
void derivatives(const Model& m, const std::vector<double>& p, std::vector<double>& g, std::vector<std::vector<double>>& h) {
  const std::size_t n = p.size();
  const double e = 0.5;  // Elo: the likelihood is smooth on this scale
  g.assign(n, 0);
  h.assign(n, std::vector<double>(n, 0));
  const double f0 = m.log_likelihood(p);
  std::vector<double> q = p;
  for (std::size_t i = 0; i < n; ++i) {
    q[i] = p[i] + e;
    const double fp = m.log_likelihood(q);
    q[i] = p[i] - e;
    const double fm = m.log_likelihood(q);
    q[i] = p[i];
    g[i] = (fp - fm) / (2 * e);
    h[i][i] = (fp - 2 * f0 + fm) / (e * e);
    for (std::size_t j = 0; j < i; ++j) {
      double s = 0;
      for (int si : {1, -1})
        for (int sj : {1, -1}) {
          q[i] = p[i] + si * e;
          q[j] = p[j] + sj * e;
          s += si * sj * m.log_likelihood(q);
        }
      q[i] = p[i];
      q[j] = p[j];
      h[i][j] = h[j][i] = s / (4 * e * e);
    }
  }
}

// Solves A x = b by Gauss-Jordan with partial pivoting; false if A is singular.
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double>& x) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t pivot = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    if (std::abs(a[pivot][c]) < 1e-12) return false;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  x.resize(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = b[i] / a[i][i];
  return true;
}

// Whether every engine is linked to the anchor through games.
bool connected(int engines, const std::vector<Pairing>& pairings) {
  auto parent = std::vector<int>(std::size_t(engines));
  for (int i = 0; i < engines; ++i) parent[std::size_t(i)] = i;
  std::function<int(int)> find = [&](int i) {
    return parent[std::size_t(i)] == i ? i : parent[std::size_t(i)] = find(parent[std::size_t(i)]);
  };
  for (const Pairing& x : pairings) parent[std::size_t(find(x.white))] = find(x.black);
  for (int i = 1; i < engines; ++i)
    if (find(i) != find(0)) return false;
  return true;
}

}  // namespace

int RatedGames::engine(const std::string& name) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return int(i);
  names.push_back(name);
  return int(names.size()) - 1;
}

void RatedGames::add(const std::string& white, const std::string& black, const std::string& result) {
  const int w = engine(white), b = engine(black);
  games.push_back({w, b, result == "1-0" ? 2 : result == "0-1" ? 0 : 1});
}

namespace {

// The games counted per ordered pairing, and each engine's games and points.
Model count_games(int engines, const std::vector<RatedGame>& games, const RatingSettings& settings, RatingList& list) {
  list.games.assign(std::size_t(engines), 0);
  list.points.assign(std::size_t(engines), 0);
  std::map<std::pair<int, int>, Pairing> by_pair;
  for (const RatedGame& g : games) {
    Pairing& x = by_pair.try_emplace({g.white, g.black}, Pairing{g.white, g.black}).first->second;
    (g.white_points2 == 2 ? x.wins : g.white_points2 == 1 ? x.draws : x.losses) += 1;
    ++list.games[std::size_t(g.white)];
    ++list.games[std::size_t(g.black)];
    list.points[std::size_t(g.white)] += g.white_points2 / 2.0;
    list.points[std::size_t(g.black)] += (2 - g.white_points2) / 2.0;
  }
  Model m{engines, settings.anchor, settings.anchor_elo, {}};
  for (auto& [key, x] : by_pair) m.pairings.push_back(x);
  return m;
}

// BayesElo's prior: virtual draws between every two engines that met, half with each colour.
void add_prior(Model& m, double prior_draws) {
  std::map<std::pair<int, int>, bool> met;
  for (const Pairing& x : std::vector<Pairing>(m.pairings)) met[{std::min(x.white, x.black), std::max(x.white, x.black)}] = true;
  for (const auto& [key, unused] : met) {
    m.pairings.push_back({key.first, key.second, 0, prior_draws / 2, 0});
    m.pairings.push_back({key.second, key.first, 0, prior_draws / 2, 0});
  }
}

std::vector<std::vector<double>> negated(std::vector<std::vector<double>> m) {
  for (auto& row : m)
    for (double& v : row) v = -v;
  return m;
}

// The maximum-likelihood parameters by Newton's method, each step halved until the likelihood rises.
std::vector<double> maximise(const Model& m, const RatingSettings& settings, int& iterations) {
  std::vector<double> p(std::size_t(m.engines + 1), 0);
  for (int i = 0; i < m.engines - 1; ++i) p[std::size_t(i)] = settings.anchor_elo;
  p[std::size_t(m.engines - 1)] = 32;  // BayesElo's starting advantage and draw width
  p[std::size_t(m.engines)] = 97;
  std::vector<double> g, step;
  std::vector<std::vector<double>> h;
  double ll = m.log_likelihood(p);
  for (iterations = 1; iterations <= 200; ++iterations) {
    derivatives(m, p, g, h);
    if (!solve(negated(h), g, step)) break;
    double scale = 1, next = -INFINITY;
    std::vector<double> q(p.size());
    for (int halving = 0; halving < 40; ++halving, scale /= 2) {
      for (std::size_t i = 0; i < p.size(); ++i) q[i] = p[i] + scale * std::max(-400.0, std::min(400.0, step[i]));
      next = m.log_likelihood(q);
      if (next >= ll) break;
    }
    if (!(next >= ll)) break;
    double moved = 0;
    for (std::size_t i = 0; i < p.size(); ++i) moved = std::max(moved, std::abs(q[i] - p[i]));
    p = q;
    ll = next;
    if (moved < 1e-6) break;
  }
  iterations = std::min(iterations, 200);
  return p;
}

// The ratings and their 95 % intervals: the covariance is the inverse of the information, solved
// for each rating's unit vector.
void fill_ratings(const Model& m, const std::vector<double>& p, const RatingSettings& settings, RatingList& list) {
  std::vector<double> g;
  std::vector<std::vector<double>> h;
  derivatives(m, p, g, h);
  const std::vector<std::vector<double>> info = negated(h);
  list.elo.resize(std::size_t(m.engines));
  list.error.assign(std::size_t(m.engines), 0);
  for (int i = 0; i < m.engines; ++i) list.elo[std::size_t(i)] = m.rating(p, i);
  for (int i = 0; i < m.engines; ++i) {
    if (i == settings.anchor) continue;
    const std::size_t k = std::size_t(i < settings.anchor ? i : i - 1);
    std::vector<double> unit(p.size(), 0), column;
    unit[k] = 1;
    if (solve(info, unit, column) && column[k] > 0) list.error[std::size_t(i)] = 1.959964 * std::sqrt(column[k]);
  }
  list.white_advantage = p[std::size_t(m.engines - 1)];
  list.draw_elo = p[std::size_t(m.engines)];
}

}  // namespace

chess::Result<RatingList> rate_games(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                                     const RatingSettings& settings) {
  const int engines = int(names.size());
  if (engines < 2) return chess::Error{"a rating list needs at least two engines"};
  if (settings.anchor < 0 || settings.anchor >= engines) return chess::Error{"the anchor is not one of the engines"};
  RatingList list;
  Model m = count_games(engines, games, settings, list);
  if (!connected(engines, m.pairings))
    return chess::Error{"some engines never played the others, directly or through common opponents: no common scale"};
  if (settings.prior_draws <= 0)
    for (int i = 0; i < engines; ++i)
      if (list.points[std::size_t(i)] == 0 || list.points[std::size_t(i)] == list.games[std::size_t(i)])
        return chess::Error{"'" + names[std::size_t(i)] + "' " + (list.points[std::size_t(i)] == 0 ? "lost" : "won") +
                            " every game: its rating has no finite maximum-likelihood estimate without a prior (--prior)"};
  if (settings.prior_draws <= 0 &&
      std::none_of(games.begin(), games.end(), [](const RatedGame& g) { return g.white_points2 == 1; }))
    return chess::Error{
        "no game was drawn: the draw width the model fits with the ratings has no estimate without a draw; "
        "give a prior (--prior N virtual draws, 2 by default)"};
  if (settings.prior_draws > 0) add_prior(m, settings.prior_draws);
  const std::vector<double> p = maximise(m, settings, list.iterations);
  for (int i = 0; i < engines; ++i)
    if (!std::isfinite(m.rating(p, i)) || std::abs(m.rating(p, i) - settings.anchor_elo) > 4000)
      return chess::Error{"'" + names[std::size_t(i)] + "' has no finite rating: use a prior (--prior)"};
  fill_ratings(m, p, settings, list);
  return list;
}

}  // namespace harness
