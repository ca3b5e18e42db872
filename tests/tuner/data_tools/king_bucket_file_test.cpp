// tuner data count --buckets: a king-bucket map read from text as a training configuration's list
// or bullet-utils' bucket file lays it out, and refused naming the file and the entry.
#include "data_tools/king_bucket_file.h"

#include <gtest/gtest.h>

#include <string>

#include "support/files.h"

namespace king_bucket_file_test {

TEST(KingBucketFile, ReadsTheNumbersHoweverTheyAreSeparated) {
  std::string text = "[\n";
  for (int rank = 0; rank < 8; ++rank) text += std::to_string(rank) + ", " + std::to_string(rank) + ",\t1, 1,\r\n";
  text += "];\n";  // as a Rust array's body ends
  auto map = tuner::parse_king_bucket_text(text);
  ASSERT_TRUE(map) << map.error();
  for (std::size_t i = 0; i < map->size(); ++i) EXPECT_EQ((*map)[i], i % 4 < 2 ? i / 4 : 1) << i;
  auto from_file = tuner::read_king_bucket_file(testing_support::write_temp_file("map.txt", text));
  ASSERT_TRUE(from_file) << from_file.error();
  EXPECT_EQ(*from_file, *map);
}

TEST(KingBucketFile, AWrongMapIsRefusedNamingTheFileAndTheEntry) {
  const std::string word = testing_support::write_temp_file("word.txt", "0 1 2 three");
  auto named = tuner::read_king_bucket_file(word);
  ASSERT_FALSE(named);
  EXPECT_EQ(named.error(), word + ": king-bucket map: entry 3 is 'three', not a whole number");
  EXPECT_EQ(tuner::parse_king_bucket_text("0 1 99999999999").error(), "king-bucket map: entry 2 is '99999999999', not a bucket from 0 to 31");
  EXPECT_EQ(tuner::parse_king_bucket_text("0 1 2").error(), "king-bucket map: 32 numbers (files a-d of each rank), got 3");
  std::string gap;
  for (int i = 0; i < 32; ++i) gap += i < 16 ? "0 " : "2 ";
  EXPECT_EQ(tuner::parse_king_bucket_text(gap).error(),
            "king-bucket map: bucket 1 is never used (buckets are numbered from 0 without gaps)");
  auto missing = tuner::read_king_bucket_file(::testing::TempDir() + "no-such-map.txt");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("no-such-map.txt: cannot open king-bucket map"), std::string::npos) << missing.error();
}

}  // namespace king_bucket_file_test
