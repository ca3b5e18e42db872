// One EPD line as each reader takes it: perft suites (counts per depth), test suites (bm, am,
// c0 points) and labeled positions (a game result). Refusals are values, never crashes.
#include "data/labeled_positions.h"
#include "fuzz_input.h"
#include "suites/epd_suite.h"
#include "suites/perft_suite.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string line = fuzz::text(data, size);
  if (auto c = harness::parse_perft_line(line, "fuzz:1"))
    for (const auto& [depth, count] : c->depths) FUZZ_CHECK(depth >= 1 && depth <= 20);
  (void)harness::parse_epd_line(line, "fuzz:1");
  (void)tuner::parse_labeled_line(line, "fuzz:1");
  return 0;
}
