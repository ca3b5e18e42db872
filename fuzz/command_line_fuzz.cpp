// The harness's small command-line languages: time controls (read back from their own
// description), SPRT bounds, resign and draw adjudication, and ad-hoc engine specs.
#include "engines/engine_config.h"
#include "fuzz_input.h"
#include "match/adjudication.h"
#include "match/time_control.h"
#include "stats/sprt.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string spec = fuzz::text(data, size);
  if (auto tc = harness::parse_time_control(spec)) {
    FUZZ_CHECK(tc->base_ms > 0 && tc->increment_ms >= 0);
    auto again = harness::parse_time_control(tc->describe());
    FUZZ_CHECK(again && again->base_ms == tc->base_ms && again->increment_ms == tc->increment_ms && again->moves == tc->moves);
  }
  if (auto sprt = harness::parse_sprt(spec)) (void)sprt->upper_bound();
  (void)harness::parse_resign(spec, {});
  (void)harness::parse_draw(spec, {});
  (void)harness::parse_engine_spec(spec);
  return 0;
}
