// nnue-pytorch's own binpack reader timed on one thread: reads FILE ROUNDS times with
// binpack::CompressedTrainingDataEntryReader (data_loader/cpp/lib/binpack.h, built by
// scripts/bench/sample_read.sh from nnue-pytorch's source with its release flags, not by this
// project's build) and prints the median positions a second. Each entry is its position, move,
// score, ply and result. With `features`, each entry's side to move's HalfKAv2_hm feature indices
// are then filled by nnue-pytorch's own HalfKAv2_hm::fill_features_sparse (its
// training_data_loader.cpp, included from its source as it is): its training loader runs the
// same two steps on a reading thread and worker threads, here one after the other on one thread,
// as the workbench's reader does.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "training_data_loader.cpp"

int main(int argc, char** argv) {
  const bool features = argc == 4 && std::string(argv[3]) == "features";
  if (argc != 3 && !features) {
    std::fprintf(stderr, "usage: binpack_speed FILE.binpack ROUNDS [features]\n");
    return 2;
  }
  const int rounds = std::max(1, std::atoi(argv[2]));
  std::vector<double> seconds;
  std::size_t positions = 0;
  unsigned long long checksum = 0;
  int indices[HalfKAv2_hm::MAX_ACTIVE_FEATURES];
  for (int round = 0; round < rounds; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    binpack::CompressedTrainingDataEntryReader reader(argv[1], std::ios::in | std::ios::binary);
    positions = 0;
    while (reader.hasNext()) {
      const binpack::TrainingDataEntry e = reader.next();
      checksum += unsigned(e.score) + e.ply;
      if (features) checksum += unsigned(indices[0] + HalfKAv2_hm::fill_features_sparse(e, indices, e.pos.sideToMove()).first);
      ++positions;
    }
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  const double median = seconds[seconds.size() / 2];
  std::printf("nnue-pytorch binpack reader%s: %zu positions, median %.4f s of %d rounds, %.0f positions/s (checksum %llu)\n",
              features ? " with its HalfKAv2_hm features" : "", positions, median, rounds, double(positions) / median, checksum);
  return 0;
}
