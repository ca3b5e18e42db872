// A folder for one test of `tuner nnue`: a small configuration and the material positions it
// trains on (a 32-neuron network learns them in seconds).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/material_positions.h"

namespace testing_support {

inline constexpr const char* SMALL_TRAINING_CONFIG =
    R"({"name": "material", "hidden": 32, "data": [{"path": "positions.txt", "format": "text"}],
  "validation_fraction": 0.05, "batch_size": 512, "batches_per_superbatch": 20, "superbatches": 4, "wdl": 0.25,
  "lr": {"schedule": "step", "start": 0.001, "gamma": 0.3, "step": 2}, "threads": 2, "seed": 5})";

// A new folder `PREFIX_NAME/` in the test's temporary folder, holding config.json and positions.txt.
inline std::string training_workspace(const std::string& prefix, const std::string& name,
                                      const std::string& config = SMALL_TRAINING_CONFIG) {
  const std::string dir = ::testing::TempDir() + prefix + "_" + name + "/";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "config.json") << config;
  write_material_positions(dir + "positions.txt", 150, 4);
  return dir;
}

}  // namespace testing_support
