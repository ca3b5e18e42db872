// An engine's bench signature: the node count of its fixed `bench` search, which testing
// servers compare with the `Bench: N` line of a commit to know the binary is that commit, and
// its speed, which scales their time controls. Any engine with a bench command: this project's
// ("Nodes searched: N", "Nodes/second: M"), Stockfish's (the same words, on standard error),
// Ethereal's ("OVERALL: N nodes M nps"), or a pattern of the user's.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "engines/engine_config.h"

namespace harness {

struct BenchSignature {
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;  // as the engine printed it, or nodes over the wall time when it printed none; the median of the runs
  double seconds = 0;     // wall time of the whole bench command; the median of the runs
  int runs = 1;           // how many runs agreed on `nodes`
};

// How a bench is run and read: the arguments after the engine's own, a regular expression
// whose first group is the node count (empty: the default forms; the last match counts), and
// how many times it runs (OpenBench runs it more than once: the counts must agree, the speed is
// their median).
inline constexpr int DEFAULT_BENCH_RUNS = 3;
inline constexpr int MAX_BENCH_RUNS = 100;
struct BenchCommand {
  std::vector<std::string> args{"bench"};
  std::string nodes_pattern;
  int runs = DEFAULT_BENCH_RUNS;
  // As a command line or a registry entry gives it: "bench 13" split at spaces.
  static BenchCommand from_words(const std::string& args, const std::string& nodes_pattern = "", int runs = DEFAULT_BENCH_RUNS);
};

// The signature from the bench's output lines (standard output and error together). Without a
// pattern, as OpenBench reads it: from the last line up, "N nodes", "nodes N" or "nodes searched
// N" once punctuation is made spaces ("Nodes searched: N", "Nodes : N", "NODES: N", "N nodes"),
// and the speed the same way from "N nps", "nps N" or "Nodes/second: N"; UCI "info" lines are
// never read. `seconds` fills in a speed the engine did not print.
chess::Result<BenchSignature> parse_bench_output(const std::vector<std::string>& lines, const BenchCommand& command,
                                                 double seconds);

// Starts the engine with its arguments and the bench's, reads what it writes until it exits or
// `timeout` passes, and parses it; `command.runs` times, one after another. A run that cannot
// be read, or counts that differ between runs (a bench that is not deterministic), is the
// error, naming the engine and quoting its last lines.
chess::Result<BenchSignature> run_bench(const EngineConfig& engine, const BenchCommand& command, std::chrono::seconds timeout);

}  // namespace harness
