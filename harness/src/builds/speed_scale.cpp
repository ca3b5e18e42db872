#include "builds/speed_scale.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "settings/stored_enum.h"

namespace harness {

chess::Result<ScaleBy> parse_scale_by(const std::string& text) {
  if (text == "base") return ScaleBy::BASE;
  if (text == "dev") return ScaleBy::DEV;
  if (text == "both") return ScaleBy::BOTH;
  return chess::Error{"--scale-by must be base, dev or both, got '" + text + "'"};
}

const char* scale_by_name(ScaleBy by) {
  switch (by) {
    case ScaleBy::BASE: return "base";
    case ScaleBy::DEV: return "dev";
    case ScaleBy::BOTH: return "both";
  }
  return "base";
}

chess::Result<SpeedScale> speed_scale(std::uint64_t reference_nps, ScaleBy by, std::uint64_t dev_nps, std::uint64_t base_nps) {
  const std::uint64_t measured = by == ScaleBy::BASE ? base_nps : by == ScaleBy::DEV ? dev_nps : (dev_nps + base_nps) / 2;
  if (reference_nps == 0) return chess::Error{"--scale-nps must be a positive speed in nodes per second"};
  if (measured == 0) return chess::Error{"--scale-nps: the bench measured no speed to scale by"};
  return SpeedScale{reference_nps, by, measured, double(reference_nps) / double(measured), ""};
}

chess::Result<TimeControl> scaled(const TimeControl& tc, double factor) {
  auto times = [factor](std::int64_t ms) { return std::max<std::int64_t>(1, std::llround(double(ms) * factor)); };
  TimeControl out = tc;
  switch (tc.kind) {
    case TimeControl::Kind::CLOCK:
      out.base_ms = times(tc.base_ms);
      out.increment_ms = tc.increment_ms > 0 ? times(tc.increment_ms) : 0;
      return out;
    case TimeControl::Kind::MOVETIME: out.movetime_ms = times(tc.movetime_ms); return out;
    case TimeControl::Kind::DEPTH:
    case TimeControl::Kind::NODES: break;
  }
  return chess::Error{"--scale-nps scales a clock or a move time; a " + tc.describe() + " limit is the same on every machine"};
}

std::string describe(const SpeedScale& s, const TimeControl& played) {
  const std::string whose = s.by == ScaleBy::BOTH ? "the mean" : std::string(scale_by_name(s.by)) + "'s";
  char text[256];
  std::snprintf(text, sizeof text, "x%.3f (reference %llu nps over %s %llu nps): %s played as %s", s.factor,
                static_cast<unsigned long long>(s.reference_nps), whose.c_str(), static_cast<unsigned long long>(s.measured_nps),
                s.unscaled.c_str(), played.describe().c_str());
  return text;
}

void to_json(nlohmann::json& j, const SpeedScale& s) {
  j = {{"reference_nps", s.reference_nps},
       {"by", scale_by_name(s.by)},
       {"measured_nps", s.measured_nps},
       {"factor", s.factor},
       {"unscaled", s.unscaled}};
}

void from_json(const nlohmann::json& j, SpeedScale& s) {
  j.at("reference_nps").get_to(s.reference_nps);
  s.by = stored_enum<ScaleBy>(j.at("by"), "by", parse_scale_by);
  j.at("measured_nps").get_to(s.measured_nps);
  j.at("factor").get_to(s.factor);
  j.at("unscaled").get_to(s.unscaled);
}

}  // namespace harness
