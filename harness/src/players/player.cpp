#include "player.h"

#include <fstream>

namespace harness {

void await_move(ChildProcess& process, const ThinkRequest& request, ChildProcess::Clock::time_point start, ThinkResult& result,
                const std::function<bool(const std::string&)>& on_line) {
  std::string line;
  while (true) {
    ReadStatus status = process.read_line(line, request.deadline);
    result.elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(ChildProcess::Clock::now() - start).count();
    if (status == ReadStatus::TIMEOUT) {
      result.status = ThinkStatus::TIMEOUT;
      return;
    }
    if (status == ReadStatus::CLOSED) {
      result.status = ThinkStatus::DISCONNECTED;
      return;
    }
    if (on_line(line)) {
      result.status = ThinkStatus::MOVE;
      return;
    }
  }
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
  return text;
}

}  // namespace harness
