// One rating list from many games: maximum likelihood over a Bradley-Terry model with draws in
// BayesElo's form (a draw width and a first-move advantage fitted with the ratings), with 95 %
// error bars from the observed information. One engine or several are anchors: their ratings are
// fixed, and every other engine's is fitted with them held so (Ordo's multiple anchors), which
// puts the list on the anchors' scale.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// One game: engine indices and the result from White's view (2 win, 1 draw, 0 loss).
struct RatedGame {
  int white = 0, black = 0;
  int white_points2 = 1;
};

// Games gathered from runs by engine name: what rate_games takes.
struct RatedGames {
  std::vector<std::string> names;
  std::vector<RatedGame> games;
  // The engine's index, added if it is new.
  int engine(const std::string& name);
  // A game by its players' names and its result ("1-0", "0-1", "1/2-1/2").
  void add(const std::string& white, const std::string& black, const std::string& result);
};

// An engine whose rating is fixed.
struct RatingAnchor {
  int engine = 0;
  double elo = 0;
};

struct RatingSettings {
  // At least one (by default engine 0 at 0); an engine given twice only at one rating.
  std::vector<RatingAnchor> anchors = {RatingAnchor{}};
  double prior_draws = 2;  // virtual draws between every two engines that met (BayesElo's default prior); 0: none
};

struct RatingList {
  std::vector<double> elo;    // per engine
  std::vector<double> error;  // half-width of the 95 % interval, the anchors' ratings taken as exact (0 for them)
  std::vector<int> games;
  std::vector<double> points;
  double draw_elo = 0, white_advantage = 0;
  int iterations = 0;
};

// Fails when an engine's rating has no finite estimate (it is no anchor, it won or lost every
// game and there is no prior), when no game was drawn and there is no prior (the draw width has no estimate), when
// an anchor is not one of the engines or one engine is anchored at two values, or when some
// engines are linked by games to no anchor, directly or through common opponents (they have no
// rating on the anchors' scale; the message names them). Engines that never met the others are
// rated when their group has an anchor of its own.
// `names` name the engines that RatedGame indices refer to (for the error messages).
chess::Result<RatingList> rate_games(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                                     const RatingSettings& settings);

}  // namespace harness
