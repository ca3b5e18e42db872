// Test helpers: a small configuration of two material weights, the error a configuration
// text gives, and a file of six labeled positions (a queen up wins, a rook up wins, equal
// material draws), shared by the tests of the configuration, the fitness, PBIL and the driver.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "methods/tuning_method.h"
#include "space/tuner_config.h"
#include "driver/tuner_configuration.h"

inline constexpr const char* MATERIAL_CONFIG = R"({
  "name": "test",
  "parameters": [ {"name": "piece_value_mg[1]", "min": 100, "max": 600, "step": 10},
                  {"name": "bishop_pair_mg", "min": 0, "max": 63, "bits": 6} ],
  "pbil": {"population": 16, "generations": 5, "seed": 7},
  "fitness": {"type": "texel", "positions": "p.epd", "threads": 2}
})";

inline std::string config_error(const std::string& text) {
  auto c = tuner::parse_tuner_config(text, "eval.json");
  return c ? "" : c.error();
}

inline std::string small_labeled_file() {
  std::string path = ::testing::TempDir() + "labeled.epd";
  std::ofstream out(path);
  // White is a queen up and won; Black is a rook up and won; equal material drawn.
  out << "3qk3/8/8/8/8/8/8/3QK2Q w - - c9 \"1-0\";\n"
      << "4k3/8/8/8/8/8/8/3QK2Q b - - [1.0]\n"
      << "r3k3/8/8/8/8/8/8/4K3 w - - c9 \"0-1\";\n"
      << "r3k3/8/8/8/8/8/8/4K3 b - - [0.0]\n"
      << "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - c9 \"1/2-1/2\";\n"
      << "4k3/pppp4/8/8/8/8/PPPP4/4K3 b - - [0.5]\n";
  return path;
}

