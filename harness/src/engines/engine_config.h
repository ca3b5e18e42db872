// EngineConfig: how to start and set up one engine, from the registry (configs/engines.json)
// or from an ad-hoc "--engine name=X cmd=/path proto=uci option.Hash=16" specification.
#pragma once

#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engines/build_recipe.h"
#include "time_control/time_control.h"

namespace harness {

enum class Protocol { UCI, XBOARD };

// An engine built from a git commit instead of a command (registry keys "repo", "ref", "build",
// "make_path", "compiler", "network", "bench"): builds/ makes the binary and the command is then
// set to it.
struct GitSource {
  std::string repo;  // absolute
  std::string ref;
  BuildRecipe build;
  std::string bench = "bench";  // what runs its bench, whose count is checked against the commit's Bench: line
  bool operator==(const GitSource&) const = default;
};

struct EngineConfig {
  std::string name;
  std::string command;  // absolute after resolution
  std::vector<std::string> args;
  std::string working_dir;
  Protocol protocol = Protocol::UCI;
  std::vector<std::pair<std::string, std::string>> options;  // in the order given
  std::vector<std::string> init_strings;                     // sent verbatim after the handshake
  bool restart_each_game = false;                            // a new process for every game (cutechess's restart=on)
  // Limits of this engine's own that override the run's (time odds, node odds): a clock
  // (tc=), nodes=, depth= or movetime=, and timemargin= milliseconds.
  std::optional<TimeControl> limit;
  std::optional<std::int64_t> time_margin_ms;
  std::optional<GitSource> source;  // built from git; `command` is empty until it is built

  // An engine with a name and a command, everything else at its default.
  static EngineConfig named(std::string name, std::string command) {
    EngineConfig e;
    e.name = std::move(name);
    e.command = std::move(command);
    return e;
  }

  // The value given for option `name`, or nullptr.
  const std::string* option(const std::string& name) const;
  // Gives option `name` this value, in its place if it was given before, else at the end.
  void set_option(const std::string& name, const std::string& value);
};

std::string protocol_name(Protocol p);
chess::Result<Protocol> parse_protocol(const std::string& text, const std::string& where);

// As a run stores its engines: options in their order, own limits in the spec's words.
void to_json(nlohmann::json& j, const EngineConfig& e);
void from_json(const nlohmann::json& j, EngineConfig& e);

// Reads one per-engine limit ("tc", "nodes", "depth", "movetime" in seconds, "timemargin" in
// milliseconds) into `c`; false if `key` is none of them. The error names `where`.
chess::Result<bool> read_engine_limit(EngineConfig& c, const std::string& key, const std::string& value,
                                      const std::string& where);
// A limit as read_engine_limit reads it back: "tc=10+0.1", "nodes=5000", "depth=12", "movetime=0.25".
std::string engine_limit_spec(const TimeControl& limit);
// The limits' text for a run's description and its stored configuration: "tc=10+0.1 timemargin=50", or "".
std::string engine_limits_text(const EngineConfig& c);

class EngineRegistry {
 public:
  // Reads the registry; relative commands and working directories resolve against the file's folder.
  static chess::Result<EngineRegistry> load(const std::string& path);
  // The engine of that name, or an error that lists the nearest names.
  chess::Result<EngineConfig> find(const std::string& name) const;
  const std::vector<EngineConfig>& engines() const { return engines_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::vector<EngineConfig> engines_;
};

// Parses "name=X cmd=/path proto=uci|xboard dir=D arg=A option.K=V init=S" (words separated by spaces).
chess::Result<EngineConfig> parse_engine_spec(const std::string& spec);

// A 64-bit FNV-1a checksum of a file's bytes in hex, or "" if unreadable.
std::string file_checksum(const std::string& path);

}  // namespace harness
