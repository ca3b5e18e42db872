#include "run/schedule.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace harness {

namespace {

// One round's encounters of a tournament, in the order they are played.
std::vector<std::pair<int, int>> round_encounters(const MatchConfig& c) {
  std::vector<std::pair<int, int>> out;
  const int n = int(c.engines.size());
  if (c.kind == TournamentKind::GAUNTLET) {
    for (int j = 1; j < n; ++j) out.emplace_back(0, j);
  } else if (c.kind == TournamentKind::PAIRS) {
    for (int j = 0; j + 1 < n; j += 2) out.emplace_back(j, j + 1);
  } else if (c.kind == TournamentKind::ROUND_ROBIN) {
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) out.emplace_back(i, j);
  }
  return out;
}

}  // namespace

Schedule::Schedule(const MatchConfig& c)
    : match_(c.kind == TournamentKind::MATCH),
      paired_(c.paired),
      datagen_(c.datagen),
      per_round_(c.opening_per_round),
      noswap_(c.noswap),
      reverse_(c.reverse),
      encounters_(round_encounters(c)) {
  games_per_round_ = int(encounters_.size()) * (paired_ ? 2 : 1);
  // MatchConfig::validate refuses more than MAX_GAMES; a configuration that was not validated
  // plays at most that many.
  size_ = int(std::min<std::int64_t>(c.total_games(), MAX_GAMES));
}

// Datagen and unpaired games: each game its own opening (an engine playing itself would repeat a
// pair's first game); an unpaired game is its own "pair" for shards. A tournament's pair plays
// one opening with colours reversed; unpaired, colours alternate from game to game (as
// fastchess swaps them by game number).
GameSpec Schedule::uncoloured(int g) const {
  const int pair = paired_ ? g / 2 : g;
  if (match_) return {g, pair, g % 2 == 0 ? 0 : 1, g % 2 == 0 ? 1 : 0, datagen_ || !paired_ ? g : g / 2};
  const int round = g / games_per_round_, within = g % games_per_round_;
  const auto [a, b] = encounters_[std::size_t(paired_ ? within / 2 : within)];
  const int opening = per_round_ ? round : pair;
  const bool swapped = g % 2 == 1;
  return {g, pair, swapped ? b : a, swapped ? a : b, opening};
}

// fastchess's -noswap (the encounter's first engine, the lower index, has White in every game)
// and -reverse (every game's colours swapped).
GameSpec Schedule::at(int game_index) const {
  GameSpec g = uncoloured(game_index);
  if (noswap_ && g.white > g.black) std::swap(g.white, g.black);
  if (reverse_) std::swap(g.white, g.black);
  return g;
}

int Schedule::next_in_shard(int from, const Shard& shard) const {
  const int per_pair = paired_ ? 2 : 1;
  from = std::max(from, 0);
  std::int64_t pair = from / per_pair;
  if (!shard.holds_pair(int(pair))) pair += (shard.index - pair % shard.count + shard.count) % shard.count;  // the shard's next
  return int(std::min<std::int64_t>(std::max<std::int64_t>(from, pair * per_pair), size_));
}

int Schedule::shard_size(const Shard& shard) const {
  const int per_pair = paired_ ? 2 : 1;
  const int pairs = size_ / per_pair;
  const int held = pairs > shard.index ? (pairs - shard.index + shard.count - 1) / shard.count : 0;
  return held * per_pair;
}

std::vector<GameSpec> make_schedule(const MatchConfig& config) {
  const Schedule schedule(config);
  std::vector<GameSpec> games;
  games.reserve(std::size_t(schedule.size()));
  for (int g = 0; g < schedule.size(); ++g) games.push_back(schedule.at(g));
  return games;
}

int planned_games(const MatchConfig& config) {
  if (config.imported && config.imported->games > 0) return config.imported->games;
  return Schedule(config).shard_size(config.shard);
}

}  // namespace harness
