// Tally: wins, draws and losses of the first engine, and pentanomial counts of finished pairs.
#pragma once

#include <array>
#include <cstdint>
#include <map>

namespace harness {

// A game's result from the first engine's view: 1 win, 0.5 draw, 0 loss, as twice that.
enum class Outcome2 : int { LOSS = 0, DRAW = 1, WIN = 2 };

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  // Pair score in half points (0..4) to count: LL, LD, LW+DD, DW, WW.
  std::array<int, 5> pentanomial{};
  int split_pairs = 0;  // of pentanomial[2]: pairs of a win and a loss (the others are two draws)
  bool paired = true;   // false: the games stand alone (no pentanomial), the statistics are trinomial

  int games() const { return wins + draws + losses; }
  int pairs() const { return pentanomial[0] + pentanomial[1] + pentanomial[2] + pentanomial[3] + pentanomial[4]; }
  double points() const { return wins + 0.5 * draws; }
  // Another run's games of the same two engines counted in too (a bisect step's attempts).
  Tally& operator+=(const Tally& other) {
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    for (std::size_t i = 0; i < pentanomial.size(); ++i) pentanomial[i] += other.pentanomial[i];
    split_pairs += other.split_pairs;
    return *this;
  }
};

// Builds a tally from games keyed by game index (pair = index / 2); a pair counts in the
// pentanomial only when both of its games are finished, whatever order they finished in.
class TallyBuilder {
 public:
  // Unpaired games count in W/D/L only.
  explicit TallyBuilder(bool paired = true) { tally_.paired = paired; }
  void add(int game_index, Outcome2 outcome);
  Tally tally() const { return tally_; }
  // The games of finished pairs only (what a pentanomial report counts in W/D/L).
  Tally paired_tally() const;
  // Whether both games of the pair of game `game_index` are in.
  bool pair_finished(int game_index) const { return tally_.paired && !half_pairs_.count(game_index / 2); }

 private:
  Tally tally_;
  std::map<int, Outcome2> half_pairs_;
};

}  // namespace harness
