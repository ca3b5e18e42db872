// The memory this process can still take without swapping or being killed: the kernel's
// MemAvailable, or less where a control group (a Slurm job's, a container's) limits the process
// to less. For work that holds its data in memory (a training's positions) and must stop with a
// message, not be killed, when the data does not fit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace harness {

// Bytes; none when neither the kernel nor a control group says.
std::optional<std::uint64_t> memory_available();

// What the control groups that `groups_file` (/proc/self/cgroup) names leave under `cgroup_root`
// (/sys/fs/cgroup): at each level from the group up, the limit less the usage (v2's memory.max
// and memory.current, v1's memory.limit_in_bytes and memory.usage_in_bytes); none without a limit.
std::optional<std::uint64_t> cgroup_room(const std::string& groups_file, const std::string& cgroup_root);

}  // namespace harness
