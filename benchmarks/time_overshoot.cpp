// Time discipline of the engine: how far past its limit a search ends, measured from the
// harness's side of the pipe (the 'go' written to the 'bestmove' read), for 'go movetime' and
// for clock searches. The limit of a clock search is the hard limit the engine's own time
// manager sets for those clocks (the same code, linked here). Prints median, 99th percentile
// and maximum of the overshoot; scripts/bench/time_overshoot.sh runs it idle and loaded.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "process/child_process.h"
#include "search/limits.h"
#include "search/time_manager.h"

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> POSITIONS = {
    "position startpos",
    "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 2r2rk1/1bqnbppp/pp1ppn2/8/2PNP3/1PN1BP2/P2QB1PP/2RR2K1 w - - 0 15",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

struct Stats {
  double median, p99, max;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  auto at = [&](double q) { return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))]; };
  return {at(0.5), at(0.99), v.back()};
}

// Milliseconds from writing `go` to reading `bestmove`; -1 if the engine never answered.
double timed_search(harness::ChildProcess& engine, const std::string& position, const std::string& go) {
  engine.write_line(position);
  engine.write_line("isready");
  std::string line;
  while (engine.read_line(line, std::chrono::seconds(30)) == harness::ReadStatus::LINE && line != "readyok") {
  }
  auto start = Clock::now();
  engine.write_line(go);
  while (engine.read_line(line, start + std::chrono::seconds(60)) == harness::ReadStatus::LINE)
    if (line.rfind("bestmove", 0) == 0) return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string engine_path, version = "dev", label = "idle";
  int searches = 100;
  std::int64_t movetime = 100, clock_ms = 2000, inc_ms = 20, overhead = 10;
  CLI::App app{"bench_time_overshoot: how far past its time limit the engine's searches end"};
  app.add_option("ENGINE", engine_path, "The engine binary")->required();
  app.add_option("--version", version, "Engine version")->capture_default_str();
  app.add_option("--searches", searches, "Searches of each kind")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--movetime", movetime, "Milliseconds for 'go movetime'")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--clock", clock_ms, "Milliseconds on each clock")->capture_default_str()->check(CLI::Range(1, 10000000));
  app.add_option("--inc", inc_ms, "Increment in milliseconds")->capture_default_str()->check(CLI::Range(0, 100000));
  app.add_option("--label", label, "Printed before the figures (idle, loaded)")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return e.get_exit_code() == 0 ? app.exit(e) : (app.exit(e), 2);
  }
  auto engine = harness::ChildProcess::start({engine_path, {"--version", version}, "", ""});
  if (!engine) {
    std::cerr << "bench_time_overshoot: " << engine.error() << "\n";
    return 2;
  }
  (*engine)->write_line("uci");
  (*engine)->write_line("setoption name Move Overhead value " + std::to_string(overhead));
  search::SearchLimits limits;
  limits.time_ms[chess::WHITE] = limits.time_ms[chess::BLACK] = clock_ms;
  limits.increment_ms[chess::WHITE] = limits.increment_ms[chess::BLACK] = inc_ms;
  search::TimeManager tm;
  tm.start(limits, chess::WHITE, true, int(overhead));
  const std::int64_t clock_hard = tm.hard_ms();

  std::vector<double> over_movetime, over_clock;
  int failures = 0;
  for (int i = 0; i < searches; ++i) {
    const std::string& pos = POSITIONS[std::size_t(i) % POSITIONS.size()];
    (*engine)->write_line("ucinewgame");
    double a = timed_search(**engine, pos, "go movetime " + std::to_string(movetime));
    double b = timed_search(**engine, pos,
                            "go wtime " + std::to_string(clock_ms) + " btime " + std::to_string(clock_ms) + " winc " +
                                std::to_string(inc_ms) + " binc " + std::to_string(inc_ms));
    if (a < 0 || b < 0) ++failures;
    if (a >= 0) over_movetime.push_back(a - double(movetime));
    if (b >= 0) over_clock.push_back(b - double(clock_hard));
  }
  (*engine)->write_line("quit");
  (*engine)->stop(std::chrono::seconds(2));
  if (over_movetime.empty() || over_clock.empty()) {
    std::cerr << "bench_time_overshoot: the engine answered no search\n";
    return 1;
  }
  Stats m = stats(over_movetime), c = stats(over_clock);
  std::printf("%-7s go movetime %lld: overshoot ms median %+.1f  p99 %+.1f  max %+.1f  (%zu searches)\n", label.c_str(),
              static_cast<long long>(movetime), m.median, m.p99, m.max, over_movetime.size());
  std::printf("%-7s clock %lld+%lld (hard limit %lld ms): overshoot ms median %+.1f  p99 %+.1f  max %+.1f  (%zu searches)\n",
              label.c_str(), static_cast<long long>(clock_ms), static_cast<long long>(inc_ms), static_cast<long long>(clock_hard),
              c.median, c.p99, c.max, over_clock.size());
  if (failures) std::printf("%-7s %d searches never answered\n", label.c_str(), failures);
  return failures ? 1 : 0;
}
