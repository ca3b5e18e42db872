// The JSON files a user writes: evaluation weights, tuner configurations, the engine registry,
// and a stored run's configuration. Malformed JSON, wrong types, unknown keys, repeated keys,
// nesting past the reader's bound and values out of range are refused as values; what the
// reader accepts can be written back (a recursive dump) without running out of stack.
#include "engines/engine_config.h"
#include "eval/params.h"
#include "fuzz_input.h"
#include "json/json_input.h"
#include "methods/tuning_method.h"
#include "run/match_config.h"
#include "driver/tuner_configuration.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text(data, size);
  if (auto doc = json_input::parse(text, "fuzz.json")) (void)doc->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  (void)eval::params_from_json(text, "fuzz.json");
  (void)tuner::parse_tuner_config(text, "fuzz.json");
  (void)harness::EngineRegistry::load(fuzz::as_file(text, ".json"));
  if (auto config = harness::MatchConfig::from_json(text)) (void)config->to_json();
  return 0;
}
