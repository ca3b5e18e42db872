// "Did you mean" support: the candidates closest to a misspelt name by edit distance.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace chess {

std::size_t edit_distance(std::string_view a, std::string_view b);
// Up to `how_many` candidates close enough to be what was meant (an edit distance of at most
// a third of the name, and at least 2), closest first (ties keep the candidates' order).
std::vector<std::string> nearest_names(std::string_view name, const std::vector<std::string>& candidates, std::size_t how_many);
// " (did you mean 'x'?)" when a candidate is close, else " (expected one of: a, b, c)" (or
// nothing, when there are more than a dozen candidates).
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace chess
