#include "search/pv_end.h"

#include <algorithm>

namespace search {

namespace {

constexpr int FIFTY_MOVE_PLIES = 100;
constexpr long EARLIER_OCCURRENCES_OF_A_THREEFOLD = 2;

}  // namespace

std::vector<chess::Move> pv_until_game_ends(const chess::Position& root, const std::vector<chess::Key>& history,
                                            const std::vector<chess::Move>& pv) {
  chess::Position pos = root;
  std::vector<chess::Key> keys = history;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    chess::Undo undo;
    pos.do_move(pv[i], undo);
    const long earlier = std::count(keys.begin(), keys.end(), pos.key());
    keys.push_back(pos.key());
    if (earlier >= EARLIER_OCCURRENCES_OF_A_THREEFOLD || pos.rule50() >= FIFTY_MOVE_PLIES)
      return {pv.begin(), pv.begin() + std::ptrdiff_t(i + 1)};
  }
  return pv;
}

}  // namespace search
