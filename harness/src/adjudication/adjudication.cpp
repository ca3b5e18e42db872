#include "adjudication/adjudication.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "settings/key_values.h"

namespace harness {

namespace {

using Setter = std::pair<std::string, int*>;

// Reads "key=value ..." into the setters; every key must be given, each once.
chess::Result<bool> apply(const std::string& what, const std::string& spec, const std::vector<Setter>& keys) {
  auto words = parse_key_values(what, spec);
  CHESS_RETURN_IF_ERROR(words);
  std::vector<std::string> names;
  for (const auto& k : keys) names.push_back(k.first);
  for (const KeyValue& kv : *words) {
    CHESS_RETURN_IF_ERROR(check_known_key(what, kv.key, names));
    int value = 0;
    auto [ptr, ec] = std::from_chars(kv.value.data(), kv.value.data() + kv.value.size(), value);
    if (ec != std::errc() || ptr != kv.value.data() + kv.value.size() || value < 0)
      return chess::Error{what + ": '" + kv.key + "' needs a non-negative integer, got '" + kv.value + "'"};
    *std::find_if(keys.begin(), keys.end(), [&](const Setter& s) { return s.first == kv.key; })->second = value;
  }
  std::string missing;
  for (const auto& k : keys)
    if (std::none_of(words->begin(), words->end(), [&](const KeyValue& kv) { return kv.key == k.first; }))
      missing += (missing.empty() ? "'" : ", '") + k.first + "'";
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
  CHESS_RETURN_IF_ERROR(r);
  if (rules.resign_moves < 1) return chess::Error{"--resign: 'movecount' must be at least 1"};
  return rules;
}

chess::Result<AdjudicationRules> parse_draw(const std::string& spec, AdjudicationRules rules) {
  rules.draw = true;
  auto r = apply("--draw", spec,
                 {{"movenumber", &rules.draw_move_number}, {"movecount", &rules.draw_moves}, {"score", &rules.draw_score}});
  CHESS_RETURN_IF_ERROR(r);
  if (rules.draw_moves < 1) return chess::Error{"--draw: 'movecount' must be at least 1"};
  return rules;
}

Adjudication adjudicate(const AdjudicationRules& rules, const std::vector<MoveRecord>& moves, chess::Color first_mover,
                        int fullmove_number) {
  if (rules.max_moves > 0 && fullmove_number > rules.max_moves)
    return {chess::GameResult::DRAW, GameEnd::ADJUDICATED_MAX_MOVES, end_reason(GameEnd::ADJUDICATED_MAX_MOVES, first_mover)};
  if (rules.draw && fullmove_number >= rules.draw_move_number &&
      last_scores(moves, std::size_t(2 * rules.draw_moves),
                  [&](const MoveRecord& m) { return m.mate_in == 0 && std::abs(m.score_cp) <= rules.draw_score; }))
    return {chess::GameResult::DRAW, GameEnd::ADJUDICATED_DRAW,
            end_reason(GameEnd::ADJUDICATED_DRAW, first_mover, "scores within " + std::to_string(rules.draw_score) + " cp")};
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
      return {winner == chess::WHITE ? chess::GameResult::WHITE_WINS : chess::GameResult::BLACK_WINS, GameEnd::ADJUDICATED_RESIGN,
              end_reason(GameEnd::ADJUDICATED_RESIGN, ~winner)};
    }
  }
  return {};
}

void to_json(nlohmann::json& j, const AdjudicationRules& a) {
  j = {{"resign", a.resign},
       {"resign_moves", a.resign_moves},
       {"resign_score", a.resign_score},
       {"draw", a.draw},
       {"draw_move_number", a.draw_move_number},
       {"draw_moves", a.draw_moves},
       {"draw_score", a.draw_score},
       {"max_moves", a.max_moves}};
}

void from_json(const nlohmann::json& j, AdjudicationRules& a) {
  j.at("resign").get_to(a.resign);
  j.at("resign_moves").get_to(a.resign_moves);
  j.at("resign_score").get_to(a.resign_score);
  j.at("draw").get_to(a.draw);
  j.at("draw_move_number").get_to(a.draw_move_number);
  j.at("draw_moves").get_to(a.draw_moves);
  j.at("draw_score").get_to(a.draw_score);
  j.at("max_moves").get_to(a.max_moves);
}

}  // namespace harness
