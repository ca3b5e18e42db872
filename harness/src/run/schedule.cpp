#include "run/schedule.h"

#include <utility>

namespace harness {

std::vector<GameSpec> shard_games(const std::vector<GameSpec>& schedule, const Shard& shard) {
  std::vector<GameSpec> out;
  for (const GameSpec& g : schedule)
    if (shard.holds_pair(g.pair_index)) out.push_back(g);
  return out;
}

namespace {

// fastchess's -noswap (the encounter's first engine, the lower index, has White in every game)
// and -reverse (every game's colours swapped).
void apply_colours(const MatchConfig& c, std::vector<GameSpec>& games) {
  for (GameSpec& g : games) {
    if (c.noswap && g.white > g.black) std::swap(g.white, g.black);
    if (c.reverse) std::swap(g.white, g.black);
  }
}

std::vector<GameSpec> scheduled_games(const MatchConfig& c) {
  std::vector<GameSpec> out;
  int round = 0;
  // Paired: one opening, colours reversed. Unpaired: one game an encounter and round, its own
  // opening, and colours alternating from game to game (as fastchess swaps them by game number).
  auto add_pair = [&](int a, int b) {
    const int index = int(out.size());
    if (!c.paired) {
      out.push_back({index, index, index % 2 ? b : a, index % 2 ? a : b, c.opening_per_round ? round : index});
      return;
    }
    int pair = index / 2;
    int opening = c.opening_per_round ? round : pair;
    out.push_back({index, pair, a, b, opening});
    out.push_back({index + 1, pair, b, a, opening});
  };
  if (c.kind == TournamentKind::MATCH) {
    // Datagen and unpaired games: each game its own opening (an engine playing itself would
    // repeat a pair's first game); an unpaired game is its own "pair" for shards.
    for (int g = 0; g < c.games; ++g)
      out.push_back({g, c.paired ? g / 2 : g, g % 2 == 0 ? 0 : 1, g % 2 == 0 ? 1 : 0, c.datagen || !c.paired ? g : g / 2});
    return out;
  }
  const int n = int(c.engines.size());
  for (round = 0; round < c.rounds; ++round) {
    if (c.kind == TournamentKind::GAUNTLET) {
      for (int j = 1; j < n; ++j) add_pair(0, j);
    } else if (c.kind == TournamentKind::PAIRS) {
      for (int j = 0; j + 1 < n; j += 2) add_pair(j, j + 1);
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) add_pair(i, j);
    }
  }
  return out;
}

}  // namespace

std::vector<GameSpec> make_schedule(const MatchConfig& c) {
  std::vector<GameSpec> games = scheduled_games(c);
  apply_colours(c, games);
  return games;
}

int planned_games(const MatchConfig& config) {
  if (config.imported && config.imported->games > 0) return config.imported->games;
  return int(shard_games(make_schedule(config), config.shard).size());
}

}  // namespace harness
