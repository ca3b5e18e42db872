#include "nearest_names.h"

#include <algorithm>

namespace chess {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

std::vector<std::string> nearest_names(std::string_view name, const std::vector<std::string>& candidates, std::size_t how_many) {
  const std::size_t close = std::max<std::size_t>(2, name.size() / 3);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const std::string& c : candidates) {
    std::size_t d = edit_distance(name, c);
    // A shortened or lengthened name ("protocol" for "proto") is close whatever the distance.
    const std::size_t common = std::min(name.size(), c.size());
    const bool prefix = common >= 3 && name.substr(0, common) == std::string_view(c).substr(0, common);
    if (d <= close || prefix) scored.emplace_back(d, c);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < std::min(how_many, scored.size()); ++i) out.push_back(scored[i].second);
  return out;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  std::vector<std::string> near = nearest_names(name, candidates, 1);
  if (!near.empty()) return " (did you mean '" + near[0] + "'?)";
  if (candidates.size() > 12) return "";  // too many to list
  std::string all;
  for (const std::string& c : candidates) all += (all.empty() ? "" : ", ") + c;
  return " (expected one of: " + all + ")";
}

}  // namespace chess
