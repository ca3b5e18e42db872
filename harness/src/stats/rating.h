// One rating list from many games: maximum likelihood over a Bradley-Terry model with draws in
// BayesElo's form (a draw width and a first-move advantage fitted with the ratings), with 95 %
// error bars from the observed information, anchored to one engine.
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

struct RatingSettings {
  int anchor = 0;          // the engine whose rating is fixed
  double anchor_elo = 0;   // at this value
  double prior_draws = 2;  // virtual draws between every two engines that met (BayesElo's default prior); 0: none
};

struct RatingList {
  std::vector<double> elo;    // per engine
  std::vector<double> error;  // half-width of the 95 % interval, relative to the anchor (0 for it)
  std::vector<int> games;
  std::vector<double> points;
  double draw_elo = 0, white_advantage = 0;
  int iterations = 0;
};

// Fails when an engine's rating has no finite estimate (it won or lost every game and there is
// no prior), when no game was drawn and there is no prior (the draw width has no estimate), or
// when some engines never met the others.
// `names` name the engines that RatedGame indices refer to (for the error messages).
chess::Result<RatingList> rate_games(const std::vector<std::string>& names, const std::vector<RatedGame>& games,
                                     const RatingSettings& settings);

}  // namespace harness
