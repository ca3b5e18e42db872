#include "rating.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "text/format_number.h"

namespace harness {

namespace {

// Counts per ordered pairing (white, black): results from White's view.
struct Pairing {
  int white, black;
  double wins = 0, draws = 0, losses = 0;
};

double white_win(double rw, double rb, double adv, double draw) { return 1 / (1 + std::pow(10.0, (rb - rw - adv + draw) / 400)); }

// Parameters: the ratings of every engine that is not anchored, then the advantage, then the
// draw width.
struct Model {
  int engines = 0;
  int fitted = 0;              // ratings among the parameters: the advantage is parameter `fitted`
  std::vector<int> parameter;  // per engine: its rating's parameter, or -1 for an anchor
  std::vector<double> fixed;   // per engine: an anchor's rating
  std::vector<Pairing> pairings;

  bool anchored(int i) const { return parameter[std::size_t(i)] < 0; }
  double rating(const std::vector<double>& p, int i) const {
    return anchored(i) ? fixed[std::size_t(i)] : p[std::size_t(parameter[std::size_t(i)])];
  }
  double log_likelihood(const std::vector<double>& p) const {
    const double adv = p[std::size_t(fitted)], draw = p[std::size_t(fitted + 1)];
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

// Gradient and Hessian by central differences: there are about as many parameters as engines.
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

// The engines linked by games to no anchor, directly or through common opponents.
std::vector<int> unanchored_engines(const Model& m) {
  auto parent = std::vector<int>(std::size_t(m.engines));
  for (int i = 0; i < m.engines; ++i) parent[std::size_t(i)] = i;
  std::function<int(int)> find = [&](int i) {
    return parent[std::size_t(i)] == i ? i : parent[std::size_t(i)] = find(parent[std::size_t(i)]);
  };
  for (const Pairing& x : m.pairings) parent[std::size_t(find(x.white))] = find(x.black);
  std::vector<bool> has_anchor(std::size_t(m.engines), false);
  for (int i = 0; i < m.engines; ++i)
    if (m.anchored(i)) has_anchor[std::size_t(find(i))] = true;
  std::vector<int> out;
  for (int i = 0; i < m.engines; ++i)
    if (!has_anchor[std::size_t(find(i))]) out.push_back(i);
  return out;
}

// The anchored engines, each once, in the order given.
std::vector<int> anchor_engines(const std::vector<RatingAnchor>& anchors) {
  std::vector<int> out;
  for (const RatingAnchor& a : anchors)
    if (std::find(out.begin(), out.end(), a.engine) == out.end()) out.push_back(a.engine);
  return out;
}

// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string quoted_names(const std::vector<std::string>& names, const std::vector<int>& which) {
  std::string out;
  for (std::size_t k = 0; k < which.size(); ++k)
    out += std::string(k == 0 ? "" : k + 1 == which.size() ? " and " : ", ") + "'" + names[std::size_t(which[k])] + "'";
  return out;
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

// Each engine's parameter, or its anchor's rating; the anchors were checked.
void place_anchors(Model& m, const std::vector<RatingAnchor>& anchors) {
  m.parameter.assign(std::size_t(m.engines), 0);
  m.fixed.assign(std::size_t(m.engines), 0);
  for (const RatingAnchor& a : anchors) {
    m.parameter[std::size_t(a.engine)] = -1;
    m.fixed[std::size_t(a.engine)] = a.elo;
  }
  m.fitted = 0;
  for (int& k : m.parameter)
    if (k >= 0) k = m.fitted++;
}

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
  Model m;
  m.engines = engines;
  place_anchors(m, settings.anchors);
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

// The mean of the anchors' ratings: where the fitted ratings start.
double mean_anchor_elo(const std::vector<RatingAnchor>& anchors) {
  double sum = 0;
  for (const RatingAnchor& a : anchors) sum += a.elo;
  return sum / double(anchors.size());
}

// The maximum-likelihood parameters by Newton's method, each step halved until the likelihood rises.
std::vector<double> maximise(const Model& m, const RatingSettings& settings, int& iterations) {
  std::vector<double> p(std::size_t(m.fitted + 2), mean_anchor_elo(settings.anchors));
  p[std::size_t(m.fitted)] = 32;  // BayesElo's starting advantage and draw width
  p[std::size_t(m.fitted + 1)] = 97;
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
void fill_ratings(const Model& m, const std::vector<double>& p, RatingList& list) {
  std::vector<double> g;
  std::vector<std::vector<double>> h;
  derivatives(m, p, g, h);
  const std::vector<std::vector<double>> info = negated(h);
  list.elo.resize(std::size_t(m.engines));
  list.error.assign(std::size_t(m.engines), 0);
  for (int i = 0; i < m.engines; ++i) list.elo[std::size_t(i)] = m.rating(p, i);
  for (int i = 0; i < m.engines; ++i) {
    if (m.anchored(i)) continue;
    const std::size_t k = std::size_t(m.parameter[std::size_t(i)]);
    std::vector<double> unit(p.size(), 0), column;
    unit[k] = 1;
    if (solve(info, unit, column) && column[k] > 0) list.error[std::size_t(i)] = 1.959964 * std::sqrt(column[k]);
  }
  list.white_advantage = p[std::size_t(m.fitted)];
  list.draw_elo = p[std::size_t(m.fitted + 1)];
}

// Anchors that name engines of the list, each engine at one rating.
chess::Result<bool> check_anchors(const std::vector<std::string>& names, const std::vector<RatingAnchor>& anchors) {
  if (anchors.empty()) return chess::Error{"a rating list needs an anchor: an engine whose rating is fixed"};
  for (std::size_t k = 0; k < anchors.size(); ++k) {
    const RatingAnchor& a = anchors[k];
    if (a.engine < 0 || a.engine >= int(names.size())) return chess::Error{"the anchor is not one of the engines"};
    if (!std::isfinite(a.elo)) return chess::Error{"the anchor '" + names[std::size_t(a.engine)] + "' has no finite rating"};
    for (std::size_t j = 0; j < k; ++j)
      if (anchors[j].engine == a.engine && anchors[j].elo != a.elo)
        return chess::Error{"'" + names[std::size_t(a.engine)] + "' is anchored twice, at " +
                            format_number("%g", anchors[j].elo) + " and at " + format_number("%g", a.elo) +
                            ": give it one rating"};
  }
  return true;
}

// Refused without a prior: an engine that won or lost every game (its rating runs off to
// infinity), or no draw at all (the draw width runs off to nothing). An anchor's rating is fixed
// whatever it scored.
chess::Result<bool> check_estimable(const std::vector<std::string>& names, const std::vector<RatedGame>& games, const Model& m,
                                    const RatingList& list) {
  for (int i = 0; i < m.engines; ++i) {
    const double points = list.points[std::size_t(i)];
    if (!m.anchored(i) && (points == 0 || points == list.games[std::size_t(i)]))
      return chess::Error{"'" + names[std::size_t(i)] + "' " + (points == 0 ? "lost" : "won") +
                          " every game: its rating has no finite maximum-likelihood estimate without a prior (--prior)"};
  }
  if (std::none_of(games.begin(), games.end(), [](const RatedGame& g) { return g.white_points2 == 1; }))
    return chess::Error{
        "no game was drawn: the draw width the model fits with the ratings has no estimate without a draw; "
        "give a prior (--prior N virtual draws, 2 by default)"};
  return true;
}

// A fitted rating that ran off (more than 4,000 Elo from every anchor): no finite estimate.
chess::Result<bool> check_finite(const std::vector<std::string>& names, const Model& m, const std::vector<double>& p,
                                 const std::vector<RatingAnchor>& anchors) {
  for (int i = 0; i < m.engines; ++i) {
    const double r = m.rating(p, i);
    double nearest = INFINITY;
    for (const RatingAnchor& a : anchors) nearest = std::min(nearest, std::abs(r - a.elo));
    if (!std::isfinite(r) || nearest > 4000)
      return chess::Error{"'" + names[std::size_t(i)] + "' has no finite rating: use a prior (--prior)"};
  }
  return true;
}

}  // namespace

chess::Result<RatingList> rate_games(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                                     const RatingSettings& settings) {
  const int engines = int(names.size());
  if (engines < 2) return chess::Error{"a rating list needs at least two engines"};
  CHESS_RETURN_IF_ERROR(check_anchors(names, settings.anchors));
  RatingList list;
  Model m = count_games(engines, games, settings, list);
  if (const std::vector<int> lost = unanchored_engines(m); !lost.empty())
    return chess::Error{quoted_names(names, lost) + " never played an anchored engine (" +
                        quoted_names(names, anchor_engines(settings.anchors)) +
                        "), directly or through common opponents: no rating on the anchors' scale (anchor one of them too)"};
  if (settings.prior_draws <= 0) CHESS_RETURN_IF_ERROR(check_estimable(names, games, m, list));
  if (settings.prior_draws > 0) add_prior(m, settings.prior_draws);
  const std::vector<double> p = maximise(m, settings, list.iterations);
  CHESS_RETURN_IF_ERROR(check_finite(names, m, p, settings.anchors));
  fill_ratings(m, p, list);
  return list;
}

}  // namespace harness
