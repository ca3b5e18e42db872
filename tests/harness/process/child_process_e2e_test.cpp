// What the process layer does to the programs it starts: their CPUs (fastchess's -use-affinity)
// and the lines it observes (the dialogue log's hook).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "process/child_process.h"

namespace {

using namespace std::chrono_literals;

// The shell reads a line first, so that it runs only once the harness has pinned it, then
// prints the CPUs it is allowed.
std::string allowed_cpus(const std::vector<int>& cpus) {
  auto p = harness::ChildProcess::start({"/bin/sh", {"-c", "read x; grep Cpus_allowed_list /proc/$$/status"}, "", "", cpus});
  if (!p) return p.error();
  (*p)->write_line("go");
  std::string line;
  (*p)->read_line(line, 10s);
  (*p)->stop(1000ms);
  return line;
}

TEST(ChildProcess, APinnedProcessRunsOnItsCpusOnly) {
  const std::string pinned = allowed_cpus({0});
  EXPECT_NE(pinned.find("Cpus_allowed_list:"), std::string::npos) << pinned;
  EXPECT_EQ(pinned.substr(pinned.find_last_of(" \t") + 1), "0") << pinned;
  // Unpinned, it has the CPUs of the process that started it.
  std::ifstream status("/proc/self/status");
  std::string own;
  for (std::string l; std::getline(status, l);)
    if (l.rfind("Cpus_allowed_list:", 0) == 0) own = l;
  std::replace(own.begin(), own.end(), '\t', ' ');  // a child's tab reads as a space
  EXPECT_EQ(allowed_cpus({}), own);
}

TEST(ChildProcess, EveryLineWrittenAndReadIsObserved) {
  auto p = harness::ChildProcess::start({"/bin/cat", {}, "", ""});
  ASSERT_TRUE(p) << p.error();
  std::vector<std::string> seen;
  (*p)->observe_lines([&](harness::LineDirection d, const std::string& line) {
    seen.push_back((d == harness::LineDirection::TO_CHILD ? "> " : "< ") + line);
  });
  (*p)->write_line("hello");
  std::string line;
  ASSERT_EQ((*p)->read_line(line, 10s), harness::ReadStatus::LINE);
  (*p)->stop(1000ms);
  EXPECT_EQ(seen, (std::vector<std::string>{"> hello", "< hello"}));
}

}  // namespace
