// What the process layer does to the programs it starts: their CPUs (fastchess's -use-affinity),
// the lines it observes (the dialogue log's hook), the lines it refuses to write, their peak
// memory once reaped, and their end with the harness, however it ends.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include "process/child_process.h"
#include "support/harness_cli.h"

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

// awk holding a string of 64 MiB (doubled from one byte) peaks above 50 MB; /bin/true does not;
// neither is known before it is reaped.
TEST(ChildProcess, ItsPeakResidentMemoryIsKnownOnceReaped) {
  const auto peak_of = [](const std::vector<std::string>& args) {
    auto p = harness::ChildProcess::start({args.front(), {args.begin() + 1, args.end()}, "", ""});
    if (!p) return std::pair<long, long>{-1, -1};
    std::string line;
    while ((*p)->read_line(line, 30s) == harness::ReadStatus::LINE) {
    }
    const long before = (*p)->peak_resident_kib();
    (*p)->stop(5000ms);
    return std::pair<long, long>{before, (*p)->peak_resident_kib()};
  };
  const auto [big_before, big] = peak_of({"/usr/bin/awk", "BEGIN { s = \"x\"; while (length(s) < 50000000) s = s s; print length(s) }"});
  const auto [small_before, small] = peak_of({"/bin/true"});
  EXPECT_EQ(big_before, 0);
  EXPECT_EQ(small_before, 0);
  EXPECT_GE(big, 50'000'000 / 1024) << "KiB";
  EXPECT_GT(small, 0);
  EXPECT_LT(small, big - 40 * 1024) << "KiB";
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

// The last guard against a command smuggled into an engine: a line with a control character is
// refused whole (false, nothing written, nothing observed), and the next clean line goes as ever.
TEST(ChildProcess, ALineWithAControlCharacterIsNeverWritten) {
  auto p = harness::ChildProcess::start({"/bin/cat", {}, "", ""});
  ASSERT_TRUE(p) << p.error();
  std::vector<std::string> sent;
  (*p)->observe_lines([&](harness::LineDirection d, const std::string& line) {
    if (d == harness::LineDirection::TO_CHILD) sent.push_back(line);
  });
  const std::string smuggled[] = {"setoption name A value 1\nsetoption name B value 2", "value 1\r", std::string("a\0b", 3),
                                  "\x1b[2J", "tab\there", "del\x7f", "\n"};
  for (const std::string& line : smuggled) EXPECT_FALSE((*p)->write_line(line)) << line.size() << " bytes";
  EXPECT_TRUE((*p)->write_line("isready"));
  (*p)->close_input();
  std::vector<std::string> echoed;
  std::string line;
  while ((*p)->read_line(line, 10s) == harness::ReadStatus::LINE) echoed.push_back(line);
  (*p)->stop(1000ms);
  EXPECT_EQ(echoed, std::vector<std::string>{"isready"});
  EXPECT_EQ(sent, std::vector<std::string>{"isready"});
}

// A child outlives the thread that started it: the parent-death signal follows the thread that
// forks, which lasts as long as the process, never a game slot's thread that ends first.
TEST(ChildProcess, AChildOutlivesTheThreadThatStartedIt) {
  std::unique_ptr<harness::ChildProcess> child;
  std::thread([&child] {
    auto started = harness::ChildProcess::start({"/bin/cat", {}, "", ""});
    if (started) child = std::move(started).value();
  }).join();
  ASSERT_TRUE(child);
  std::this_thread::sleep_for(200ms);
  EXPECT_TRUE(child->running());
  ASSERT_TRUE(child->write_line("still here"));
  std::string line;
  EXPECT_EQ(child->read_line(line, 10s), harness::ReadStatus::LINE);
  EXPECT_EQ(line, "still here");
  child->stop(1000ms);
}

// The state letter of process `pid` (R, S, Z, ...), or 0 once it is gone.
char process_state_letter(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return 0;
  const std::size_t name_end = text.rfind(')');
  return name_end == std::string::npos || name_end + 2 >= text.size() ? 0 : text[name_end + 2];
}

// The pid an "ignore-quit" mock wrote on its standard error, in the log the harness keeps; 0 until then.
int pid_in_engine_log(const std::string& log) {
  std::ifstream in(log);
  for (std::string word; in >> word;)
    if (word == "pid") {
      int pid = 0;
      in >> pid;
      return pid;
    }
  return 0;
}

// A harness killed with SIGKILL takes its engines with it: the kernel kills each when the
// harness dies (before, an engine that ignores the end of its input and SIGTERM ran on for ever,
// orphaned). Dead means gone or a zombie its new parent has not reaped yet.
TEST(ChildProcess, NoEngineOutlivesAHarnessKilledWithSigkill) {
  const std::string db = temp_db("parent_death");
  const std::string log = (std::filesystem::path(db).parent_path() / "stderr/parent_death-run1-slot0-engine0.log").string();
  std::filesystem::remove(log);
  auto harness_process =
      start_harness({"match", "--engine", mock("stubborn", "ignore-quit"), "--engine", mock("slow", "slow=60000"), "--games", "2",
                     "--tc", "120+0", "--concurrency", "1", "--db", db},
                    ::testing::TempDir() + "parent_death.txt");
  int engine = 0;
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while ((engine = pid_in_engine_log(log)) == 0 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
  ASSERT_GT(engine, 0) << "the engine never started";
  ASSERT_NE(process_state_letter(engine), 0);
  ::kill(harness_process->pid(), SIGKILL);
  const auto killed = std::chrono::steady_clock::now();
  auto dead = [engine] { return process_state_letter(engine) == 0 || process_state_letter(engine) == 'Z'; };
  while (!dead() && std::chrono::steady_clock::now() - killed < 1s) std::this_thread::sleep_for(10ms);
  const bool died = dead();
  // Reaped only now: stopping a child ends its whole process group, which would end an engine
  // left in the harness's group whatever the harness did.
  (void)harness_process->stop(5000ms);
  if (!died) ::kill(engine, SIGKILL);  // not left behind by the test
  EXPECT_TRUE(died) << "engine " << engine << " still runs after its harness was killed";
}

}  // namespace
