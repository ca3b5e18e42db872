// The keys of -engine and -each (cmd=, name=, tc=, option.NAME=, ...): an engine as it is
// read, a table row per key with its handler, the rows both programs share, and the engine the
// keys make once they are all read.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "engines/engine_config.h"
#include "settings/key_values.h"
#include "time_control/time_control.h"

namespace harness::frontend {

// One -engine or -each as it is read, before its limit is settled.
struct EngineDraft {
  EngineConfig config;
  std::optional<TimeControl> clock;   // tc=
  bool infinite = false;              // tc=inf
  std::optional<TimeControl> search;  // st=, nodes=, depth=
  std::string cmd, dir;
  std::string stderr_file;  // cutechess-cli's stderr=FILE
};

using EngineKeyHandler = chess::Result<bool> (*)(EngineDraft&, const std::string& value, const std::string& at);

struct EngineKeyRow {
  const char* key;
  const char* usage;
  const char* help;
  EngineKeyHandler apply;  // nullptr: refused, `help` says why (option.NAME is handled by its prefix)
};

// The row both programs have for `key` (cmd, name, dir, proto, tc, st, nodes, timemargin,
// restart, option.NAME, ponder).
const EngineKeyRow& shared_engine_key(std::string_view key);
constexpr EngineKeyRow refused_key(const char* key, const char* why) { return {key, "", why, nullptr}; }

// A fixed search of `key` (nodes, depth) a move.
chess::Result<bool> fixed_search(EngineDraft& e, const std::string& key, const std::string& value, const std::string& at);

// One key=value of an engine through `rows`; an unknown key is named with the nearest one.
chess::Result<bool> apply_engine_key(const std::vector<EngineKeyRow>& rows, EngineDraft& e, const KeyValue& kv,
                                     const std::string& where);

// The engine the draft describes, its limit the clock or a fixed search (one limit per engine).
chess::Result<EngineConfig> finish_engine(EngineDraft e, const std::string& where);

}  // namespace harness::frontend
