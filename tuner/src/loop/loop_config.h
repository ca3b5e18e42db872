// What `tuner loop --config FILE` reads: the engine and how it takes a network, the self-play,
// the training and the gate of every generation, checked as a whole before anything runs;
// every error names the file and the key.
//
//   {"name": "dev",
//    "engine": "dev",                 (a registry name, or "name=X cmd=PATH arg=A option.K=V")
//    "registry": "configs/engines.json",
//    "network_by": "option",          (or "build": an engine of the registry built from git, its
//                                      network given to the build as EVALFILE=, as OpenBench does)
//    "network_option": "EvalFile",    (the UCI option the engine loads a network file by)
//    "first_network": "",             ("": the engine as it is, with its own evaluation)
//    "generations": 2, "data_window": 1, "train_from": "scratch",   (or "parent")
//    "datagen": {"games": 2000, "nodes": 5000, "random_plies": 8, "seed": 2027,   ("positions": N sizes
//                it by scored positions instead, "games" then its most; one machine only)
//                "concurrency": 2, "resign": "movecount=3 score=1000", "maxmoves": 200},
//    "training": {tuner nnue's configuration, without "name", "data" and "start_from"},
//    "gate": {"tc": "5+0.05", "sprt": "elo0=0 elo1=10 alpha=0.05 beta=0.05", "games": 2000,
//             "openings": "suites/openings.epd", "concurrency": 2},
//    "measure": {"tc": "5+0.05", "games": 400}}     (optional: each candidate against the first)
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "adjudication/adjudication.h"
#include "core/result.h"
#include "engines/engine_config.h"
#include "stats/sprt.h"
#include "time_control/time_control.h"

namespace tuner {

// Each generation's self-play: the current best network against itself, from random openings.
struct LoopDatagen {
  int games = 2000;            // with `positions`, the most games
  std::int64_t positions = 0;  // the games in order until their scored positions reach this; 0: `games` games
  int nodes = 5000;
  int random_plies = 8;
  std::uint64_t seed = 2027;  // generation g draws its openings with seed + g - 1
  int concurrency = 2;
  harness::AdjudicationRules adjudication;
  std::string resign;  // as harness datagen --resign takes it; "" for none
  int maxmoves = 0;    // 0: no draw by length
};

// A match of the loop: the gate (candidate against the current best) or the measure
// (candidate against the first network). With an SPRT the match stops on its decision and
// `games` is its most; without, it plays `games` and the candidate passes with a score above 50 %.
struct LoopMatch {
  harness::TimeControl limit;
  std::string limit_text;  // as given, e.g. "tc=5+0.05" or "nodes=5000"
  std::optional<harness::SprtConfig> sprt;
  int games = 400;
  std::string openings;  // "" : the project's suites/openings.epd
  int concurrency = 2;
};

// How the engine takes a network: by a UCI option, or built with it (EVALFILE=).
enum class NetworkBy { OPTION, BUILD };

struct LoopConfig {
  std::string name = "loop";
  harness::EngineConfig engine;
  NetworkBy network_by = NetworkBy::OPTION;
  std::string network_option = "EvalFile";
  std::string first_network;  // "": the engine's own evaluation
  int generations = 2;
  int data_window = 1;  // each generation trains on the data of this many generations, its own and those before
  bool train_from_parent = false;
  LoopDatagen datagen;
  nlohmann::json training;  // tuner nnue's keys; "name", "data" and "start_from" are the loop's
  LoopMatch gate;
  std::optional<LoopMatch> measure;
  std::string source_text;  // the file as read, stored with the run

  // The engine playing with `network` ("": its own evaluation), named `label`.
  harness::EngineConfig engine_with(const std::string& network, const std::string& label) const;
  // tuner nnue's configuration text for one generation.
  std::string training_text(const std::string& network_name, const std::vector<std::string>& data_files,
                            const std::string& start_from) const;
};

chess::Result<LoopConfig> parse_loop_config(const std::string& json_text, const std::string& source,
                                            const std::string& default_registry);
chess::Result<LoopConfig> load_loop_config(const std::string& path, const std::string& default_registry);

}  // namespace tuner
