// XboardPlayer: the Player interface over xboard/CECP version 2. The engine is kept in force
// mode between its turns; each turn sends the moves it has not seen, the clocks, then "go".
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "player.h"
#include "process/child_process.h"

namespace harness {

class XboardPlayer : public Player {
 public:
  using Player::Player;
  ~XboardPlayer() override { stop(); }
  chess::Result<bool> start() override;
  bool new_game(const TimeControl& tc, chess::Variant variant) override;
  std::string cannot_play(chess::Variant variant) const override;
  ThinkResult think(const ThinkRequest& request) override;
  void stop() override;
  bool alive() override { return process_ && process_->running(); }
  bool supports_fen_start() const override { return feature_setboard_; }

 private:
  bool ping(std::chrono::milliseconds timeout);
  // Reads the engine's "feature" lines until done=1; the start-up deadline passing, or the
  // engine exiting, is an error (a failed start, retried by the runner), never a missing feature.
  chess::Result<bool> negotiate_features();
  // Records the features a "feature ..." line declares; its done=1 (true) or done=0 (false), if any.
  std::optional<bool> read_features(const std::string& line);
  std::unique_ptr<ChildProcess> process_;
  bool feature_usermove_ = false;
  bool feature_setboard_ = false;
  bool feature_ping_ = false;
  bool feature_san_ = false;
  std::string feature_variants_;  // as declared: "normal,fischerandom"
  chess::Variant variant_ = chess::Variant::STANDARD;
  std::size_t moves_sent_ = 0;
  bool position_sent_ = false;
  int ping_id_ = 0;
};

// The key=value pairs of a "feature ..." line, in order; a value in double quotes may hold spaces
// ("myname=\"GNU Chess 6\"", "variants=\"normal,fischerandom\"") and is given without them.
std::vector<std::pair<std::string, std::string>> feature_pairs(const std::string& line);

// The move of a line "move e2e4" or "My move is : e2e4" (the legacy form); false for any other line.
bool move_in_line(const std::string& line, std::string& move);

// Reads thinking output "ply score time nodes pv" into `report`; false if the line is not one.
bool parse_xboard_thinking(const std::string& line, SearchReport& report);

}  // namespace harness
