// The engine's inference of a network against the independent forward pass of its file
// (tests/support/test_networks.h), position by position on the suite positions: exactly equal.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "inference/accumulator.h"
#include "inference/output.h"
#include "support/suite_positions.h"
#include "support/test_networks.h"

namespace testing_support {

inline void expect_equal_to_reference_on_suites(const nnue::Network& net, const std::string& bytes, int hidden) {
  const ReferenceNetwork ref = read_reference_network(bytes, hidden);
  int nonzero = 0;
  for (const chess::Position& pos : suite_positions()) {
    const int expected = reference_evaluation(ref, pos);
    ASSERT_EQ(nnue::evaluate_position(net, pos), expected) << pos.fen();
    nonzero += expected != 0;
  }
  EXPECT_GT(nonzero, 9000);
}

}  // namespace testing_support
