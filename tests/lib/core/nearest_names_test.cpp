#include "core/nearest_names.h"

#include <gtest/gtest.h>

namespace {

const std::vector<std::string> KEYS = {"name", "start_weights", "parameters", "pbil", "spsa", "fitness"};

TEST(NearestNames, SuggestsOnlyCloseNames) {
  EXPECT_EQ(chess::did_you_mean("parameter", KEYS), " (did you mean 'parameters'?)");
  EXPECT_EQ(chess::did_you_mean("nmae", KEYS), " (did you mean 'name'?)");
  EXPECT_EQ(chess::did_you_mean("protocol", {"name", "cmd", "proto"}), " (did you mean 'proto'?)");  // a longer form
  // "colour" is like none of them: the message lists what is allowed instead of a wrong guess.
  EXPECT_EQ(chess::did_you_mean("colour", KEYS), " (expected one of: name, start_weights, parameters, pbil, spsa, fitness)");
  EXPECT_TRUE(chess::nearest_names("colour", KEYS, 3).empty());
}

TEST(NearestNames, EditDistance) {
  EXPECT_EQ(chess::edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(chess::edit_distance("", "abc"), 3u);
  EXPECT_EQ(chess::edit_distance("same", "same"), 0u);
}

}  // namespace
