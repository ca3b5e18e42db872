// The tuner's read speed for the trainers' binary formats against text: reads each given file
// (FORMAT=PATH, the first the reference, e.g. text=p.epd) ROUNDS times, the files in turn within
// a round, with the tuner's own reader (read_labeled_file, which the texel fitness calls), and
// prints for each the median time, positions a second and the ratio of its speed to the
// reference's. Every file must give the same number of positions.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_args.h"
#include "bench_stats.h"
#include "core/bitboard.h"
#include "data/labeled_positions.h"

namespace {

struct Input {
  std::string name, path;
  formats::PositionFormat format = formats::PositionFormat::TEXT;
  std::vector<double> seconds;
  std::size_t positions = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  int rounds = 3;
  CLI::App app{"bench_trainer_read: the tuner's read speed by format"};
  app.add_option("FILES", files, "FORMAT=PATH, the first the reference (text for EPD or FEN | score | result)")->required();
  app.add_option("--rounds", rounds)->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  chess::init_bitboards();
  const auto args = bench::format_paths("bench_trainer_read", files);
  if (!args) return 2;
  std::vector<Input> inputs;
  for (const bench::FormatPath& a : *args) inputs.push_back({a.format_name, a.path, a.format, {}, 0});
  for (int round = 0; round < rounds; ++round) {
    for (Input& in : inputs) {
      std::size_t seen = 0;
      const auto t0 = std::chrono::steady_clock::now();
      auto read = tuner::read_labeled_file(
          in.path, [&](tuner::LabeledPosition&& p) { seen += p.position.pieces() != 0; }, 0, in.format);
      in.seconds.push_back(bench::ms_since(t0) / 1000);
      if (!read) {
        std::fprintf(stderr, "bench_trainer_read: %s\n", read.error().c_str());
        return 1;
      }
      in.positions = seen;
    }
  }
  const Input& ref = inputs.front();
  std::printf("the tuner's reader, median of %d rounds (reference: %s)\n", rounds, ref.name.c_str());
  std::printf("  %-24s %11s %9s %12s %10s %7s\n", "file (read as)", "positions", "seconds", "positions/s", "bytes/pos", "ratio");
  const double ref_rate = double(ref.positions) / bench::median(ref.seconds);
  for (const Input& in : inputs) {
    const double s = bench::median(in.seconds), rate = double(in.positions) / s;
    const double bytes = double(std::filesystem::file_size(in.path)) / double(std::max<std::size_t>(in.positions, 1));
    const std::string label = std::filesystem::path(in.path).filename().string() + " (" + in.name + ")";
    std::printf("  %-24s %11zu %9.2f %12.0f %10.2f %7.2f\n", label.c_str(), in.positions, s, rate, bytes, rate / ref_rate);
    if (in.positions != ref.positions) std::printf("    (not the reference's %zu positions)\n", ref.positions);
  }
  return 0;
}
