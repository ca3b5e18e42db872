#include "time_control/time_control.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>

#include "settings/stored_enum.h"

namespace harness {

namespace {

bool parse_seconds(const std::string& s, double& out) {
  if (s.empty()) return false;
  std::size_t colon = s.find(':');
  if (colon != std::string::npos) {
    double minutes = 0, seconds = 0;
    if (!parse_seconds(s.substr(0, colon), minutes) || !parse_seconds(s.substr(colon + 1), seconds)) return false;
    out = minutes * 60 + seconds;
    return true;
  }
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size() && out >= 0 && std::isfinite(out);
}

constexpr double MAX_SECONDS = 1e6;  // eleven days: any longer is a typing error, and stays far from overflow

// Whole milliseconds in [0, MAX_SECONDS]: what a clock can hold and describe() can write back.
std::optional<std::int64_t> to_ms(double seconds) {
  if (!(seconds >= 0 && seconds <= MAX_SECONDS)) return std::nullopt;
  double ms = seconds * 1000;
  if (std::abs(ms - std::round(ms)) > 1e-6) return std::nullopt;
  return std::llround(ms);
}

// Seconds with up to three decimals and no trailing zeros: "10", "0.1", "1234.567".
std::string seconds_text(std::int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (ms % 1000) {
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03lld", static_cast<long long>(ms % 1000));
    s += frac;
    while (s.back() == '0') s.pop_back();
  }
  return s;
}

}  // namespace

TimeControl TimeControl::clock(int moves, std::int64_t base_ms, std::int64_t increment_ms) {
  TimeControl tc;
  tc.kind = Kind::CLOCK;
  tc.moves = moves;
  tc.base_ms = base_ms;
  tc.increment_ms = increment_ms;
  return tc;
}
TimeControl TimeControl::movetime(std::int64_t ms) {
  TimeControl tc;
  tc.kind = Kind::MOVETIME;
  tc.movetime_ms = ms;
  return tc;
}
TimeControl TimeControl::fixed_depth(int depth) {
  TimeControl tc;
  tc.kind = Kind::DEPTH;
  tc.depth = depth;
  return tc;
}
TimeControl TimeControl::fixed_nodes(std::uint64_t nodes) {
  TimeControl tc;
  tc.kind = Kind::NODES;
  tc.nodes = nodes;
  return tc;
}

std::string TimeControl::pgn_tag() const {
  switch (kind) {
    case Kind::CLOCK: return describe();
    case Kind::MOVETIME: return "movetime=" + seconds_text(movetime_ms) + "s";
    default: return "-";
  }
}

std::string TimeControl::describe() const {
  switch (kind) {
    case Kind::CLOCK: {
      std::string s = moves > 0 ? std::to_string(moves) + "/" : "";
      s += seconds_text(base_ms);
      if (increment_ms > 0) s += "+" + seconds_text(increment_ms);
      return s;
    }
    case Kind::MOVETIME: return "movetime " + std::to_string(movetime_ms) + " ms";
    case Kind::DEPTH: return "depth " + std::to_string(depth);
    case Kind::NODES: return "nodes " + std::to_string(nodes);
  }
  return "";
}

namespace {

// A whole number from 1 to `max`, or the reason it is not one.
chess::Result<std::uint64_t> whole_from_one(const std::string& key, const std::string& value, std::uint64_t max) {
  std::uint64_t n = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || n < 1 || n > max)
    return chess::Error{key + " must be a whole number from 1 to " + std::to_string(max)};
  return n;
}

chess::Result<TimeControl> movetime_of_ms(std::uint64_t ms) {
  if (ms < 1 || ms > std::uint64_t(*to_ms(MAX_SECONDS)))
    return chess::Error{"movetime must be from 0.001 to " + std::to_string(std::int64_t(MAX_SECONDS)) + " seconds"};
  return TimeControl::movetime(std::int64_t(ms));
}

// describe()'s "nodes 5000", "depth 8" and "movetime 100 ms", or a limit key's "nodes=5000";
// nullopt when the text names no fixed limit.
std::optional<chess::Result<TimeControl>> parse_fixed_limit(const std::string& text) {
  const std::size_t split = text.find_first_of("= ");
  if (split == std::string::npos) return std::nullopt;
  const std::string key = text.substr(0, split);
  std::string value = text.substr(split + 1);
  if (key != "nodes" && key != "depth" && key != "movetime") return std::nullopt;
  if (text[split] == ' ' && key == "movetime") {
    if (value.size() < 4 || value.substr(value.size() - 3) != " ms") return chess::Error{"expected 'movetime N ms'"};
    value.resize(value.size() - 3);
    std::uint64_t ms = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
    if (value.empty() || ec != std::errc() || ptr != value.data() + value.size())
      return chess::Error{"movetime must be a whole number of milliseconds"};
    return movetime_of_ms(ms);
  }
  return *parse_limit(key, value);
}

}  // namespace

std::optional<chess::Result<TimeControl>> parse_limit(const std::string& key, const std::string& value) {
  if (key == "tc") return parse_time_control(value);
  if (key == "nodes") {
    auto n = whole_from_one(key, value, MAX_NODES);
    CHESS_RETURN_IF_ERROR(n);
    return TimeControl::fixed_nodes(*n);
  }
  if (key == "depth") {
    auto n = whole_from_one(key, value, MAX_DEPTH);
    CHESS_RETURN_IF_ERROR(n);
    return TimeControl::fixed_depth(int(*n));
  }
  if (key == "movetime") {
    double seconds = 0;
    auto ms = parse_seconds(value, seconds) ? to_ms(seconds) : std::nullopt;
    if (!ms) return chess::Error{"movetime must be seconds in whole milliseconds, from 0.001 to 1000000"};
    return movetime_of_ms(std::uint64_t(*ms));
  }
  return std::nullopt;
}

chess::Result<std::int64_t> parse_time_margin(const std::string& value) {
  if (value == "0") return 0;
  auto ms = whole_from_one("timemargin", value, MAX_TIME_MARGIN_MS);
  if (!ms) return chess::Error{"timemargin must be whole milliseconds from 0 to " + std::to_string(MAX_TIME_MARGIN_MS)};
  return std::int64_t(*ms);
}

chess::Result<TimeControl> parse_time_control(const std::string& text) {
  if (auto fixed = parse_fixed_limit(text)) {
    if (!*fixed) return chess::Error{"time control '" + text + "': " + fixed->error()};
    return *fixed;
  }
  std::string rest = text;
  int moves = 0;
  std::size_t slash = rest.find('/');
  if (slash != std::string::npos) {
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + slash, moves);
    if (ec != std::errc() || ptr != rest.data() + slash || moves <= 0)
      return chess::Error{"time control '" + text + "': moves before '/' must be a positive integer"};
    rest = rest.substr(slash + 1);
  }
  double base = 0, inc = 0;
  std::size_t plus = rest.find('+');
  if (!parse_seconds(rest.substr(0, plus), base))
    return chess::Error{"time control '" + text + "': expected [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1"};
  if (plus != std::string::npos && !parse_seconds(rest.substr(plus + 1), inc))
    return chess::Error{"time control '" + text + "': increment must be a non-negative number of seconds"};
  auto base_ms = to_ms(base), inc_ms = to_ms(inc);
  if (!base_ms || !inc_ms)
    return chess::Error{"time control '" + text + "': times must be whole milliseconds of at most 1000000 seconds"};
  if (*base_ms <= 0) return chess::Error{"time control '" + text + "': base time must be positive"};
  return TimeControl::clock(moves, *base_ms, *inc_ms);
}

const char* time_control_kind_name(TimeControl::Kind kind) {
  switch (kind) {
    case TimeControl::Kind::CLOCK: return "clock";
    case TimeControl::Kind::MOVETIME: return "movetime";
    case TimeControl::Kind::DEPTH: return "depth";
    case TimeControl::Kind::NODES: return "nodes";
  }
  return "clock";
}

chess::Result<TimeControl::Kind> parse_time_control_kind(const std::string& name) {
  for (auto kind : {TimeControl::Kind::CLOCK, TimeControl::Kind::MOVETIME, TimeControl::Kind::DEPTH, TimeControl::Kind::NODES})
    if (name == time_control_kind_name(kind)) return kind;
  return chess::Error{"unknown time control kind '" + name + "' (expected clock, movetime, depth or nodes)"};
}

void to_json(nlohmann::json& j, const TimeControl& tc) {
  j = {{"kind", time_control_kind_name(tc.kind)}, {"moves", tc.moves}, {"base_ms", tc.base_ms}, {"increment_ms", tc.increment_ms},
       {"movetime_ms", tc.movetime_ms},           {"depth", tc.depth}, {"nodes", tc.nodes}};
}

void from_json(const nlohmann::json& j, TimeControl& tc) {
  const nlohmann::json& kind = j.at("kind");
  if (kind.is_number_integer() && kind.get<int>() >= 0 && kind.get<int>() <= 3)
    tc.kind = TimeControl::Kind(kind.get<int>());  // a run stored before kinds had names
  else
    tc.kind = stored_enum<TimeControl::Kind>(kind, "kind", parse_time_control_kind);
  j.at("moves").get_to(tc.moves);
  j.at("base_ms").get_to(tc.base_ms);
  j.at("increment_ms").get_to(tc.increment_ms);
  j.at("movetime_ms").get_to(tc.movetime_ms);
  j.at("depth").get_to(tc.depth);
  j.at("nodes").get_to(tc.nodes);
}

}  // namespace harness
