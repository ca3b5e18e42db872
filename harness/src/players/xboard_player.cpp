#include "xboard_player.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "core/san.h"
#include "core/uci_move.h"
#include "players/line_matches.h"

namespace harness {

namespace {

// CECP gives engines 2 s to declare their features; GNU Chess 6 writes them only as it reads
// further commands, so after 2 s of quiet the harness sends a ping every 100 ms until done=1.
constexpr std::chrono::milliseconds FEATURE_QUIET{2000};
constexpr std::chrono::milliseconds NUDGE_EVERY{100};
// "feature done=0" asks for as long as the engine needs: xboard then waits an hour.
constexpr std::chrono::milliseconds FEATURE_DONE0_TIMEOUT{3600000};

std::string level_command(const TimeControl& tc) {
  std::int64_t secs = tc.base_ms / 1000;
  std::string base = std::to_string(secs / 60) + (secs % 60 ? ":" + std::to_string(secs % 60) : "");
  std::ostringstream inc;
  inc << double(tc.increment_ms) / 1000.0;
  return "level " + std::to_string(tc.moves) + " " + base + " " + inc.str();
}

}  // namespace

std::vector<std::pair<std::string, std::string>> feature_pairs(const std::string& line) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t at = line.rfind("feature", 0) == 0 ? 7 : 0;
  while (at < line.size()) {
    at = line.find_first_not_of(' ', at);
    if (at == std::string::npos) break;
    const std::size_t eq = line.find('=', at), space = line.find(' ', at);
    if (eq == std::string::npos || eq > space) {  // a word without a value: skipped
      at = space;
      continue;
    }
    std::string key = line.substr(at, eq - at), value;
    if (eq + 1 < line.size() && line[eq + 1] == '"') {
      const std::size_t close = line.find('"', eq + 2);
      value = line.substr(eq + 2, close == std::string::npos ? std::string::npos : close - eq - 2);
      at = close == std::string::npos ? line.size() : close + 1;
    } else {
      const std::size_t end = line.find(' ', eq);
      value = line.substr(eq + 1, end == std::string::npos ? std::string::npos : end - eq - 1);
      at = end;
    }
    pairs.emplace_back(std::move(key), std::move(value));
  }
  return pairs;
}

bool move_in_line(const std::string& line, std::string& move) {
  std::size_t from = 0;
  if (line.rfind("move ", 0) == 0) {
    from = 5;
  } else if (line.rfind("My move is", 0) == 0) {  // the legacy form (GNU Chess); xboard accepts it too
    from = line.find(':');
    if (from == std::string::npos) return false;
    ++from;
  } else {
    return false;
  }
  std::istringstream is(line.substr(from));
  return bool(is >> move);
}

bool parse_xboard_thinking(const std::string& line, SearchReport& report) {
  std::istringstream is(line);
  int ply = 0, score = 0;
  long long time_cs = 0;
  unsigned long long nodes = 0;
  if (!(is >> ply >> score >> time_cs >> nodes)) return false;
  report.depth = ply;
  report.has_score = true;
  report.score_cp = std::clamp(score, -32000, 32000);  // xboard engines write mates as large numbers
  report.mate_in = 0;  // xboard has no common mate notation; the score stays as the engine gave it
  report.nodes = nodes;
  return true;
}

chess::Result<bool> XboardPlayer::start() {
  stderr_offset_ = 0;
  auto p = ChildProcess::start({config_.command, config_.args, config_.working_dir, stderr_path_, cpus_});
  if (!p) return chess::Error{"engine '" + config_.name + "': " + p.error()};
  process_ = std::move(p).value();
  watch(*process_);
  process_->write_line("xboard");
  process_->write_line("protover 2");
  CHESS_RETURN_IF_ERROR(negotiate_features());
  for (const auto& [name, value] : config_.options)
    CHESS_RETURN_IF_ERROR(send_setup_line(*process_, "option " + name + "=" + value));
  for (const std::string& s : config_.init_strings) CHESS_RETURN_IF_ERROR(send_setup_line(*process_, s));
  if (!ping(deadlines_.startup()))
    return chess::Error{"engine '" + config_.name + "' did not answer 'ping' within " + std::to_string(deadlines_.startup_ms) +
                        " ms (--startup-ms)"};
  return true;
}

chess::Result<bool> XboardPlayer::negotiate_features() {
  const auto begun = ChildProcess::Clock::now();
  auto deadline = begun + deadlines_.startup();
  // Nudges start after CECP's 2 s, or half the deadline when that is shorter, and end at done=0.
  const auto nudge_from = begun + std::min<std::chrono::milliseconds>(FEATURE_QUIET, deadlines_.startup() / 2);
  bool more_time = false;
  bool may_ask_again = true;  // until a feature line comes or 'protover 2' has been sent twice
  std::string line;
  while (true) {
    const auto now = ChildProcess::Clock::now();
    if (now >= deadline)
      return chess::Error{"engine '" + config_.name + "' did not finish its xboard features ('feature done=1') within " +
                          std::to_string(deadlines_.startup_ms) + " ms of 'protover 2' (--startup-ms)"};
    const bool nudging = !more_time && now >= nudge_from;
    const auto until = std::min(deadline, nudging ? now + NUDGE_EVERY : more_time ? deadline : nudge_from);
    // After done=0 the wait may last an hour: a first Ctrl-C ends it too.
    const ReadStatus status = process_->read_line(line, until, more_time ? Wait::UNTIL_ANY_STOP : Wait::UNTIL_ABORT);
    if (status == ReadStatus::ABORTED)
      return chess::Error{"stopped during the xboard handshake of engine '" + config_.name + "'"};
    if (status == ReadStatus::CLOSED) return chess::Error{"engine '" + config_.name + "' exited during the xboard handshake"};
    if (status == ReadStatus::OVERLONG)
      return chess::Error{"engine '" + config_.name + "' wrote an endless line during the xboard handshake"};
    if (status == ReadStatus::TIMEOUT) {
      if (nudging) process_->write_line("ping " + std::to_string(++ping_id_));
      continue;
    }
    // A pong before any feature line most likely means a lost 'protover 2' (GNU Chess 6 started
    // on a loaded machine): asked once more, as an engine still busy with the first answers no ping.
    if (may_ask_again && line.rfind("pong ", 0) == 0) {
      process_->write_line("protover 2");
      may_ask_again = false;
    }
    if (line.rfind("feature ", 0) != 0) continue;
    may_ask_again = false;
    const std::optional<bool> done = read_features(line);
    if (done == true) return true;
    if (done == false && !more_time) {
      more_time = true;
      deadline = std::max(deadline, now + FEATURE_DONE0_TIMEOUT);
    }
  }
}

bool XboardPlayer::ping(std::chrono::milliseconds timeout) {
  if (!feature_ping_) return process_->running();
  std::string expected = "pong " + std::to_string(++ping_id_);
  if (!process_->write_line("ping " + std::to_string(ping_id_))) return false;
  auto deadline = ChildProcess::Clock::now() + timeout;
  std::string line;
  while (process_->read_line(line, deadline) == ReadStatus::LINE) {
    if (line == expected) return true;
    // GNU Chess 6 sends its features only once it reads the command after 'protover 2'.
    if (line.rfind("feature ", 0) == 0) (void)read_features(line);
  }
  return false;
}

std::optional<bool> XboardPlayer::read_features(const std::string& line) {
  std::optional<bool> done;
  for (const auto& [key, value] : feature_pairs(line)) {
    const bool on = value == "1";
    if (key == "usermove") feature_usermove_ = on;
    if (key == "setboard") feature_setboard_ = on;
    if (key == "ping") feature_ping_ = on;
    if (key == "san") feature_san_ = on;
    if (key == "variants") feature_variants_ = value;
    if (key == "done") done = on;
  }
  return done;
}

std::string XboardPlayer::cannot_play(chess::Variant variant) const {
  if (variant == chess::Variant::STANDARD) return {};
  const std::string wanted(chess::variant_name(variant));
  std::istringstream list(feature_variants_);
  for (std::string v; std::getline(list, v, ',');)
    if (v == wanted) return {};
  return "engine '" + config_.name + "' does not list " + wanted + " in its xboard 'feature variants' (" +
         (feature_variants_.empty() ? std::string("none declared") : feature_variants_) + ")";
}

bool XboardPlayer::new_game(const TimeControl& tc, chess::Variant variant) {
  if (!process_) return false;
  variant_ = variant;
  process_->write_line("new");
  if (variant != chess::Variant::STANDARD) process_->write_line("variant " + std::string(chess::variant_name(variant)));
  process_->write_line("force");
  process_->write_line("post");
  // The harness never lets an xboard engine think on its opponent's time (nor between games, where
  // a pondering engine would take a core from the games beside it).
  process_->write_line("easy");
  switch (tc.kind) {
    case TimeControl::Kind::CLOCK: process_->write_line(level_command(tc)); break;
    case TimeControl::Kind::MOVETIME:
      process_->write_line("st " + std::to_string(std::max<std::int64_t>(1, tc.movetime_ms / 1000)));
      break;
    case TimeControl::Kind::DEPTH: process_->write_line("sd " + std::to_string(tc.depth)); break;
    case TimeControl::Kind::NODES: return false;  // rejected before the match starts
  }
  moves_sent_ = 0;
  position_sent_ = false;
  return ping(deadlines_.ucinewgame());
}

ThinkResult XboardPlayer::think(const ThinkRequest& request) {
  ThinkResult result;
  const chess::Game& game = *request.game;
  if (!process_) return result;
  if (!position_sent_) {
    std::string fen = game.start_position().fen();
    // A Chess960 game always gives its position: after 'variant' the engine's own start is not ours.
    if (fen != chess::START_FEN || variant_ != chess::Variant::STANDARD) process_->write_line("setboard " + fen);
    position_sent_ = true;
  }
  chess::Position pos = game.start_position();
  chess::Undo undo;
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    chess::Move m = game.moves()[i];
    if (i >= moves_sent_) {
      std::string text = feature_san_ ? chess::to_san(pos, m) : chess::to_xboard(m, variant_);
      process_->write_line(feature_usermove_ ? "usermove " + text : text);
    }
    pos.do_move(m, undo);
  }
  moves_sent_ = game.moves().size();
  if (request.tc.kind == TimeControl::Kind::CLOCK) {
    chess::Color us = pos.side_to_move();
    process_->write_line("time " + std::to_string(std::max<std::int64_t>(request.clock_ms[us] / 10, 1)));
    process_->write_line("otim " + std::to_string(std::max<std::int64_t>(request.clock_ms[~us] / 10, 1)));
  }
  auto start = ChildProcess::Clock::now();
  if (!process_->write_line("go")) return result;
  std::optional<LineMatches> matches;
  if (request.match_lines) matches.emplace(*request.match_lines);
  await_move(*process_, request, start, result, [&](const std::string& line) {
    if (matches) matches->line(line);
    if (line.rfind("resign", 0) == 0) {
      result.move = "resign";
      return true;
    }
    std::string move_text;
    if (!move_in_line(line, move_text)) {
      parse_xboard_thinking(line, result.report);  // result claims and other lines are ignored: the harness referees
      return false;
    }
    result.move = move_text;
    while (!result.move.empty() && result.move.back() == ' ') result.move.pop_back();
    // Engines answer in coordinates or in SAN whatever they declared (Phalanx castles as O-O);
    // xboard takes both, and so does the harness.
    if (chess::parse_uci(pos, result.move, variant_).is_none()) {
      auto m = chess::parse_san(pos, result.move);
      if (m) result.move = chess::to_uci(*m, variant_);
    }
    // Back to force mode; the engine's own move counts as sent.
    process_->write_line("force");
    moves_sent_ = game.moves().size() + 1;
    return true;
  });
  if (matches) result.matched_lines = matches->take();
  return result;
}

void XboardPlayer::stop() {
  if (!process_) return;
  process_->write_line("quit");
  process_->stop(QUIT_GRACE);
  process_.reset();
}

}  // namespace harness
