// Positions as the trainer reads them: the side to move's active features (bullet's Chess768;
// the other perspective's follow from them), the result and the search score from the side to
// move's view. 76 bytes a position, so tens of millions fit in memory and are shuffled whole.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "data/labeled_positions.h"
#include "network_training/file_checksum.h"

namespace tuner {

struct TrainingSample {
  std::array<std::uint16_t, 32> features{};  // the side to move's perspective
  std::uint8_t count = 0;
  float result = 0.5f;  // 1 the side to move won, 0.5 draw, 0 lost
  float score = 0;      // the search score in centipawns, the side to move's view
};

// Which positions are kept, as bullet's examples filter them.
struct SampleFilter {
  int min_ply = 0;          // plies from the game's start (as the record's move number gives it)
  int max_score = 32000;    // |score| above this is dropped
  bool skip_in_check = true;
  bool skip_capture = true;  // the move played is a capture (viriformat and binpack keep the move)
};

// Reads every file (each with its format) into `out`; errors name the file, and a position
// without a search score is an error while the training blends scores in (`needs_score`).
// Each file is hashed as it is read: `files` holds the digest of exactly the bytes decoded,
// in the order given.
struct SampleFile {
  std::string path;
  formats::PositionFormat format = formats::PositionFormat::TEXT;
};
struct SampleCounts {
  std::size_t read = 0, kept = 0;
  std::vector<FileDigest> files;
};
// The positions are held in memory: their buffer grows by half at a time while the old and the
// new one fit in `memory_budget` bytes (by default most of what the machine has available); data
// that would need more is an error that says how much, not a process the kernel kills.
inline constexpr double MEMORY_SHARE = 0.8;  // of MemAvailable, when it is known
std::uint64_t default_memory_budget();
chess::Result<SampleCounts> read_samples(const std::vector<SampleFile>& files, const SampleFilter& filter, bool needs_score,
                                         std::vector<TrainingSample>& out, std::uint64_t memory_budget = default_memory_budget());

// The sample of a position (White's view of result and score, as LabeledPosition holds them).
TrainingSample to_sample(const chess::Position& pos, double white_result, int white_score);
// Whether `filter` keeps `p` (a position without a score counts as scored 0: a reader that needs
// scores refuses it first); the reading in memory and the streaming one both ask this.
bool filter_keeps(const SampleFilter& filter, const LabeledPosition& p);
// The same for a position, its score (either side's view: only its size counts) and the move
// played from it (none where the format keeps no move).
bool filter_keeps(const SampleFilter& filter, const chess::Position& pos, int score, chess::Move move);

}  // namespace tuner
