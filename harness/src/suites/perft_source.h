// Where perft counts come from: the built-in rules library, or an engine answering "go perft".
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engines/engine_config.h"
#include "players/uci_player.h"

namespace harness {

class PerftSource {
 public:
  virtual ~PerftSource() = default;
  // Divide of the position reached by `moves` (UCI) from `fen`.
  virtual chess::Result<PerftOutput> divide(const std::string& fen, const std::vector<std::string>& moves, int depth) = 0;
  virtual std::string name() const = 0;
};

class BuiltinPerft : public PerftSource {
 public:
  chess::Result<PerftOutput> divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override;
  std::string name() const override { return "builtin"; }
};

class EnginePerft : public PerftSource {
 public:
  EnginePerft(EngineConfig config, std::chrono::milliseconds timeout) : config_(std::move(config)), timeout_(timeout) {}
  chess::Result<PerftOutput> divide(const std::string& fen, const std::vector<std::string>& moves, int depth) override;
  std::string name() const override { return config_.name; }

 private:
  EngineConfig config_;
  std::chrono::milliseconds timeout_;
  std::unique_ptr<UciPlayer> player_;
};

}  // namespace harness
