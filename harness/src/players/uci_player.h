// UciPlayer: the Player interface over the UCI protocol.
#pragma once

#include <memory>

#include "player.h"
#include "process/child_process.h"

namespace harness {

class UciPlayer : public Player {
 public:
  using Player::Player;
  ~UciPlayer() override { stop(); }
  std::string start() override;
  bool new_game(const TimeControl& tc) override;
  ThinkResult think(const ThinkRequest& request) override;
  void stop() override;
  bool alive() override { return process_ && process_->running(); }

 private:
  // Sends `command` and reads until a line starting with `reply`; false on timeout or exit.
  bool ask(const std::string& command, const std::string& reply, std::chrono::milliseconds timeout);
  std::unique_ptr<ChildProcess> process_;
};

// Reads an "info ..." line into `report` (fields it lacks are left alone).
void parse_uci_info(const std::string& line, SearchReport& report);

}  // namespace harness
