// The network built into the engine is engine/networks/dev.nnue, byte for byte in what it
// evaluates: the engine's inference of the built-in copy equals the independent forward pass
// (tests/support/test_networks.h) of the file read from the repository.
#include "inference/builtin_network.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "support/equal_to_reference.h"

namespace {

std::string repository_file(const std::string& relative) {
  std::ifstream in(std::string(PROJECT_DIR) + "/" + relative, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

TEST(BuiltinNetwork, IsTheRepositorysFileAndEqualsTheIndependentForwardPass) {
  EXPECT_EQ(nnue::builtin_network_name(), "engine/networks/dev.nnue");
  const std::string bytes = repository_file(nnue::builtin_network_name());
  const std::optional<int> hidden = nnue::hidden_for_file_bytes(bytes.size());
  ASSERT_TRUE(hidden.has_value()) << bytes.size() << " bytes";
  std::shared_ptr<const nnue::Network> builtin = nnue::builtin_network();
  ASSERT_EQ(builtin->hidden, *hidden);
  EXPECT_EQ(nnue::serialize_network(*builtin), bytes);
  testing_support::expect_equal_to_reference_on_suites(*builtin, bytes, *hidden);
  EXPECT_EQ(nnue::builtin_network().get(), builtin.get());  // parsed once
}

}  // namespace
