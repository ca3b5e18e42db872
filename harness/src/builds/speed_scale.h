// Time controls scaled by speed, as OpenBench and Stockfish's framework scale them: the clock
// is multiplied by a reference speed over the engines' measured bench speed, so that a test
// means the same on a slow machine and a fast one. The factor is kept with the run.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/result.h"
#include "time_control/time_control.h"

namespace harness {

// Whose bench speed the reference is compared with: the base's (fishtest's way), the dev's, or
// the mean of both.
enum class ScaleBy { BASE, DEV, BOTH };
chess::Result<ScaleBy> parse_scale_by(const std::string& text);
const char* scale_by_name(ScaleBy by);

struct SpeedScale {
  std::uint64_t reference_nps = 0;
  ScaleBy by = ScaleBy::BASE;
  std::uint64_t measured_nps = 0;  // the speed the reference was divided by
  double factor = 1;
  std::string unscaled;  // the time control as given
  bool operator==(const SpeedScale&) const = default;
};

// The scale for these bench speeds; an error when a speed is zero.
chess::Result<SpeedScale> speed_scale(std::uint64_t reference_nps, ScaleBy by, std::uint64_t dev_nps, std::uint64_t base_nps);
// The time control scaled (clock and increment, or move time, to the millisecond); a depth or
// node limit is the same on every machine and is refused.
chess::Result<TimeControl> scaled(const TimeControl& tc, double factor);
// "x1.234 (reference 1000000 nps over base's 810372 nps): 4+0.04 played as 4.936+0.049"
std::string describe(const SpeedScale& s, const TimeControl& played);
void to_json(nlohmann::json& j, const SpeedScale& s);
void from_json(const nlohmann::json& j, SpeedScale& s);

}  // namespace harness
