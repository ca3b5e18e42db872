// nnue-pytorch's own binpack reader timed on one thread: reads FILE ROUNDS times with
// binpack::CompressedTrainingDataEntryReader (data_loader/cpp/lib/binpack.h, built by
// scripts/bench/sample_read.sh from nnue-pytorch's source with its release flags, not by this
// project's build) and prints the median positions a second. Each entry is its position, move,
// score, ply and result; no features are computed (the reader alone: nnue-pytorch turns entries
// into features in its batch code).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "binpack.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: binpack_speed FILE.binpack ROUNDS\n");
    return 2;
  }
  const int rounds = std::max(1, std::atoi(argv[2]));
  std::vector<double> seconds;
  std::size_t positions = 0;
  unsigned long long checksum = 0;
  for (int round = 0; round < rounds; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    binpack::CompressedTrainingDataEntryReader reader(argv[1], std::ios::in | std::ios::binary);
    positions = 0;
    while (reader.hasNext()) {
      const binpack::TrainingDataEntry e = reader.next();
      checksum += unsigned(e.score) + e.ply;
      ++positions;
    }
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  std::printf("nnue-pytorch binpack reader: %zu positions, median %.4f s of %d rounds, %.0f positions/s (checksum %llu)\n",
              positions, median, rounds, double(positions) / median, checksum);
  return 0;
}
