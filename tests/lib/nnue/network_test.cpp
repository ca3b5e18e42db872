#include "nnue/network.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "support/bucketed_networks.h"
#include "support/test_networks.h"

namespace {

using testing_support::random_network_bytes;
using testing_support::read_reference_network;
using testing_support::reference_file_bytes;

TEST(NetworkFile, EveryHiddenSizeIsFoundFromTheFileSize) {
  for (int hidden : {16, 32, 48, 128, 176, 256, 1024, 1536, 2048}) {
    const std::string bytes = random_network_bytes(hidden, 10, 10, 10, std::uint32_t(hidden));
    ASSERT_EQ(bytes.size(), reference_file_bytes(hidden));
    auto net = nnue::parse_network(bytes, "net.bin");
    ASSERT_TRUE(net.ok()) << net.error();
    EXPECT_EQ(net->hidden, hidden);
  }
}

// Only multiples of 16, as the architecture grammar has them (before, any N from 16 to 2048).
TEST(NetworkFile, AHiddenSizeOffTheMultiplesOf16IsNotFoundFromTheFileSize) {
  for (int hidden : {17, 100, 173, 1000}) {
    auto net = nnue::parse_network(random_network_bytes(hidden, 10, 10, 10, std::uint32_t(hidden)), "net.bin");
    ASSERT_FALSE(net.ok()) << hidden;
    EXPECT_NE(net.error().find("bytes is no network"), std::string::npos) << net.error();
  }
}

// A layer stack of N = 16 has the 266,816 bytes of a simple network of N = 173: without its
// manifest or --arch it is refused, asking for the architecture (before, read as N = 173).
TEST(NetworkFile, AFileOfAnotherArchitectureWithoutItsManifestIsRefusedAskingForArch) {
  const std::string bytes = testing_support::layer_stack_file_bytes(testing_support::random_layer_stack(16, 1));
  ASSERT_EQ(bytes.size(), std::size_t(266816));
  ASSERT_EQ(bytes.size(), reference_file_bytes(173));
  auto net = nnue::parse_network(bytes, "nets/stack.nnue");
  ASSERT_FALSE(net.ok());
  EXPECT_NE(net.error().find("nets/stack.nnue: 266816 bytes is no network of the (768->N)x2->1 layout"), std::string::npos)
      << net.error();
  EXPECT_NE(net.error().find("another architecture whose manifest"), std::string::npos) << net.error();
  EXPECT_NE(net.error().find("--arch"), std::string::npos) << net.error();
  auto arch = nnue::parse_architecture("(768x10hm->16)x2->pairwise->(16->32->1)x8");
  ASSERT_TRUE(arch.ok()) << arch.error();
  auto given = nnue::parse_network(bytes, "nets/stack.nnue", *arch);
  ASSERT_TRUE(given.ok()) << given.error();
  EXPECT_EQ(given->hidden, 16);
  auto simple = nnue::parse_network(random_network_bytes(176, 10, 10, 10, 1), "nets/simple.nnue");
  ASSERT_TRUE(simple.ok()) << simple.error();
  EXPECT_EQ(simple->hidden, 176);
}

TEST(NetworkFile, ValuesAreReadAsTheIndependentReaderReadsThem) {
  const int hidden = 48;
  const std::string bytes = random_network_bytes(hidden, 500, 127, 3000, 7);
  auto net = nnue::parse_network(bytes, "net.bin");
  ASSERT_TRUE(net.ok()) << net.error();
  const testing_support::ReferenceNetwork ref = read_reference_network(bytes, hidden);
  for (int f = 0; f < 768; ++f)
    for (int i = 0; i < hidden; ++i) ASSERT_EQ(net->feature_row(f)[i], ref.l0w[std::size_t(f)][std::size_t(i)]) << f << " " << i;
  for (int i = 0; i < hidden; ++i) {
    EXPECT_EQ(net->l0b[std::size_t(i)], ref.l0b[std::size_t(i)]);
    EXPECT_EQ(net->l1w[std::size_t(i)], ref.l1w[std::size_t(i)]);
    EXPECT_EQ(net->l1w[std::size_t(net->stride + i)], ref.l1w[std::size_t(hidden + i)]);
  }
  EXPECT_EQ(net->l1b[0], ref.l1b);
  EXPECT_TRUE(net->narrow_output_weights);
}

TEST(NetworkFile, WrittenBytesAreTheBytesRead) {
  const std::string bytes = random_network_bytes(64, 500, 300, 3000, 3);
  auto net = nnue::parse_network(bytes, "net.bin");
  ASSERT_TRUE(net.ok()) << net.error();
  EXPECT_FALSE(net->narrow_output_weights);
  EXPECT_EQ(nnue::serialize_network(*net), bytes);
}

TEST(NetworkFile, AFileWithoutItsPaddingReadsAsTheSameNetwork) {
  // Some engines ship networks that end with the output bias (a 256-neuron one of 394,754 bytes).
  for (int hidden : {16, 128, 256}) {
    const std::string padded = random_network_bytes(hidden, 500, 127, 3000, std::uint32_t(hidden));
    const std::size_t values = 2 * (768 * std::size_t(hidden) + 3 * std::size_t(hidden) + 1);
    ASSERT_LT(values, padded.size());
    auto net = nnue::parse_network(padded.substr(0, values), "unpadded.bin");
    ASSERT_TRUE(net.ok()) << net.error();
    EXPECT_EQ(net->hidden, hidden);
    EXPECT_EQ(nnue::serialize_network(*net), padded) << "the same values, written padded again";
    EXPECT_FALSE(nnue::parse_network(padded.substr(0, values - 1), "short.bin").ok()) << hidden;
    EXPECT_FALSE(nnue::parse_network(padded.substr(0, values + 1), "odd.bin").ok()) << hidden;
  }
}

TEST(NetworkFile, AFileOfAnotherSizeIsRefusedNamingIt) {
  const std::string bytes = random_network_bytes(128, 10, 10, 10, 1);
  for (std::size_t size : {std::size_t(0), std::size_t(64), bytes.size() - 64, bytes.size() + 64, bytes.size() - 1}) {
    auto net = nnue::parse_network(bytes.substr(0, std::min(size, bytes.size())) + std::string(size > bytes.size() ? size - bytes.size() : 0, 'x'),
                                   "nets/broken.nnue");
    ASSERT_FALSE(net.ok()) << size;
    EXPECT_NE(net.error().find("nets/broken.nnue: " + std::to_string(size) + " bytes is no network"), std::string::npos) << net.error();
  }
}

TEST(NetworkFile, AMissingFileIsNamed) {
  auto net = nnue::load_network("/no/such/net.nnue");
  ASSERT_FALSE(net.ok());
  EXPECT_NE(net.error().find("/no/such/net.nnue"), std::string::npos) << net.error();
}

// A folder given as a network is named as a folder (before: "0 bytes is no network ...").
TEST(NetworkFile, AFolderIsNamedAsAFolder) {
  const std::string folder = ::testing::TempDir() + "network-folder.nnue";
  std::filesystem::create_directories(folder);
  auto net = nnue::load_network(folder);
  ASSERT_FALSE(net.ok());
  EXPECT_EQ(net.error(), folder + ": is a directory, not a regular file: not a plausible network file");
}

}  // namespace
