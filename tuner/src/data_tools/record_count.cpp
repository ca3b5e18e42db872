#include "data_tools/record_count.h"

#include <algorithm>
#include <cstdio>

#include "core/bitboard.h"
#include "nnue/features.h"

namespace tuner {

namespace {

// The inputs of mirrored king buckets by `map` (768xKhm).
nnue::Architecture bucketed_inputs(const nnue::KingBucketMap& map) {
  nnue::Architecture a;
  a.inputs = nnue::InputSet::KING_BUCKETS_MIRRORED;
  a.king_buckets = map;
  a.king_bucket_count = nnue::bucket_count(map);
  return a;
}

// The king bucket `side`'s own king picks: the block of features its view starts at.
int king_bucket_of(const nnue::Architecture& a, const chess::Position& pos, chess::Color side) {
  const nnue::PerspectiveView view = nnue::relative_view(a, int(chess::relative_square(side, pos.king_square(side))));
  return view.base / nnue::PIECE_FEATURES;
}

void count_position(const nnue::Architecture& inputs, const LabeledPosition& p, PositionCount& c) {
  ++c.positions;
  ++c.results[std::size_t(std::clamp(int(p.result * 2 + 0.5), 0, 2))];
  if (p.score) {
    const std::int64_t size = *p.score < 0 ? -std::int64_t(*p.score) : std::int64_t(*p.score);
    ++c.scores[std::size_t(std::min<std::int64_t>(size / SCORE_BAND, SCORE_BANDS - 1))];
  } else {
    ++c.unscored;
  }
  const int pieces = chess::popcount(p.position.pieces());
  ++c.output_buckets[std::size_t(std::clamp(nnue::output_bucket(pieces), 0, nnue::OUTPUT_BUCKETS - 1))];
  for (chess::Color side : {chess::WHITE, chess::BLACK}) ++c.king_buckets[std::size_t(king_bucket_of(inputs, p.position, side))];
}

std::string percent_of(std::uint64_t part, std::uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", whole ? 100.0 * double(part) / double(whole) : 0.0);
  return text;
}

// A histogram's line: "    LABEL  COUNT  PERCENT".
std::string band_line(const std::string& label, std::uint64_t count, std::uint64_t whole) {
  char text[96];
  std::snprintf(text, sizeof text, "    %-10s %12llu  %8s\n", label.c_str(), static_cast<unsigned long long>(count),
                percent_of(count, whole).c_str());
  return text;
}

std::string score_band_name(int band) {
  if (band == SCORE_BANDS - 1) return std::to_string(band * SCORE_BAND) + "+";
  return std::to_string(band * SCORE_BAND) + "-" + std::to_string((band + 1) * SCORE_BAND);
}

}  // namespace

void PositionCount::add(const PositionCount& other) {
  positions += other.positions;
  records += other.records;
  unscored += other.unscored;
  for (std::size_t i = 0; i < results.size(); ++i) results[i] += other.results[i];
  for (std::size_t i = 0; i < scores.size(); ++i) scores[i] += other.scores[i];
  for (std::size_t i = 0; i < output_buckets.size(); ++i) output_buckets[i] += other.output_buckets[i];
  king_buckets.resize(std::max(king_buckets.size(), other.king_buckets.size()));
  for (std::size_t i = 0; i < other.king_buckets.size(); ++i) king_buckets[i] += other.king_buckets[i];
}

chess::Result<PositionCount> count_positions(PositionStream& in, const nnue::KingBucketMap& map) {
  const nnue::Architecture inputs = bucketed_inputs(map);
  PositionCount count;
  count.king_buckets.assign(std::size_t(inputs.king_bucket_count), 0);
  const PositionStream::Take take = [&](LabeledPosition&& p) { count_position(inputs, p, count); };
  for (;;) {
    auto record = in.next(take);
    CHESS_RETURN_IF_ERROR(record);
    if (!*record) return count;
    ++count.records;
  }
}

chess::Result<std::uint64_t> count_records(PositionStream& in) {
  if (const std::size_t size = fixed_record_bytes(in.format()); size > 0) return in.file_bytes() / size;
  CHESS_RETURN_IF_ERROR(in.seek({}));
  std::uint64_t records = 0;
  for (;;) {
    auto record = in.next();
    CHESS_RETURN_IF_ERROR(record);
    if (!*record) break;
    ++records;
  }
  CHESS_RETURN_IF_ERROR(in.seek({}));
  return records;
}

std::string count_report(const std::string& title, const PositionCount& c, const std::string& unit, const std::string& map_name) {
  std::string text = title + ": " + std::to_string(c.positions) + " positions";
  if (!unit.empty()) text += " in " + std::to_string(c.records) + " " + unit + (c.records == 1 ? "" : "s");
  text += "\n  results, White's view (bulletformat's: the side to move's): 1-0 " + std::to_string(c.results[2]) + " (" + percent_of(c.results[2], c.positions) +
          "), 1/2-1/2 " + std::to_string(c.results[1]) + " (" + percent_of(c.results[1], c.positions) + "), 0-1 " +
          std::to_string(c.results[0]) + " (" + percent_of(c.results[0], c.positions) + ")\n";
  text += "  |score| in centipawns:\n";
  for (int band = 0; band < SCORE_BANDS; ++band) text += band_line(score_band_name(band), c.scores[std::size_t(band)], c.positions);
  if (c.unscored > 0) text += band_line("no score", c.unscored, c.positions);
  text += "  output buckets, (pieces - 2) / 4:\n";
  for (std::size_t b = 0; b < c.output_buckets.size(); ++b) text += band_line(std::to_string(b), c.output_buckets[b], c.positions);
  text += "  king buckets of " + map_name + ", each side's own king:\n";
  for (std::size_t b = 0; b < c.king_buckets.size(); ++b) text += band_line(std::to_string(b), c.king_buckets[b], 2 * c.positions);
  return text;
}

}  // namespace tuner
