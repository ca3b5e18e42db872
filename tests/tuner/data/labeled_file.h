// Test helper: every position of a labeled file, in memory (the tuner itself traces them as it reads).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "data/labeled_positions.h"

inline std::vector<tuner::LabeledPosition> labeled_positions_of(const std::string& path) {
  std::vector<tuner::LabeledPosition> out;
  auto read = tuner::read_labeled_file(path, [&](tuner::LabeledPosition&& p) { out.push_back(std::move(p)); });
  EXPECT_TRUE(read) << read.error();
  return out;
}
