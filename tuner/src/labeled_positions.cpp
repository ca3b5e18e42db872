#include "labeled_positions.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace tuner {

chess::Result<LabeledPosition> parse_labeled_line(const std::string& line, const std::string& where) {
  std::istringstream is(line);
  std::string f[4];
  for (std::string& x : f)
    if (!(is >> x)) return chess::Error{where + ": expected a FEN of at least 4 fields"};
  std::string rest;
  std::getline(is, rest);
  std::string fen = f[0] + " " + f[1] + " " + f[2] + " " + f[3];
  LabeledPosition lp;
  if (rest.find("\"1-0\"") != std::string::npos || rest.find("[1.0]") != std::string::npos ||
      rest.find("[1]") != std::string::npos)
    lp.result = 1.0;
  else if (rest.find("\"0-1\"") != std::string::npos || rest.find("[0.0]") != std::string::npos ||
           rest.find("[0]") != std::string::npos)
    lp.result = 0.0;
  else if (rest.find("\"1/2-1/2\"") != std::string::npos || rest.find("[0.5]") != std::string::npos)
    lp.result = 0.5;
  else
    return chess::Error{where + ": no result label (expected c9 \"1-0\" or [1.0])"};
  auto pos = chess::Position::from_fen(fen);
  if (!pos) return chess::Error{where + ": " + pos.error()};
  lp.position = *pos;
  return lp;
}

chess::Result<std::vector<LabeledPosition>> read_labeled_positions(const std::string& path) {
  std::ifstream in(path);
  if (!in) return chess::Error{path + ": cannot open labeled positions"};
  std::vector<LabeledPosition> out;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r\n") == std::string::npos || line[0] == '#') continue;
    auto lp = parse_labeled_line(line, path + ":" + std::to_string(number));
    if (!lp) return chess::Error{lp.error()};
    out.push_back(*lp);
  }
  if (out.empty()) return chess::Error{path + ": no labeled positions"};
  return out;
}

std::vector<LabeledPosition> split_holdout(std::vector<LabeledPosition>& all, double fraction) {
  std::vector<LabeledPosition> kept, held;
  if (fraction <= 0) return held;
  const std::size_t every = std::max<std::size_t>(2, std::size_t(std::lround(1.0 / fraction)));
  for (std::size_t i = 0; i < all.size(); ++i) (((i / HOLDOUT_BLOCK) % every == every - 1) ? held : kept).push_back(all[i]);
  all = std::move(kept);
  return held;
}

}  // namespace tuner
