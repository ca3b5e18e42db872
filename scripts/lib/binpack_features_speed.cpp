// nnue-pytorch's binpack reader and its own feature code timed together on one thread: reads
// FILE ROUNDS times with binpack::CompressedTrainingDataEntryReader and fills each entry's side
// to move's HalfKAv2_hm feature indices with nnue-pytorch's HalfKAv2_hm::fill_features_sparse
// (data_loader/cpp/training_data_loader.cpp, included from its source as it is). Prints the median
// positions a second. Built by scripts/bench/sample_read.sh from nnue-pytorch's source with its
// release flags, not by this project's build. (Its training loader runs the same two steps, on a
// reading thread and worker threads; here they run one after the other on one thread, as the
// workbench's reader does.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "training_data_loader.cpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: binpack_features_speed FILE.binpack ROUNDS\n");
    return 2;
  }
  const int rounds = std::max(1, std::atoi(argv[2]));
  std::vector<double> seconds;
  std::size_t positions = 0;
  unsigned long long checksum = 0;
  int features[HalfKAv2_hm::MAX_ACTIVE_FEATURES];
  for (int round = 0; round < rounds; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    binpack::CompressedTrainingDataEntryReader reader(argv[1], std::ios::in | std::ios::binary);
    positions = 0;
    while (reader.hasNext()) {
      const binpack::TrainingDataEntry e = reader.next();
      const auto [count, inputs] = HalfKAv2_hm::fill_features_sparse(e, features, e.pos.sideToMove());
      checksum += unsigned(features[0] + count) + unsigned(inputs & 1);
      ++positions;
    }
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  std::printf("nnue-pytorch binpack reader with its HalfKAv2_hm features: %zu positions, median %.4f s of %d rounds, %.0f positions/s (checksum %llu)\n",
              positions, median, rounds, double(positions) / median, checksum);
  return 0;
}
