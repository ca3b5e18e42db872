// Time controls as the command line gives them: "40/60+0.6" (moves/seconds+increment),
// "60+0.6", "60", or a fixed move time, depth or node count.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "core/result.h"

namespace harness {

struct TimeControl {
  enum class Kind { CLOCK, MOVETIME, DEPTH, NODES };
  Kind kind = Kind::CLOCK;
  int moves = 0;             // moves per session, 0 for the whole game
  std::int64_t base_ms = 0;  // clock at the start of each session
  std::int64_t increment_ms = 0;
  std::int64_t movetime_ms = 0;
  int depth = 0;
  std::uint64_t nodes = 0;

  static TimeControl clock(int moves, std::int64_t base_ms, std::int64_t increment_ms);
  static TimeControl movetime(std::int64_t ms);
  static TimeControl fixed_depth(int depth);
  static TimeControl fixed_nodes(std::uint64_t nodes);
  // The PGN TimeControl tag value ("40/60+0.6", "5+0.05", "movetime=0.1s", "-" for depth/nodes).
  std::string pgn_tag() const;
  // The same text parse_time_control reads back, for storing a run's configuration.
  std::string describe() const;

  bool operator==(const TimeControl&) const = default;
};

// "40/60+0.6", "60+0.6", "60", "2:30+1" (minutes:seconds), or a fixed limit: "nodes=5000",
// "depth=8", "movetime=0.1" (seconds; describe()'s "nodes 5000" too); errors name what was wrong.
chess::Result<TimeControl> parse_time_control(const std::string& text);

// The bounds of a fixed limit, wherever it is read.
inline constexpr std::uint64_t MAX_NODES = 1'000'000'000'000;
inline constexpr int MAX_DEPTH = 1000;
inline constexpr std::uint64_t MAX_TIME_MARGIN_MS = 3'600'000;

// One engine limit as every door reads it (a registry entry, --engine, fastchess's and
// cutechess's -engine keys): "tc" (a clock, as parse_time_control), "nodes" and "depth" (whole
// numbers from 1), "movetime" (seconds, in whole milliseconds); nullopt when the key is none of
// them. Errors say what the value must be, without the door's name.
std::optional<chess::Result<TimeControl>> parse_limit(const std::string& key, const std::string& value);

// A time margin (how late a move may come before it loses on time): whole milliseconds from 0.
chess::Result<std::int64_t> parse_time_margin(const std::string& value);

// "clock", "movetime", "depth", "nodes": how a run's configuration stores the kind.
const char* time_control_kind_name(TimeControl::Kind kind);
chess::Result<TimeControl::Kind> parse_time_control_kind(const std::string& name);

// Stored with the run; the kind by name (runs stored before names were used hold its number).
void to_json(nlohmann::json& j, const TimeControl& tc);
void from_json(const nlohmann::json& j, TimeControl& tc);

}  // namespace harness
