#include "network_training/sample_decoding.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../data_tools/trainer_data_files.h"

namespace {

using data_tools_testing::fresh_folder;
using data_tools_testing::write_random_games;

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Read {
  chess::Result<std::size_t> count = std::size_t(0);
  std::vector<tuner::TrainingSample> samples;
};

// The positions of `bytes` straight to samples.
Read read_fast(const std::string& bytes, formats::PositionFormat format, const tuner::SampleFilter& filter) {
  Read r;
  std::istringstream in(bytes);
  tuner::SampleSink sink{[&](const tuner::TrainingSample& s) { r.samples.push_back(s); }};
  r.count = tuner::read_stream_samples(in, "data", format, filter, false, sink);
  return r;
}

// The same through positions: the labeled reader, the filter, then each position's features.
Read read_by_positions(const std::string& bytes, formats::PositionFormat format, const tuner::SampleFilter& filter) {
  Read r;
  std::istringstream in(bytes);
  r.count = tuner::read_labeled_stream(
      in, "data",
      [&](tuner::LabeledPosition&& p) {
        if (tuner::filter_keeps(filter, p)) r.samples.push_back(tuner::to_sample(p.position, p.result, p.score.value_or(0)));
      },
      0, format);
  return r;
}

void expect_same(const Read& fast, const Read& slow, const std::string& what) {
  ASSERT_EQ(bool(fast.count), bool(slow.count)) << what << ": " << (fast.count ? slow.count.error() : fast.count.error());
  if (!fast.count) {
    EXPECT_EQ(fast.count.error(), slow.count.error()) << what;
    return;
  }
  EXPECT_EQ(*fast.count, *slow.count) << what;
  ASSERT_EQ(fast.samples.size(), slow.samples.size()) << what;
  for (std::size_t i = 0; i < fast.samples.size(); ++i) {
    const tuner::TrainingSample &a = fast.samples[i], &b = slow.samples[i];
    ASSERT_EQ(a.count, b.count) << what << ", sample " << i;
    for (int k = 0; k < a.count; ++k) ASSERT_EQ(a.features[std::size_t(k)], b.features[std::size_t(k)]) << what << ", sample " << i;
    ASSERT_EQ(a.result, b.result) << what << ", sample " << i;
    ASSERT_EQ(a.score, b.score) << what << ", sample " << i;
  }
}

std::vector<tuner::SampleFilter> filters() {
  tuner::SampleFilter none;
  none.skip_in_check = false;
  none.skip_capture = false;
  tuner::SampleFilter strict;  // in check and captures skipped, scores bounded, early plies dropped
  strict.max_score = 300;
  strict.min_ply = 6;
  return {none, tuner::SampleFilter{}, strict};
}

const std::string FORMATS[] = {"bulletformat", "viriformat", "binpack", "marlinformat", "text"};

TEST(SampleDecoding, EachFormatGivesWhatThePositionsGive) {
  const std::string dir = fresh_folder("sample_decoding_same");
  for (const std::string& name : FORMATS) {
    const std::string bytes = file_bytes(write_random_games(dir + "p." + name, name, 40, 90, 17).path);
    const auto format = formats::parse_position_format(name).value();
    for (const tuner::SampleFilter& f : filters()) {
      const Read fast = read_fast(bytes, format, f);
      ASSERT_TRUE(fast.count) << name << ": " << fast.count.error();
      // (A bulletformat board has no move number: a minimum ply drops every one.)
      if (f.min_ply == 0) {
        EXPECT_GT(fast.samples.size(), 100u) << name;
      }
      expect_same(fast, read_by_positions(bytes, format, f), name);
    }
  }
}

// Bytes changed at random: the fast decoders refuse what the formats' decoders refuse, in the
// same words, and read what they read.
TEST(SampleDecoding, CorruptedRecordsAreRefusedAlike) {
  const std::string dir = fresh_folder("sample_decoding_corrupt");
  std::mt19937 rng(23);
  int refused = 0;
  for (const std::string& name : {std::string("bulletformat"), std::string("viriformat"), std::string("binpack")}) {
    const std::string clean = file_bytes(write_random_games(dir + "p." + name, name, 3, 60, 29).path);
    const auto format = formats::parse_position_format(name).value();
    for (int trial = 0; trial < 300; ++trial) {
      std::string bytes = clean;
      for (int flips = 1 + int(rng() % 3); flips > 0; --flips) bytes[rng() % bytes.size()] ^= char(1 << (rng() % 8));
      const Read fast = read_fast(bytes, format, filters()[0]);
      refused += !fast.count;
      expect_same(fast, read_by_positions(bytes, format, filters()[0]), name + ", trial " + std::to_string(trial));
    }
  }
  EXPECT_GT(refused, 100);  // the corruption is seen, not only survived
}

// A bulletformat record by hand: pieces as (square, code) in square order, the king bytes and
// the result; what a writer would never write.
std::string board_record(const std::vector<std::pair<int, int>>& pieces, int own_king, int their_king) {
  std::string r(32, '\0');
  std::uint64_t occupancy = 0;
  for (const auto& [square, code] : pieces) occupancy |= std::uint64_t(1) << square;
  for (int i = 0; i < 8; ++i) r[std::size_t(i)] = char(occupancy >> (8 * i));
  for (std::size_t k = 0; k < pieces.size(); ++k) r[8 + k / 2] = char(r[8 + k / 2] | (pieces[k].second << (4 * (k % 2))));
  r[26] = 1;
  r[27] = char(own_king);
  r[28] = char(their_king ^ 56);
  return r;
}

// Each way a board can be wrong, made by hand (random flips rarely make them): refused by the
// fast decoder in the format decoder's words; and boards just inside the rules read alike.
TEST(SampleDecoding, HandMadeBoardsAreJudgedAlike) {
  constexpr int P = 0, N = 1, B = 2, R = 3, K = 5, THEIR = 8;
  const std::vector<std::pair<std::string, std::string>> boards = {
      {"valid", board_record({{4, K}, {12, P}, {60, K | THEIR}}, 4, 60)},
      {"a piece code 6", board_record({{4, K}, {12, 6}, {60, K | THEIR}}, 4, 60)},
      {"a piece code 15", board_record({{4, K}, {12, 15}, {60, K | THEIR}}, 4, 60)},
      {"two own kings", board_record({{4, K}, {6, K}, {60, K | THEIR}}, 4, 60)},
      {"no king of theirs", board_record({{4, K}, {12, P}}, 4, 60)},
      {"a pawn on the first rank", board_record({{2, P}, {4, K}, {60, K | THEIR}}, 4, 60)},
      {"their pawn on the last rank", board_record({{4, K}, {58, P | THEIR}, {60, K | THEIR}}, 4, 60)},
      {"the own king byte elsewhere", board_record({{4, K}, {60, K | THEIR}}, 5, 60)},
      {"their king byte elsewhere", board_record({{4, K}, {60, K | THEIR}}, 4, 59)},
      {"kings side by side", board_record({{4, K}, {12, K | THEIR}}, 4, 12)},
      {"their king in check", board_record({{4, K}, {20, R}, {60, K | THEIR}}, 4, 60)},
      {"our king in check twice", board_record({{4, K}, {19, N | THEIR}, {31, B | THEIR}, {60, K | THEIR}}, 4, 60)},
      {"our king in check three times",
       board_record({{4, K}, {11, P | THEIR}, {19, N | THEIR}, {44, R | THEIR}, {60, K | THEIR}}, 4, 60)},
  };
  tuner::SampleFilter keep_all;
  keep_all.skip_in_check = false;
  int refused = 0;
  for (const auto& [what, bytes] : boards) {
    for (const tuner::SampleFilter& f : {keep_all, tuner::SampleFilter{}}) {
      const Read fast = read_fast(bytes, formats::PositionFormat::BULLETFORMAT, f);
      expect_same(fast, read_by_positions(bytes, formats::PositionFormat::BULLETFORMAT, f), what);
      refused += !fast.count;
    }
  }
  EXPECT_EQ(refused, 2 * 11);  // all but the valid board and the one in check twice
}

}  // namespace
