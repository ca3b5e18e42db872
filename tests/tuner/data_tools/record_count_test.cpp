// tuner data count: the same games counted from every format give the same positions, scores and
// buckets (bulletformat its results from the side to move's view, as it stores them), games
// where the format has them, and hand-made positions fall into the buckets the engine's
// features give them, by the default map or a map of the caller's.
#include "data_tools/record_count.h"

#include <gtest/gtest.h>

#include "tuner/data_tools/trainer_data_files.h"

namespace record_count_test {

using data_tools_testing::write_random_games;

tuner::PositionCount counted(const std::string& path, formats::PositionFormat format,
                             const nnue::KingBucketMap& map = nnue::DEFAULT_KING_BUCKETS) {
  auto in = tuner::PositionStream::open(path, format);
  EXPECT_TRUE(in) << in.error();
  if (!in) return {};
  auto count = tuner::count_positions(**in, map);
  EXPECT_TRUE(count) << count.error();
  return count ? *count : tuner::PositionCount{};
}

std::uint64_t total(const auto& histogram) {
  std::uint64_t sum = 0;
  for (std::uint64_t n : histogram) sum += n;
  return sum;
}

TEST(RecordCount, EveryFormatOfTheSameGamesCountsTheSame) {
  const std::string dir = data_tools_testing::fresh_folder("record_count_formats");
  const auto text = write_random_games(dir + "g.txt", "text", 15, 40, 3);
  const tuner::PositionCount reference = counted(text.path, formats::PositionFormat::TEXT);
  ASSERT_EQ(reference.positions, text.positions);
  EXPECT_EQ(reference.records, text.positions);
  EXPECT_EQ(total(reference.results), reference.positions);
  EXPECT_EQ(total(reference.scores), reference.positions);
  EXPECT_EQ(reference.unscored, 0u);
  EXPECT_EQ(total(reference.output_buckets), reference.positions);
  EXPECT_EQ(reference.king_buckets.size(), 10u);
  EXPECT_EQ(total(reference.king_buckets), 2 * reference.positions);
  for (const char* name : {"marlinformat", "bulletformat", "viriformat", "binpack"}) {
    const auto file = write_random_games(dir + "g." + name, name, 15, 40, 3);
    const formats::PositionFormat format = formats::parse_position_format(name).value();
    const tuner::PositionCount c = counted(file.path, format);
    EXPECT_EQ(c.positions, reference.positions) << name;
    EXPECT_EQ(c.records, tuner::holds_games(format) ? 15u : reference.positions) << name;
    EXPECT_EQ(c.scores, reference.scores) << name;
    EXPECT_EQ(c.output_buckets, reference.output_buckets) << name;
    EXPECT_EQ(c.king_buckets, reference.king_buckets) << name;
    if (format != formats::PositionFormat::BULLETFORMAT) {
      EXPECT_EQ(c.results, reference.results) << name;
    }
    EXPECT_EQ(c.results[1], reference.results[1]) << name;
    auto in = tuner::PositionStream::open(file.path, format);
    ASSERT_TRUE(in) << in.error();
    EXPECT_EQ(tuner::count_records(**in).value(), c.records) << name;
  }
}

TEST(RecordCount, HandMadePositionsFallIntoTheirBuckets) {
  const std::string path = testing_support::write_temp_file(
      "buckets.txt", chess::Position::startpos().fen() + " | 50 | 1.0\n" +            // 32 pieces, kings e1 e8
                         "k7/8/8/8/8/8/8/7K w - - 0 1 | -1500 | 0.0\n" +              // 2 pieces, kings h1 a8
                         "8/8/8/3k4/8/8/8/R2K4 w - - 0 1 | 150 | 0.5\n" +            // 3 pieces, kings d1 d5
                         "4k3/8/8/8/8/8/8/4K3 w - - c9 \"1/2-1/2\";\n");              // no score
  const tuner::PositionCount c = counted(path, formats::PositionFormat::TEXT);
  EXPECT_EQ(c.positions, 4u);
  EXPECT_EQ(c.results, (std::array<std::uint64_t, 3>{1, 2, 1}));
  EXPECT_EQ(c.scores[0], 1u);
  EXPECT_EQ(c.scores[1], 1u);
  EXPECT_EQ(c.scores[10], 1u);
  EXPECT_EQ(c.unscored, 1u);
  EXPECT_EQ(c.output_buckets, (std::array<std::uint64_t, 8>{3, 0, 0, 0, 0, 0, 0, 1}));
  // The default map: e1 and e8 mirror to d1 (bucket 3), h1 and a8 to a1 (0), d5 is d4 from
  // Black's side (7).
  EXPECT_EQ(c.king_buckets, (std::vector<std::uint64_t>{2, 0, 0, 5, 0, 0, 0, 1, 0, 0}));
  const std::string report = tuner::count_report("buckets.txt (text)", c, "");
  EXPECT_NE(report.find("buckets.txt (text): 4 positions\n"), std::string::npos) << report;
  EXPECT_NE(report.find("1-0 1 (25.0 %), 1/2-1/2 2 (50.0 %), 0-1 1 (25.0 %)"), std::string::npos) << report;
  EXPECT_NE(report.find("1000+"), std::string::npos) << report;
  EXPECT_NE(report.find("no score"), std::string::npos) << report;
  EXPECT_NE(report.find("king buckets of the default map"), std::string::npos) << report;
}

// A map of two buckets, the first rank's squares and the rest: the kings on their own first rank
// (e1, e8, h1, a8, d1 and the last position's two) fall into bucket 0, d5 (d4 from Black's side)
// into 1.
TEST(RecordCount, AMapOfTheCallersCountsTheKingsByIt) {
  const std::string path = testing_support::write_temp_file(
      "own_map.txt", chess::Position::startpos().fen() + " | 50 | 1.0\n" + "k7/8/8/8/8/8/8/7K w - - 0 1 | -1500 | 0.0\n" +
                         "8/8/8/3k4/8/8/8/R2K4 w - - 0 1 | 150 | 0.5\n" + "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0 | 0.5\n");
  nnue::KingBucketMap first_rank{};
  for (std::size_t i = 4; i < first_rank.size(); ++i) first_rank[i] = 1;
  const tuner::PositionCount c = counted(path, formats::PositionFormat::TEXT, first_rank);
  EXPECT_EQ(c.king_buckets, (std::vector<std::uint64_t>{7, 1}));
  const std::string report = tuner::count_report("own_map.txt (text)", c, "", "the map of m.txt");
  EXPECT_NE(report.find("king buckets of the map of m.txt, each side's own king:\n"), std::string::npos) << report;
}

TEST(RecordCount, CountsAddUpAcrossFiles) {
  tuner::PositionCount a, b;
  a.positions = 3;
  a.king_buckets = {1, 2};
  b.positions = 4;
  b.king_buckets = {1, 1, 1};
  a.add(b);
  EXPECT_EQ(a.positions, 7u);
  EXPECT_EQ(a.king_buckets, (std::vector<std::uint64_t>{2, 3, 1}));
}

}  // namespace record_count_test
