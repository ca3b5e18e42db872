// Set-up shared by every fuzz target, run once before the first input: the rules library's
// tables are built here, so that their one-off cost (seconds under the sanitizers on a busy
// machine) is not charged to an input's time limit.
#include <cstdint>

#include "core/bitboard.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  chess::init_bitboards();
  return 0;
}
