#include "engines/bench_signature.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

#include "process/command.h"

namespace harness {

BenchCommand BenchCommand::from_words(const std::string& args, const std::string& nodes_pattern, int runs) {
  BenchCommand c;
  c.runs = runs;
  c.args.clear();
  std::istringstream words(args);
  for (std::string w; words >> w;) c.args.push_back(w);
  c.nodes_pattern = nodes_pattern;
  return c;
}

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

// OpenBench's reading of a bench's output (Client/bench.py): each line with everything but
// letters and digits made a space, read from the last line up; the first form that matches
// gives the figure. A UCI "info" line is never read: its nodes and nps are one search's.
const std::regex NODES_FORMS[] = {std::regex(R"(\b(\d+)\s+nodes\b)", std::regex::icase),
                                  std::regex(R"(\bnodes\s+(\d+))", std::regex::icase),
                                  std::regex(R"(\bnodes searched\s+(\d+))", std::regex::icase)};
const std::regex NPS_FORMS[] = {std::regex(R"(\b(\d+)\s+nps\b)", std::regex::icase),
                                std::regex(R"(\bnps\s+(\d+))", std::regex::icase),
                                std::regex(R"(\bnodes second\s+(\d+))", std::regex::icase)};

std::uint64_t openbench_figure(const std::vector<std::string>& lines, const std::regex (&forms)[3]) {
  for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
    if (it->rfind("info ", 0) == 0) continue;
    std::string words = *it;
    for (char& c : words)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = ' ';
    for (const std::regex& form : forms) {
      std::smatch m;
      if (!std::regex_search(words, m, form)) continue;
      try {
        return std::stoull(m[1].str());
      } catch (const std::exception&) {  // more digits than a count can have
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

void add_lines(const std::string& text, std::vector<std::string>& lines) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
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
    s.nodes = openbench_figure(lines, NODES_FORMS);
  }
  if (s.nodes == 0) return chess::Error{"no node count in the bench output"};
  s.nps = openbench_figure(lines, NPS_FORMS);
  if (s.nps == 0 && seconds > 0) s.nps = std::uint64_t(double(s.nodes) / seconds);
  return s;
}

namespace {

chess::Result<BenchSignature> run_bench_once(const EngineConfig& engine, const BenchCommand& command, std::chrono::seconds timeout) {
  ProcessSpec spec{engine.command, engine.args, engine.working_dir, ""};
  spec.args.insert(spec.args.end(), command.args.begin(), command.args.end());
  const auto start = std::chrono::steady_clock::now();
  auto ran = run_command(spec, timeout);  // an engine without a bench command reads the end of its input and quits
  if (!ran) return chess::Error{"engine '" + engine.name + "': " + ran.error()};
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<std::string> lines;
  add_lines(ran->out, lines);
  add_lines(ran->err, lines);
  const std::string who = "engine '" + engine.name + "' bench";
  if (ran->timed_out)
    return chess::Error{who + ": no end within " + std::to_string(timeout.count()) + " s; its last lines:" + tail_of(lines, 3)};
  auto signature = parse_bench_output(lines, command, seconds);
  if (!signature)
    return chess::Error{who + " (exit status " + std::to_string(ran->exit_code) + "): " + signature.error() +
                        "; its last lines:" + tail_of(lines, 3)};
  return signature;
}

}  // namespace

chess::Result<BenchSignature> run_bench(const EngineConfig& engine, const BenchCommand& command, std::chrono::seconds timeout) {
  std::vector<BenchSignature> runs;
  for (int i = 0; i < std::max(1, command.runs); ++i) {
    auto run = run_bench_once(engine, command, timeout);
    CHESS_RETURN_IF_ERROR(run);
    if (!runs.empty() && run->nodes != runs.front().nodes)
      return chess::Error{"engine '" + engine.name + "' bench: run " + std::to_string(i + 1) + " counted " +
                          std::to_string(run->nodes) + " nodes, run 1 " + std::to_string(runs.front().nodes) +
                          ": its bench is not deterministic, so no count can sign a commit"};
    runs.push_back(*run);
  }
  auto median_of = [&](auto field) {
    std::vector<std::remove_cvref_t<decltype(runs.front().*field)>> values;
    for (const BenchSignature& r : runs) values.push_back(r.*field);
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(values.size() / 2), values.end());
    return values[values.size() / 2];
  };
  BenchSignature s = runs.front();
  s.nps = median_of(&BenchSignature::nps);
  s.seconds = median_of(&BenchSignature::seconds);
  s.runs = int(runs.size());
  return s;
}

}  // namespace harness
