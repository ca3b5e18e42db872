#include "player.h"

#include <filesystem>
#include <fstream>

#include "process/terminal_pause.h"
#include "text/control_characters.h"

namespace harness {

void await_move(ChildProcess& process, const ThinkRequest& request, ChildProcess::Clock::time_point start, ThinkResult& result,
                const std::function<bool(const std::string&)>& on_line) {
  std::string line;
  // A Ctrl-Z pause is no engine's time: the deadline moves on by it, and the move is not charged.
  const std::chrono::nanoseconds paused_before = paused_so_far();
  auto paused = [&] { return std::chrono::duration_cast<ChildProcess::Clock::duration>(paused_so_far() - paused_before); };
  while (true) {
    // One wait per line: it ends on the line, the deadline, the engine's exit or a stop at once.
    ReadStatus status = process.read_line(line, request.deadline + paused(), Wait::UNTIL_ABORT);
    // The move is charged from the moment its line arrived, before anything else is done with it.
    result.elapsed_us =
        std::chrono::duration_cast<std::chrono::microseconds>(ChildProcess::Clock::now() - start - paused()).count();
    result.elapsed_ms = result.elapsed_us / 1000;
    switch (status) {
      case ReadStatus::ABORTED: result.status = ThinkStatus::ABORTED; return;
      case ReadStatus::TIMEOUT: result.status = ThinkStatus::TIMEOUT; return;
      case ReadStatus::CLOSED: result.status = ThinkStatus::DISCONNECTED; return;
      case ReadStatus::OVERLONG: result.status = ThinkStatus::OVERLONG; return;
      case ReadStatus::LINE: break;
    }
    if (on_line(line)) {
      result.status = ThinkStatus::MOVE;
      return;
    }
  }
}

bool same_program(const EngineConfig& a, const EngineConfig& b) {
  return a.command == b.command && a.args == b.args && a.working_dir == b.working_dir && a.protocol == b.protocol &&
         a.init_strings == b.init_strings;
}

bool Player::reconfigure(const EngineConfig& next) {
  if (!same_program(config_, next) || config_.options != next.options) return false;
  config_ = next;  // its name and own limits too: a game reads them from the player
  return true;
}

chess::Result<bool> Player::send_setup_line(ChildProcess& process, const std::string& line) const {
  if (process.write_line(line) || !has_control_character(line)) return true;
  return chess::Error{"engine '" + escaped_controls(config_.name) + "': the line '" + escaped_controls(line) +
                      "' holds a control character and was not sent (an engine reads one command a line)"};
}

std::string Player::take_stderr() {
  if (stderr_path_.empty()) return {};
  std::ifstream in(stderr_path_, std::ios::binary);
  if (!in) return {};
  in.seekg(0, std::ios::end);
  std::size_t size = std::size_t(in.tellg());
  if (size <= stderr_offset_) return {};
  constexpr std::size_t LIMIT = 64 * 1024;  // keep the end of very chatty output
  std::size_t from = std::max(stderr_offset_, size > LIMIT ? size - LIMIT : 0);
  in.seekg(std::streamoff(from));
  std::string text(size - from, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  stderr_offset_ = size;
  if (!is_printable_line(text)) text = escaped_controls(text, true);  // stored, and shown in pages
  // The engine appends to the file: past the limit it starts again from empty, so an engine
  // that writes without pause cannot fill the disk.
  constexpr std::size_t FILE_LIMIT = 16 * 1024 * 1024;
  if (size > FILE_LIMIT) {
    std::error_code ec;
    std::filesystem::resize_file(stderr_path_, 0, ec);
    if (!ec) stderr_offset_ = 0;
  }
  return text;
}

}  // namespace harness
