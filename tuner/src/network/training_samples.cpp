#include "network/training_samples.h"

#include <cstdlib>
#include <limits>

#include "nnue/features.h"
#include "process/memory_available.h"

namespace tuner {

namespace {

std::string gigabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  return text;
}

// Room for one more sample: the buffer grown by half, while the old and the new buffer fit.
chess::Result<bool> make_room(std::vector<TrainingSample>& out, std::uint64_t budget, const std::string& path) {
  if (out.size() < out.capacity()) return true;
  const std::size_t grown = std::max<std::size_t>(4096, out.capacity() + out.capacity() / 2);
  if (double(out.capacity() + grown) * sizeof(TrainingSample) > double(budget))
    return chess::Error{path + ": the training data does not fit in memory: " + std::to_string(out.size()) +
                        " positions kept so far take " + gigabytes(double(out.size()) * sizeof(TrainingSample)) +
                        ", and the memory this machine has available allows " + gigabytes(double(budget)) +
                        " for them; train on fewer positions (fewer files, or a smaller 'data_window' in a loop)"};
  out.reserve(grown);
  return true;
}

}  // namespace

std::uint64_t default_memory_budget() {
  const auto available = harness::memory_available();
  return available ? std::uint64_t(double(*available) * MEMORY_SHARE) : std::numeric_limits<std::uint64_t>::max();
}

TrainingSample to_sample(const chess::Position& pos, double white_result, int white_score) {
  TrainingSample s;
  const chess::Color us = pos.side_to_move();
  for (chess::Bitboard b = pos.pieces(); b && s.count < 32; b &= b - 1) {
    const auto sq = chess::Square(__builtin_ctzll(b));
    s.features[s.count++] = std::uint16_t(nnue::feature_index(us, pos.piece_on(sq), sq));
  }
  s.result = float(us == chess::WHITE ? white_result : 1.0 - white_result);
  s.score = float(us == chess::WHITE ? white_score : -white_score);
  return s;
}

bool filter_keeps(const SampleFilter& filter, const LabeledPosition& p) {
  const int score = p.score.value_or(0);
  if (std::abs(score) > filter.max_score || p.position.game_ply() < filter.min_ply) return false;
  if (filter.skip_in_check && p.position.in_check()) return false;
  if (filter.skip_capture && !p.move.is_none() && p.position.is_capture(p.move)) return false;
  return __builtin_popcountll(p.position.pieces()) <= 32;
}

chess::Result<SampleCounts> read_samples(const std::vector<SampleFile>& files, const SampleFilter& filter, bool needs_score,
                                         std::vector<TrainingSample>& out, std::uint64_t memory_budget) {
  SampleCounts counts;
  for (const SampleFile& file : files) {
    auto opened = HashedFile::open(file.path, POSITIONS_FILE);
    CHESS_RETURN_IF_ERROR(opened);
    HashedFile& hashed = opened.value();
    std::string missing_score, no_room;
    auto read = read_labeled_stream(
        hashed.stream(), file.path,
        [&](LabeledPosition&& p) {
          ++counts.read;
          if (!p.score && needs_score) {
            if (missing_score.empty()) missing_score = p.position.fen();
            return;
          }
          if (!filter_keeps(filter, p) || !no_room.empty()) return;
          if (auto room = make_room(out, memory_budget, file.path); !room) {
            no_room = room.error();
            return;
          }
          out.push_back(to_sample(p.position, p.result, p.score.value_or(0)));
          ++counts.kept;
        },
        0, file.format);
    CHESS_RETURN_IF_ERROR(read);
    if (!no_room.empty()) return chess::Error{no_room};
    if (!missing_score.empty())
      return chess::Error{file.path + ": a position has no search score (" + missing_score +
                          "), and the training blends scores in ('wdl' below 1)"};
    auto digest = hashed.finish();
    CHESS_RETURN_IF_ERROR(digest);
    counts.files.push_back(std::move(digest).value());
  }
  return counts;
}

}  // namespace tuner
