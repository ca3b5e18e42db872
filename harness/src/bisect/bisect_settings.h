// What a bisect is: the repository, its good and bad commits, the build, and what a step
// tests (a perft suite, the bench count, or an SPRT against the good commit with the match a
// step plays). Stored as the bisect run's configuration, so that --resume finds the bisect of
// the same settings and goes on with it.
#pragma once

#include <optional>
#include <string>

#include "core/result.h"
#include "engines/bench_signature.h"
#include "run/match_config.h"
#include "settings/setting_problems.h"

namespace harness {

enum class BisectMode { PERFT, BENCH, SPRT };
const char* bisect_mode_name(BisectMode mode);
chess::Result<BisectMode> parse_bisect_mode(const std::string& name);

struct BisectSettings {
  BisectMode mode = BisectMode::PERFT;
  std::string repo, good_ref, bad_ref;
  std::string good, bad;  // their commit ids
  BuildRecipe build;
  std::string cache;  // the build cache's folder
  // PERFT: the suite (absolute), the deepest depth checked (0: all), positions checked at once.
  std::string suite;
  int max_depth = 0;
  int perft_concurrency = 1;
  int perft_timeout_s = 600;
  // BENCH: how a bench is run and read.
  BenchCommand bench;
  int bench_timeout_s = 600;
  // SPRT: the match each step plays (its engines are set per step: dev the step's commit, base
  // the good one), and how many more times an undecided step is played on the next openings.
  std::optional<MatchConfig> match;
  int retries = 1;

  // Every text of the settings is UTF-8 (a build command, a pattern, a path: they are stored as
  // JSON; settings/stored_text.h), each problem by its stored key. to_json needs none.
  SettingProblems validate() const;
  std::string to_json() const;
  static chess::Result<BisectSettings> from_json(const std::string& text);
  // Whether a stored bisect is this one (the match's concurrency may differ).
  bool same_as(const BisectSettings& stored) const;

 private:
  nlohmann::json stored_json() const;
};

}  // namespace harness
