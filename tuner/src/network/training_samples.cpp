#include "network/training_samples.h"

#include <cstdlib>

#include "nnue/features.h"

namespace tuner {

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

chess::Result<SampleCounts> read_samples(const std::vector<SampleFile>& files, const SampleFilter& filter, bool needs_score,
                                         std::vector<TrainingSample>& out) {
  SampleCounts counts;
  for (const SampleFile& file : files) {
    std::string missing_score;
    auto read = read_labeled_file(
        file.path,
        [&](LabeledPosition&& p) {
          ++counts.read;
          if (!p.score && needs_score) {
            if (missing_score.empty()) missing_score = p.position.fen();
            return;
          }
          const int score = p.score.value_or(0);
          if (std::abs(score) > filter.max_score || p.position.game_ply() < filter.min_ply) return;
          if (filter.skip_in_check && p.position.in_check()) return;
          if (filter.skip_capture && !p.move.is_none() && p.position.is_capture(p.move)) return;
          if (__builtin_popcountll(p.position.pieces()) > 32) return;
          out.push_back(to_sample(p.position, p.result, score));
          ++counts.kept;
        },
        0, file.format);
    CHESS_RETURN_IF_ERROR(read);
    if (!missing_score.empty())
      return chess::Error{file.path + ": a position has no search score (" + missing_score +
                          "), and the training blends scores in ('wdl' below 1)"};
  }
  return counts;
}

}  // namespace tuner
