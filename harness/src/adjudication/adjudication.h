// Adjudication rules, all off unless asked for: resign, draw and maximum game length.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "record/game_record.h"

namespace harness {

struct AdjudicationRules {
  bool resign = false;
  int resign_moves = 3;    // consecutive moves of each side
  int resign_score = 600;  // centipawns
  bool draw = false;
  int draw_move_number = 40;  // not before this full move
  int draw_moves = 8;         // consecutive moves of each side
  int draw_score = 10;
  int max_moves = 0;  // full moves; 0 = no limit
};

// "movecount=3 score=600"-style options, as cutechess takes them; errors name the key.
chess::Result<AdjudicationRules> parse_resign(const std::string& spec, AdjudicationRules rules);
chess::Result<AdjudicationRules> parse_draw(const std::string& spec, AdjudicationRules rules);

void to_json(nlohmann::json& j, const AdjudicationRules& rules);
void from_json(const nlohmann::json& j, AdjudicationRules& rules);

struct Adjudication {
  chess::GameResult result = chess::GameResult::ONGOING;
  GameEnd end = GameEnd::UNKNOWN;  // which rule decided
  std::string reason;
};

// Looks at the engines' recent scores (moves made so far, white first from `first_mover`)
// and decides whether a rule ends the game now.
Adjudication adjudicate(const AdjudicationRules& rules, const std::vector<MoveRecord>& moves, chess::Color first_mover,
                        int fullmove_number);

}  // namespace harness
