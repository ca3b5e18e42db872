#include "bisect/bisect_settings.h"

#include <nlohmann/json.hpp>

#include "json/json_input.h"
#include "settings/stored_enum.h"
#include "settings/stored_text.h"

namespace harness {

const char* bisect_mode_name(BisectMode mode) {
  switch (mode) {
    case BisectMode::PERFT: return "perft";
    case BisectMode::BENCH: return "bench";
    case BisectMode::SPRT: return "sprt";
  }
  return "perft";
}

chess::Result<BisectMode> parse_bisect_mode(const std::string& name) {
  for (BisectMode m : {BisectMode::PERFT, BisectMode::BENCH, BisectMode::SPRT})
    if (name == bisect_mode_name(m)) return m;
  return chess::Error{"a bisect is perft, bench or sprt, got '" + name + "'"};
}

SettingProblems BisectSettings::validate() const {
  SettingProblems problems;
  nlohmann::json others = stored_json();
  others.erase("match");  // the match's own validate() says its problems in its words
  check_stored_text(others, problems);
  return problems;
}

std::string BisectSettings::to_json() const { return stored_json().dump(); }

nlohmann::json BisectSettings::stored_json() const {
  nlohmann::json j = {{"mode", bisect_mode_name(mode)},
                      {"repo", repo},
                      {"good_ref", good_ref},
                      {"bad_ref", bad_ref},
                      {"good", good},
                      {"bad", bad},
                      {"cache", cache}};
  j.update(nlohmann::json(build));
  if (mode == BisectMode::PERFT)
    j.update({{"suite", suite},
              {"max_depth", max_depth},
              {"perft_concurrency", perft_concurrency},
              {"perft_timeout", perft_timeout_s}});
  if (mode == BisectMode::BENCH)
    j.update({{"bench_args", bench.args},
              {"nodes_pattern", bench.nodes_pattern},
              {"bench_runs", bench.runs},
              {"bench_timeout", bench_timeout_s}});
  if (mode == BisectMode::SPRT && match) j.update({{"match", nlohmann::json::parse(match->to_json())}, {"retries", retries}});
  return j;
}

chess::Result<BisectSettings> BisectSettings::from_json(const std::string& text) {
  BisectSettings s;
  try {
    auto parsed = json_input::parse(text, "stored bisect settings");
    if (!parsed) return chess::Error{parsed.error()};
    const nlohmann::json& j = *parsed;
    s.mode = stored_enum<BisectMode>(j.at("mode"), "mode", parse_bisect_mode);
    const std::pair<const char*, std::string*> texts[] = {{"repo", &s.repo}, {"good_ref", &s.good_ref}, {"bad_ref", &s.bad_ref},
                                                          {"good", &s.good}, {"bad", &s.bad},           {"cache", &s.cache}};
    for (const auto& [key, field] : texts) j.at(key).get_to(*field);
    j.get_to(s.build);
    s.suite = j.value("suite", "");
    s.max_depth = j.value("max_depth", 0);
    s.perft_concurrency = j.value("perft_concurrency", 1);
    s.perft_timeout_s = j.value("perft_timeout", 600);
    if (j.contains("bench_args")) j.at("bench_args").get_to(s.bench.args);
    s.bench.nodes_pattern = j.value("nodes_pattern", "");
    s.bench.runs = j.value("bench_runs", 1);  // a bisect stored before runs were a setting ran each bench once
    s.bench_timeout_s = j.value("bench_timeout", 600);
    s.retries = j.value("retries", 1);
    if (j.contains("match")) {
      auto match = MatchConfig::from_json(j.at("match").dump());
      CHESS_RETURN_IF_ERROR(match);
      s.match = *match;
    }
  } catch (const std::exception& e) {  // nlohmann's and StoredValueError: the documented boundary
    return chess::Error{std::string("stored bisect settings are unreadable: ") + e.what()};
  }
  return s;
}

bool BisectSettings::same_as(const BisectSettings& stored) const {
  BisectSettings probe = *this;
  if (probe.match && stored.match) probe.match->concurrency = stored.match->concurrency;
  return probe.to_json() == stored.to_json();
}

}  // namespace harness
