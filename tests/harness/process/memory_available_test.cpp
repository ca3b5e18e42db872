// cgroup_room: the memory a control group leaves a process, from a made-up /proc/self/cgroup and
// /sys/fs/cgroup: the tightest level of a v2 hierarchy, a v1 memory group, and no limit.
#include "process/memory_available.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

void write_text(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text << "\n";
}

TEST(MemoryAvailable, AV2GroupLeavesItsTightestLimitLessItsUsage) {
  const fs::path root = fs::path(::testing::TempDir()) / "cgroup_v2";
  fs::remove_all(root);
  write_text(root / "proc_cgroup", "0::/slurm/job_7/step_0");
  write_text(root / "sys/memory.max", "max");
  write_text(root / "sys/slurm/memory.max", "8000000000");
  write_text(root / "sys/slurm/memory.current", "1000000000");
  write_text(root / "sys/slurm/job_7/memory.max", "3000000000");
  write_text(root / "sys/slurm/job_7/memory.current", "500000000");
  write_text(root / "sys/slurm/job_7/step_0/memory.max", "max");
  auto room = harness::cgroup_room((root / "proc_cgroup").string(), (root / "sys").string());
  ASSERT_TRUE(room);
  EXPECT_EQ(*room, 2'500'000'000u);
}

TEST(MemoryAvailable, AV1MemoryGroupAndNoLimitAtAll) {
  const fs::path root = fs::path(::testing::TempDir()) / "cgroup_v1";
  fs::remove_all(root);
  write_text(root / "proc_cgroup", "5:devices:/\n4:memory:/job\n0::/");
  write_text(root / "sys/memory/job/memory.limit_in_bytes", "2000000000");
  write_text(root / "sys/memory/job/memory.usage_in_bytes", "1500000000");
  auto room = harness::cgroup_room((root / "proc_cgroup").string(), (root / "sys").string());
  ASSERT_TRUE(room);
  EXPECT_EQ(*room, 500'000'000u);
  write_text(root / "proc_cgroup", "0::/");
  EXPECT_FALSE(harness::cgroup_room((root / "proc_cgroup").string(), (root / "sys").string())) << "no limit anywhere";
  EXPECT_TRUE(harness::memory_available()) << "this machine says what it has";
}

}  // namespace
