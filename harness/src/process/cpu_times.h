// The CPU time this process has used, and the time its reaped children (the engines of the
// games it played) used: the share of the machine a step of work took, by difference.
#pragma once

namespace harness {

struct CpuTimes {
  double self = 0;      // seconds, user and system
  double children = 0;  // seconds of the children that ended and were waited for
};

CpuTimes cpu_times();

}  // namespace harness
