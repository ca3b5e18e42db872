#include "network_training/training_samples.h"

#include <array>
#include <cstdlib>
#include <limits>

#include "network_training/feature_packing.h"
#include "network_training/sample_decoding.h"
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
  s.count = std::uint8_t(pack_features(pos, s.features));
  s.result = float(us == chess::WHITE ? white_result : 1.0 - white_result);
  s.score = float(us == chess::WHITE ? white_score : -white_score);
  return s;
}

bool filter_keeps(const SampleFilter& filter, const chess::Position& pos, int score, chess::Move move) {
  if (std::abs(score) > filter.max_score || pos.game_ply() < filter.min_ply) return false;
  if (filter.skip_in_check && pos.in_check()) return false;
  if (filter.skip_capture && !move.is_none() && pos.is_capture(move)) return false;
  return __builtin_popcountll(pos.pieces()) <= 32;
}

bool filter_keeps(const SampleFilter& filter, const LabeledPosition& p) {
  return filter_keeps(filter, p.position, p.score.value_or(0), p.move);
}

chess::Result<SampleCounts> read_samples(const std::vector<SampleFile>& files, const SampleFilter& filter, bool needs_score,
                                         std::vector<TrainingSample>& out, std::uint64_t memory_budget) {
  SampleCounts counts;
  for (const SampleFile& file : files) {
    auto opened = HashedFile::open(file.path, POSITIONS_FILE);
    CHESS_RETURN_IF_ERROR(opened);
    HashedFile& hashed = opened.value();
    std::string no_room;
    SampleSink sink{[&](const TrainingSample& sample) {
      if (!no_room.empty()) return;
      if (auto room = make_room(out, memory_budget, file.path); !room) {
        no_room = room.error();
        return;
      }
      out.push_back(sample);
      ++counts.kept;
    }};
    auto read = read_stream_samples(hashed.stream(), file.path, file.format, filter, needs_score, sink);
    if (!no_room.empty()) return chess::Error{no_room};
    CHESS_RETURN_IF_ERROR(read);
    counts.read += *read;
    auto digest = hashed.finish();
    CHESS_RETURN_IF_ERROR(digest);
    counts.files.push_back(std::move(digest).value());
  }
  return counts;
}

}  // namespace tuner
