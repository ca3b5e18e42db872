#include "game/game_settings.h"

#include <nlohmann/json.hpp>

#include "players/line_matches.h"
#include "settings/stored_enum.h"

namespace harness {

namespace {

void check_limit(const TimeControl& tc, SettingProblems& problems) {
  switch (tc.kind) {
    case TimeControl::Kind::CLOCK:
      problems.require(tc.base_ms > 0 && tc.moves >= 0 && tc.increment_ms >= 0, "tc",
                       "needs a positive base time, and moves and increment of 0 or more, got '" + tc.describe() + "'");
      break;
    case TimeControl::Kind::MOVETIME:
      problems.require(tc.movetime_ms > 0 && tc.movetime_ms <= 1000000000, "movetime",
                       "must be a number of seconds above 0 and at most 1000000");
      break;
    // The upper bounds are the readers' (time_control.h parse_limit): a stored run keeps what it was given.
    case TimeControl::Kind::DEPTH: problems.require(tc.depth >= 1, "depth", "must be at least 1"); break;
    case TimeControl::Kind::NODES: problems.require(tc.nodes >= 1, "nodes", "must be at least 1"); break;
  }
}

void check_adjudication(const AdjudicationRules& a, SettingProblems& problems) {
  problems.require(a.resign_moves >= 0 && a.resign_score >= 0, "resign", "needs movecount and score of 0 or more");
  problems.require(a.draw_move_number >= 0 && a.draw_moves >= 0 && a.draw_score >= 0, "draw",
                   "needs movenumber, movecount and score of 0 or more");
  problems.require(a.max_moves >= 0, "max_moves", "must be 0 (no limit) or more, got " + std::to_string(a.max_moves));
}

// The engine deadlines by their stored keys, each with its member.
struct DeadlineKey {
  const char* key;
  std::int64_t EngineDeadlines::*ms;
};
constexpr DeadlineKey DEADLINE_KEYS[] = {{"startup_ms", &EngineDeadlines::startup_ms},
                                         {"ucinewgame_ms", &EngineDeadlines::ucinewgame_ms},
                                         {"ping_ms", &EngineDeadlines::ping_ms}};

void check_deadlines(const EngineDeadlines& d, SettingProblems& problems) {
  for (const DeadlineKey& k : DEADLINE_KEYS) {
    const std::int64_t ms = d.*k.ms;
    problems.require(ms >= 1 && ms <= MAX_DEADLINE_MS, k.key,
                     "must be from 1 to " + std::to_string(MAX_DEADLINE_MS) + " milliseconds, got " + std::to_string(ms));
  }
}

}  // namespace

chess::Result<chess::Variant> parse_variant_setting(const std::string& name) {
  auto v = chess::parse_variant(name);
  if (!v) return chess::Error{"must be 'standard' or 'fischerandom', got '" + name + "'"};
  return *v;
}

void check_game_settings(const GameSettings& s, SettingProblems& problems) {
  check_limit(s.tc, problems);
  problems.require(s.time_margin_ms >= 0, "time_margin_ms",
                   "must be 0 or more milliseconds, got " + std::to_string(s.time_margin_ms));
  problems.require(s.search_timeout_ms > 0 && s.search_timeout_ms <= GameSettings::MAX_SEARCH_TIMEOUT_MS, "search_timeout_ms",
                   "must be from 1 to " + std::to_string(GameSettings::MAX_SEARCH_TIMEOUT_MS) + " milliseconds");
  check_adjudication(s.adjudication, problems);
  check_deadlines(s.deadlines, problems);
  problems.require(!s.ponder || s.tc.kind == TimeControl::Kind::CLOCK, "ponder",
                   "needs a clock time control (--tc): with fixed moves, depth or nodes there is no clock to save");
  problems.require(!s.tb_path.empty() || s.tb_pieces == 0, "tb_pieces", "needs --tb DIRECTORY");
  problems.require(s.tb_pieces == 0 || (s.tb_pieces >= 3 && s.tb_pieces <= 7), "tb_pieces",
                   "must be from 3 to 7, got " + std::to_string(s.tb_pieces));
  if (auto patterns = compile_line_patterns(s.match_lines); !patterns) problems.add("match_line", patterns.error());
}

void to_json(nlohmann::json& j, const GameSettings& s) {
  j = {{"tc", s.tc},
       {"time_margin_ms", s.time_margin_ms},
       {"search_timeout_ms", s.search_timeout_ms},
       {"adjudication", s.adjudication}};
  if (s.variant != chess::Variant::STANDARD) j["variant"] = chess::variant_name(s.variant);
  if (s.ponder) j["ponder"] = true;
  if (s.check_mate_pvs) j["check_mate_pvs"] = true;
  if (!s.match_lines.empty()) j["match_line"] = s.match_lines;
  if (!s.tb_path.empty()) j["tb"] = {{"path", s.tb_path}, {"pieces", s.tb_pieces}};
  const EngineDeadlines defaults;
  for (const DeadlineKey& k : DEADLINE_KEYS)
    if (s.deadlines.*k.ms != defaults.*k.ms) j[k.key] = s.deadlines.*k.ms;
}

void from_json(const nlohmann::json& j, GameSettings& s) {
  j.at("tc").get_to(s.tc);
  j.at("time_margin_ms").get_to(s.time_margin_ms);
  j.at("search_timeout_ms").get_to(s.search_timeout_ms);
  j.at("adjudication").get_to(s.adjudication);
  if (j.contains("variant")) s.variant = stored_enum<chess::Variant>(j.at("variant"), "variant", parse_variant_setting);
  s.ponder = j.value("ponder", false);
  s.check_mate_pvs = j.value("check_mate_pvs", false);
  if (j.contains("match_line")) j.at("match_line").get_to(s.match_lines);
  if (j.contains("tb")) {
    j.at("tb").at("path").get_to(s.tb_path);
    j.at("tb").at("pieces").get_to(s.tb_pieces);
  }
  for (const DeadlineKey& k : DEADLINE_KEYS)
    if (j.contains(k.key)) j.at(k.key).get_to(s.deadlines.*k.ms);
}

}  // namespace harness
