#include "engines/bench_signature.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "process/child_process.h"

namespace harness {

namespace {

// The first group of the last line that matches, as a number; 0 when none does.
std::uint64_t last_match(const std::vector<std::string>& lines, const std::regex& pattern) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    std::smatch m;
    if (std::regex_search(*it, m, pattern) && m.size() > 1) {
      try {
        return std::stoull(m[1].str());
      } catch (const std::exception&) {  // a group of no digits, or too many: no count
        return 0;
      }
    }
  }
  return 0;
}

std::string tail_of(const std::vector<std::string>& lines, std::size_t count) {
  std::string out;
  for (std::size_t i = lines.size() > count ? lines.size() - count : 0; i < lines.size(); ++i) out += "\n  " + lines[i];
  return out.empty() ? " (it wrote nothing)" : out;
}

std::vector<std::string> file_lines(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

chess::Result<BenchSignature> parse_bench_output(const std::vector<std::string>& lines, const BenchCommand& command,
                                                 double seconds) {
  BenchSignature s;
  s.seconds = seconds;
  if (!command.nodes_pattern.empty()) {
    std::regex pattern;
    try {
      pattern = std::regex(command.nodes_pattern);
    } catch (const std::regex_error& e) {  // the user's pattern: std::regex reports by exception
      return chess::Error{"bench pattern '" + command.nodes_pattern + "' is not a regular expression: " + e.what()};
    }
    if (pattern.mark_count() < 1) return chess::Error{"bench pattern '" + command.nodes_pattern + "' has no group for the count"};
    s.nodes = last_match(lines, pattern);
  } else {
    s.nodes = last_match(lines, std::regex(R"(Nodes searched\s*:\s*(\d+))"));
    if (s.nodes == 0) s.nodes = last_match(lines, std::regex(R"((\d+)\s+nodes\b)"));
  }
  if (s.nodes == 0) return chess::Error{"no node count in the bench output"};
  s.nps = last_match(lines, std::regex(R"(Nodes/second\s*:\s*(\d+))"));
  if (s.nps == 0) s.nps = last_match(lines, std::regex(R"((\d+)\s+nps\b)"));
  if (s.nps == 0 && seconds > 0) s.nps = std::uint64_t(double(s.nodes) / seconds);
  return s;
}

chess::Result<BenchSignature> run_bench(const EngineConfig& engine, const BenchCommand& command, std::chrono::seconds timeout) {
  const std::string err =
      (std::filesystem::temp_directory_path() /
       ("bench-" + std::to_string(::getpid()) + "-" + std::to_string(std::hash<std::string>{}(engine.name)) + ".err"))
          .string();
  ProcessSpec spec{engine.command, engine.args, engine.working_dir, err};
  spec.args.insert(spec.args.end(), command.args.begin(), command.args.end());
  const auto start = ChildProcess::Clock::now();
  auto child = ChildProcess::start(spec);
  if (!child) return chess::Error{"engine '" + engine.name + "': " + child.error()};
  (*child)->close_input();  // an engine without a bench command reads its end and quits
  std::vector<std::string> lines;
  std::string line;
  const auto deadline = start + timeout;
  ReadStatus status = ReadStatus::LINE;
  while ((status = (*child)->read_line(line, deadline)) == ReadStatus::LINE) lines.push_back(line);
  const int exit_code = (*child)->stop(std::chrono::milliseconds(2000));
  const double seconds = std::chrono::duration<double>(ChildProcess::Clock::now() - start).count();
  for (std::string& l : file_lines(err)) lines.push_back(std::move(l));
  std::filesystem::remove(err);
  const std::string who = "engine '" + engine.name + "' bench";
  if (status == ReadStatus::TIMEOUT)
    return chess::Error{who + ": no end within " + std::to_string(timeout.count()) + " s; its last lines:" + tail_of(lines, 3)};
  auto signature = parse_bench_output(lines, command, seconds);
  if (!signature)
    return chess::Error{who + " (exit status " + std::to_string(exit_code) + "): " + signature.error() +
                        "; its last lines:" + tail_of(lines, 3)};
  return signature;
}

}  // namespace harness
