#include "events/event_stream.h"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <iostream>

#include "process/stop_request.h"
#include "text/timestamp.h"

namespace harness {

chess::Result<std::unique_ptr<EventStream>> EventStream::open(const std::string& path, std::chrono::milliseconds patience) {
  if (path.empty()) return chess::Error{"--events: no file named (\"-\" is standard output)"};
  if (path == "-") return std::unique_ptr<EventStream>(new EventStream(STDOUT_FILENO, false, path, patience));
  // O_NONBLOCK: a FIFO without a reader fails (ENXIO) instead of waiting for one forever, and
  // a full FIFO fails a write (EAGAIN) instead of blocking it: write_all waits with a deadline.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd < 0) {
    const int e = errno;
    return chess::Error{"--events " + path + ": cannot open it for writing (" +
                        (e == ENXIO ? std::string("a FIFO with no reader") : std::strerror(e)) + ")"};
  }
  return std::unique_ptr<EventStream>(new EventStream(fd, true, path, patience));
}

EventStream::~EventStream() {
  if (owned_) ::close(fd_);
}

std::string EventStream::wait_for_reader(std::chrono::steady_clock::time_point since) const {
  while (true) {
    // Once a stop is requested, its wake-up descriptor stays readable: it is left out then.
    const bool stopping = stop_requested() != StopRequest::NONE;
    const std::chrono::milliseconds patience = stopping ? std::min(patience_, STOP_PATIENCE) : patience_;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(since + patience - std::chrono::steady_clock::now());
    pollfd fds[2] = {{fd_, POLLOUT, 0}, {stop_wake_fd(), POLLIN, 0}};
    const nfds_t watched = stopping || fds[1].fd < 0 ? nfds_t{1} : nfds_t{2};
    const int ready = ::poll(fds, watched, int(std::max<std::int64_t>(0, left.count())));
    if (ready > 0 && fds[0].revents != 0) return "";  // room, or an error that the write reports
    if (ready < 0 && errno != EINTR) return std::string("cannot wait for it (") + std::strerror(errno) + ")";
    if (ready != 0) continue;  // a signal, or a stop request: the patience is measured again
    if (stopping) return "its reader was taking nothing when the run was asked to stop";
    const std::int64_t ms = patience_.count();
    return "its reader took nothing for " + (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms");
  }
}

void EventStream::give_up(const std::string& why) {
  std::cerr << "harness: --events " << (path_ == "-" ? std::string("(standard output)") : path_) << ": " << why
            << "; the run goes on without its events (the games stored meanwhile keep their game_end for a resume of the run)\n";
  gone_ = true;
}

// Pieces of at most PIPE_BUF bytes, each written when poll says there is room: a pipe takes
// such a piece whole or not at all, so that no write blocks, even on a descriptor that blocks
// (standard output, shared with other processes, keeps its flags).
bool EventStream::write_all(const std::string& text) {
  std::size_t done = 0;
  auto since = std::chrono::steady_clock::now();
  while (done < text.size()) {
    if (const std::string why = wait_for_reader(since); !why.empty()) {
      give_up(why);
      return false;
    }
    const std::size_t piece = std::min<std::size_t>(text.size() - done, PIPE_BUF);
    const ssize_t n = ::write(fd_, text.data() + done, piece);
    if (n > 0) {
      done += std::size_t(n);
      since = std::chrono::steady_clock::now();
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
      give_up(std::strerror(n < 0 ? errno : EIO));
      return false;
    }
  }
  return true;
}

std::string EventStream::line(EventKind kind, const nlohmann::ordered_json& fields) {
  nlohmann::ordered_json event;
  event["v"] = EVENTS_VERSION;
  event["event"] = event_name(kind);
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  event["time"] = utc_micros_text(std::chrono::duration_cast<std::chrono::microseconds>(now).count());
  for (const auto& [key, value] : fields.items()) event[key] = value;
  // A name or an engine line that is not UTF-8 is written with U+FFFD, never refused.
  return event.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

bool EventStream::write_line(const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  return !gone_ && write_all(text);
}

}  // namespace harness
