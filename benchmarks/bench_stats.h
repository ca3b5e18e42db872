// What the benchmark programs share: the median of repeated measurements (the machines are
// shared and noisy) and milliseconds since a point in time.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace bench {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

inline double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace bench
