#include "adjudication.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <sstream>

#include "engines/engine_config.h"

namespace harness {

namespace {

using Setter = std::pair<std::string, int*>;

// Reads "key=value ..." into the setters; every key must be given, each once.
chess::Result<bool> apply(const std::string& what, const std::string& spec, const std::vector<Setter>& keys) {
  std::istringstream is(spec);
  std::vector<std::string> given;
  for (std::string word; is >> word;) {
    std::size_t eq = word.find('=');
    std::string key = word.substr(0, eq);
    std::vector<std::string> names;
    for (const auto& k : keys) names.push_back(k.first);
    auto it = std::find_if(keys.begin(), keys.end(), [&](const Setter& s) { return s.first == key; });
    if (eq == std::string::npos || it == keys.end())
      return chess::Error{what + ": unknown key '" + key + "'" + did_you_mean(key, names)};
    int value = 0;
    std::string text = word.substr(eq + 1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || value < 0)
      return chess::Error{what + ": '" + key + "' needs a non-negative integer, got '" + text + "'"};
    if (std::find(given.begin(), given.end(), key) != given.end()) return chess::Error{what + ": '" + key + "' is given twice"};
    given.push_back(key);
    *it->second = value;
  }
  std::string missing;
  for (const auto& k : keys)
    if (std::find(given.begin(), given.end(), k.first) == given.end()) missing += (missing.empty() ? "'" : ", '") + k.first + "'";
  if (!missing.empty()) {
    std::string example;
    for (const auto& k : keys) example += (example.empty() ? "" : " ") + k.first + "=N";
    return chess::Error{what + ": missing " + missing + " (give all of \"" + example + "\")"};
  }
  return true;
}

bool last_scores(const std::vector<MoveRecord>& moves, std::size_t count, const std::function<bool(const MoveRecord&)>& test) {
  if (moves.size() < count) return false;
  for (std::size_t i = moves.size() - count; i < moves.size(); ++i)
    if (!moves[i].has_score || !test(moves[i])) return false;
  return true;
}

}  // namespace

chess::Result<AdjudicationRules> parse_resign(const std::string& spec, AdjudicationRules rules) {
  rules.resign = true;
  auto r = apply("--resign", spec, {{"movecount", &rules.resign_moves}, {"score", &rules.resign_score}});
  if (!r) return chess::Error{r.error()};
  if (rules.resign_moves < 1) return chess::Error{"--resign: 'movecount' must be at least 1"};
  return rules;
}

chess::Result<AdjudicationRules> parse_draw(const std::string& spec, AdjudicationRules rules) {
  rules.draw = true;
  auto r = apply("--draw", spec,
                 {{"movenumber", &rules.draw_move_number}, {"movecount", &rules.draw_moves}, {"score", &rules.draw_score}});
  if (!r) return chess::Error{r.error()};
  if (rules.draw_moves < 1) return chess::Error{"--draw: 'movecount' must be at least 1"};
  return rules;
}

Adjudication adjudicate(const AdjudicationRules& rules, const std::vector<MoveRecord>& moves, chess::Color first_mover,
                        int fullmove_number) {
  if (rules.max_moves > 0 && fullmove_number > rules.max_moves) return {chess::GameResult::DRAW, "maximum game length reached"};
  if (rules.draw && fullmove_number >= rules.draw_move_number &&
      last_scores(moves, std::size_t(2 * rules.draw_moves),
                  [&](const MoveRecord& m) { return m.mate_in == 0 && std::abs(m.score_cp) <= rules.draw_score; }))
    return {chess::GameResult::DRAW, "draw adjudication: scores within " + std::to_string(rules.draw_score) + " cp"};
  if (rules.resign && moves.size() >= std::size_t(2 * rules.resign_moves)) {
    // The last mover and its opponent must agree: one losing, the other winning, for N moves each.
    const std::size_t n = moves.size();
    chess::Color last_mover = ((n - 1) % 2 == 0) ? first_mover : ~first_mover;
    bool last_losing = true, last_winning = true;
    for (std::size_t i = n; i-- > n - std::size_t(2 * rules.resign_moves);) {
      const MoveRecord& m = moves[i];
      bool by_last = (n - 1 - i) % 2 == 0;
      int s = m.has_score ? m.score_cp : 0;
      if (!m.has_score) last_losing = last_winning = false;
      if (by_last) {
        last_losing &= s <= -rules.resign_score;
        last_winning &= s >= rules.resign_score;
      } else {
        last_losing &= s >= rules.resign_score;
        last_winning &= s <= -rules.resign_score;
      }
    }
    if (last_losing || last_winning) {
      chess::Color winner = last_winning ? last_mover : ~last_mover;
      return {winner == chess::WHITE ? chess::GameResult::WHITE_WINS : chess::GameResult::BLACK_WINS,
              std::string(winner == chess::WHITE ? "Black" : "White") + " resigns (adjudication)"};
    }
  }
  return {};
}

}  // namespace harness
