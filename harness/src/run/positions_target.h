// A datagen run sized by positions (harness datagen --positions N): it keeps the shortest run
// of games, in the schedule's order, whose scored positions (moves with an engine score) reach
// N; --games is then the most it plays. Games finish out of order on several slots: one that
// finishes ahead of a game still being played is held back until the games before it are
// stored, so the games kept never depend on the slots' timing, and a run killed at any moment
// and resumed keeps the same games as one that ran through.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/result.h"
#include "record/game_record.h"

namespace harness {

// The moves of the game that carry an engine score: the positions a trainer can use.
std::int64_t scored_positions(const GameRecord& game);

class PositionsTarget {
 public:
  explicit PositionsTarget(std::int64_t target = 0) : target_(target) {}
  bool active() const { return target_ > 0; }
  std::int64_t target() const { return target_; }
  // A game stored before this session: they are the first games of the order, given in order.
  chess::Result<bool> stored_before(int game_index, std::int64_t positions);
  // A finished game: the games that are now next in the order (it and those held behind it),
  // in order, to store; a game ahead of one not stored yet is held.
  std::vector<GameRecord> arrived(GameRecord game);
  // The next game of the order was stored, with its positions.
  void stored(std::int64_t positions);
  bool reached() const { return active() && positions_ >= target_; }
  // Whether a slot may start game `game_index`: at most `ahead` games past the first one not
  // stored, which bounds the games held back.
  bool within_reach(int game_index, int ahead) const { return !active() || game_index < next_ + ahead; }
  // The games still held (they finished ahead of one that was not played): given up.
  int give_up_held();
  int kept_games() const { return next_; }
  std::int64_t positions() const { return positions_; }

 private:
  std::int64_t target_ = 0, positions_ = 0;
  int next_ = 0;  // the first game of the order not stored
  std::map<int, GameRecord> held_;
};

}  // namespace harness
