// Training runs of the tuner's network trainer in the test's own process, on positions scored by
// material (a 32-neuron network of any architecture learns them in seconds): the data file, the
// configuration the trainer's tests start from, and a run prepared from a configuration.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <utility>

#include "network_training/training_run.h"
#include "support/material_positions.h"

namespace testing_support {

// `name` in the test process's own temporary folder (support/unique_temp_dir.cpp), written on first
// use with the positions of 400 games (seed 9). A folder shared by test processes would let one
// read the file while another is still writing it.
inline std::string material_data_file(const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  if (!std::filesystem::exists(path)) write_material_positions(path, 400, 9);
  return path;
}

// `arch` trained on `data` (text) towards the score alone, sigmoid(material / 400): 6 superbatches
// of 100 batches of 256 at a constant rate of 0.001, a tenth of the positions kept to validate.
inline tuner::TrainingConfig material_training_config(const nnue::Architecture& arch, const std::string& data) {
  tuner::TrainingConfig c;
  c.arch = arch;
  c.data = {{data, formats::PositionFormat::TEXT}};
  c.batch_size = 256;
  c.batches_per_superbatch = 100;
  c.superbatches = 6;
  c.wdl = 0.0;
  c.validation_fraction = 0.1;
  c.lr.schedule = tuner::LearningRate::Schedule::CONSTANT;
  c.lr.start = 0.001;
  c.threads = 2;
  return c;
}

// The run of `config`, prepared (its data read) with its report discarded.
inline tuner::TrainingRun prepared_training_run(const tuner::TrainingConfig& config) {
  std::ostringstream report;
  auto run = tuner::TrainingRun::prepare(config, report);
  EXPECT_TRUE(run.ok()) << run.error();
  return std::move(run).value();
}

}  // namespace testing_support
