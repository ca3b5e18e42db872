// The harness's small command-line languages: time controls (read back from their own
// description), SPRT bounds, resign and draw adjudication, ad-hoc engine specs, and shard specs
// (read back from their own description).
#include "adjudication/adjudication.h"
#include "engines/engine_config.h"
#include "fuzz_input.h"
#include "run/match_config.h"
#include "stats/sprt.h"
#include "time_control/time_control.h"

namespace {

// A clock has a positive base and no negative increment; a fixed limit is positive.
bool has_positive_limit(const harness::TimeControl& tc) {
  using Kind = harness::TimeControl::Kind;
  switch (tc.kind) {
    case Kind::CLOCK: return tc.base_ms > 0 && tc.increment_ms >= 0;
    case Kind::MOVETIME: return tc.movetime_ms > 0;
    case Kind::DEPTH: return tc.depth > 0;
    case Kind::NODES: return tc.nodes > 0;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string spec = fuzz::text(data, size);
  if (auto tc = harness::parse_time_control(spec)) {
    FUZZ_CHECK(has_positive_limit(*tc));
    auto again = harness::parse_time_control(tc->describe());
    FUZZ_CHECK(again && *again == *tc);
  }
  if (auto sprt = harness::parse_sprt(spec)) (void)sprt->upper_bound();
  (void)harness::parse_resign(spec, {});
  (void)harness::parse_draw(spec, {});
  (void)harness::parse_engine_spec(spec);
  if (auto shard = harness::parse_shard(spec)) {
    FUZZ_CHECK(shard->count >= 1 && shard->index >= 0 && shard->index < shard->count);
    auto again = harness::parse_shard(shard->describe());
    FUZZ_CHECK(again && *again == *shard);
  }
  return 0;
}
