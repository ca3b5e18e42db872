// RunTally: a run's statistics from its finished games: the first engine's tally with
// pentanomial pairs (matches), each engine's tally against the field (tournaments) and a
// gauntlet's first engine's tally against each opponent, and the text blocks that are printed
// and stored from them. The match runner, the shard merge and the cluster's live line all
// count games here.
#pragma once

#include <string>
#include <vector>

#include "run/schedule.h"
#include "stats/tally.h"

namespace harness {

class RunTally {
 public:
  explicit RunTally(const MatchConfig& config);
  // A finished game of the schedule, by its index; `result` is "1-0", "0-1" or "1/2-1/2".
  void add(int game_index, const std::string& result);

  Tally match_tally() const { return match_.tally(); }
  // The first engine's games of finished pairs only.
  Tally paired_match_tally() const { return match_.paired_tally(); }
  // A match: whether both games of game `game_index`'s pair are counted (it was counted itself).
  bool pair_finished(int game_index) const { return match_.pair_finished(game_index); }
  const MatchConfig& config() const { return config_; }
  // Engine `i` against all the others (in a match, engine 0's tally mirrors engine 1's).
  Tally engine_tally(std::size_t i) const { return engines_.at(i); }
  // A gauntlet: its first engine's games against engine `i` (from 1), with pentanomial pairs.
  Tally opponent_tally(std::size_t i) const { return opponents_.at(i).tally(); }
  // "A vs B (tc, book)".
  std::string title() const;
  // A match's results block (Elo, LOS, pentanomial, SPRT), a tournament's ranking table (a
  // gauntlet's followed by its gauntlet_table), or a datagen run's games by result (an Elo of an
  // engine against itself measures nothing).
  std::string summary() const;
  // A gauntlet's result from its first engine's view, one row per opponent and one over them
  // all: games, W-L-D, score, and Elo with its 95 % interval (from the pentanomial once a pair
  // is complete, as a match's); "" for other runs.
  std::string gauntlet_table() const;
  // One line: a match's summary_line, a tournament's "Games N/M".
  std::string progress(int total_games) const;

 private:
  std::string ranking_table() const;
  std::string datagen_summary() const;
  MatchConfig config_;
  Schedule schedule_;
  TallyBuilder match_;
  std::vector<Tally> engines_;
  std::vector<TallyBuilder> opponents_;  // a gauntlet's, by opponent (index 0 unused); empty otherwise
  int games_ = 0;
  int white_wins_ = 0, draws_ = 0, black_wins_ = 0;
};

}  // namespace harness
