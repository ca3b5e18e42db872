// The trainers' binary records decoded straight to training samples: the side to move's feature
// indices, its result and its score, with the filter applied on the way (SampleFilter). A
// bulletformat board goes from its bytes to its features with bitboards alone, no position in
// between; a viriformat game keeps one position and plays its moves on it; a binpack chain is
// decoded by its format's decoder, which must know the legal moves to read the next one. A record
// the fast path finds invalid is handed to the format's own decoder (lib/formats/) for its
// error, so that both refuse the same records in the same words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>

#include "core/result.h"
#include "data/labeled_positions.h"
#include "network_training/training_samples.h"

namespace tuner {

// Where samples go: `keep` takes each kept sample; `read` counts every position decoded.
struct SampleSink {
  std::function<void(const TrainingSample&)> keep;
  std::size_t read = 0;
};

// A bulletformat board (32 bytes): true and `out` set when the filter keeps it.
chess::Result<bool> bulletformat_sample(const std::uint8_t* record, const SampleFilter& filter, TrainingSample& out);

// A viriformat game from `bytes` (`size` of them available), its kept samples handed to `sink`:
// the bytes it took, or 0 when the game goes on past `size`. Errors are decode_viriformat_game's.
chess::Result<std::size_t> viriformat_samples(const std::uint8_t* bytes, std::size_t size, const std::string& where,
                                              const SampleFilter& filter, SampleSink& sink);

// Every position of a file's stream (`path` names it) in `format`, decoded straight to samples
// where the format allows and through the labeled reader otherwise (text); a position without a
// search score is an error while `needs_score` (the training blends scores in).
chess::Result<std::size_t> read_stream_samples(std::istream& in, const std::string& path, formats::PositionFormat format,
                                               const SampleFilter& filter, bool needs_score, SampleSink& sink);

}  // namespace tuner
