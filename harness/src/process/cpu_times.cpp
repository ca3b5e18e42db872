#include "process/cpu_times.h"

#include <sys/resource.h>

namespace harness {

namespace {

double seconds(const rusage& usage) {
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

CpuTimes cpu_times() {
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  return {seconds(self), seconds(children)};
}

}  // namespace harness
