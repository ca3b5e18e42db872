// The trainer's readers on one thread, from the page cache: each FORMAT=PATH file decoded to
// feature indices (read_stream_samples, what `tuner nnue` reads with) ROUNDS times, and with
// --labeled the same file through the labeled reader (positions, then features, as the texel
// tuner reads) for comparison. The reference is a plain memcpy of the first bulletformat file's
// bytes, 32 a position, in the same run. Prints each reader's median positions a second and its
// ratio to the reference. No filter is applied: every position is decoded and kept.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bench_args.h"
#include "bench_stats.h"
#include "core/bitboard.h"
#include "core/regular_file.h"
#include "network_training/sample_decoding.h"

namespace {

struct Reading {
  std::string label;
  std::vector<double> seconds;
  std::size_t positions = 0;
};

tuner::SampleFilter keep_all() {
  tuner::SampleFilter f;
  f.skip_in_check = false;
  f.skip_capture = false;
  return f;
}

// One reading of `path`: the positions decoded, or -1 on an error (printed).
long long read_once(const std::string& path, formats::PositionFormat format, bool labeled, std::uint64_t& checksum) {
  std::ifstream in(path, std::ios::binary);
  tuner::SampleSink sink{[&](const tuner::TrainingSample& s) { checksum += s.features[0] + s.count; }};
  const tuner::SampleFilter filter = keep_all();
  chess::Result<std::size_t> read = std::size_t(0);
  if (labeled) {
    read = tuner::read_labeled_stream(in, path, [&](tuner::LabeledPosition&& p) {
      sink.keep(tuner::to_sample(p.position, p.result, p.score.value_or(0)));
      ++sink.read;
    }, 0, format);
  } else {
    read = tuner::read_stream_samples(in, path, format, filter, false, sink);
  }
  if (!read) {
    std::fprintf(stderr, "bench_sample_read: %s\n", read.error().c_str());
    return -1;
  }
  return (long long)sink.read;
}

// A memcpy of the file's bytes (held in memory) into a second buffer, 32 bytes a position.
double memcpy_seconds(const std::vector<char>& bytes, std::vector<char>& copy) {
  const auto t0 = std::chrono::steady_clock::now();
  std::memcpy(copy.data(), bytes.data(), bytes.size());
  return bench::ms_since(t0) / 1000;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  int rounds = 5;
  bool labeled = false;
  CLI::App app{"bench_sample_read: the trainer's readers to feature indices, one thread"};
  app.add_option("FILES", files, "FORMAT=PATH; the first bulletformat file is also the memcpy reference's")->required();
  app.add_option("--rounds", rounds)->capture_default_str();
  app.add_flag("--labeled", labeled, "Also read each file through the labeled reader (positions, then features)");
  CLI11_PARSE(app, argc, argv);
  chess::init_bitboards();
  const auto inputs = bench::format_paths("bench_sample_read", files);
  if (!inputs) return 2;
  std::string reference_path;
  for (const bench::FormatPath& in : *inputs)
    if (in.format == formats::PositionFormat::BULLETFORMAT && reference_path.empty()) reference_path = in.path;
  if (reference_path.empty()) {
    std::fprintf(stderr, "bench_sample_read: no bulletformat file for the memcpy reference\n");
    return 2;
  }
  std::ifstream ref_in(reference_path, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(ref_in)), std::istreambuf_iterator<char>());
  std::vector<char> copy(bytes.size());
  Reading reference{"memcpy of " + reference_path, {}, bytes.size() / 32};
  std::vector<Reading> readings;
  for (const bench::FormatPath& in : *inputs) {
    readings.push_back({in.path + " (" + std::string(formats::position_format_name(in.format)) + ", to features)", {}, 0});
    if (labeled) readings.push_back({in.path + " (" + std::string(formats::position_format_name(in.format)) + ", labeled reader)", {}, 0});
  }
  std::uint64_t checksum = 0;
  for (int round = 0; round < rounds; ++round) {
    reference.seconds.push_back(memcpy_seconds(bytes, copy));
    std::size_t r = 0;
    for (const bench::FormatPath& in : *inputs) {
      for (const bool through_labels : {false, true}) {
        if (through_labels && !labeled) continue;
        const auto t0 = std::chrono::steady_clock::now();
        const long long n = read_once(in.path, in.format, through_labels, checksum);
        if (n < 0) return 1;
        readings[r].seconds.push_back(bench::ms_since(t0) / 1000);
        readings[r++].positions = std::size_t(n);
      }
    }
  }
  const double ref_rate = double(reference.positions) / bench::median(reference.seconds);
  std::printf("median of %d rounds, one thread (checksum %llu)\n", rounds, (unsigned long long)(checksum + (unsigned char)copy[0]));
  std::printf("  %-60s %11s %9s %14s %8s\n", "reader", "positions", "seconds", "positions/s", "ratio");
  std::printf("  %-60s %11zu %9.4f %14.0f %8.3f\n", reference.label.c_str(), reference.positions, bench::median(reference.seconds),
              ref_rate, 1.0);
  for (const Reading& r : readings) {
    const double s = bench::median(r.seconds), rate = double(r.positions) / s;
    std::printf("  %-60s %11zu %9.4f %14.0f %8.3f\n", r.label.c_str(), r.positions, s, rate, rate / ref_rate);
  }
  return 0;
}
