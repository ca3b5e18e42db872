// What a file of positions holds, counted before training (`tuner data count`): its positions
// and games, the results from White's view, the search scores by size, and how the positions
// fall into each architecture's buckets: the output buckets of material (bullet's
// MaterialCount<8>, (pieces - 2) / 4) and the king buckets of a map (by default the ten-bucket
// map of bullet's progression example), each side's king in its own view, both from
// lib/nnue/features.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "data_tools/position_stream.h"
#include "nnue/architecture.h"

namespace tuner {

inline constexpr int SCORE_BAND = 100;     // centipawns a band of the |score| histogram spans
inline constexpr int SCORE_BANDS = 11;     // 0-100 ... 900-1000, then 1000 and beyond

struct PositionCount {
  std::uint64_t positions = 0;
  std::uint64_t records = 0;                 // games, chains, lines or boards (record_unit)
  std::array<std::uint64_t, 3> results{};    // White's view: 0-1, 1/2-1/2, 1-0
  std::array<std::uint64_t, SCORE_BANDS> scores{};
  std::uint64_t unscored = 0;                // text lines without a score
  std::array<std::uint64_t, nnue::OUTPUT_BUCKETS> output_buckets{};
  std::vector<std::uint64_t> king_buckets;   // a count per bucket of the map, each side's king

  void add(const PositionCount& other);
};

// Every position of the stream from where it is, counted, its kings by `map`.
chess::Result<PositionCount> count_positions(PositionStream& in, const nnue::KingBucketMap& map = nnue::DEFAULT_KING_BUCKETS);
// The stream's records, from its start (framed, not decoded: a board file's come from its size);
// the stream is left at its start.
chess::Result<std::uint64_t> count_records(PositionStream& in);

// The name count_report gives nnue::DEFAULT_KING_BUCKETS.
inline constexpr const char* DEFAULT_MAP_NAME = "the default map";

// The count as lines for people, headed by `title` ("a.bf (bulletformat)"); `unit` names the
// records when they are games ("game", "chain"), else is empty; `map_name` names the king-bucket
// map.
std::string count_report(const std::string& title, const PositionCount& count, const std::string& unit,
                         const std::string& map_name = DEFAULT_MAP_NAME);

}  // namespace tuner
