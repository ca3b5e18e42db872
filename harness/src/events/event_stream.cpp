#include "events/event_stream.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>

#include "text/timestamp.h"

namespace harness {

chess::Result<std::unique_ptr<EventStream>> EventStream::open(const std::string& path) {
  if (path.empty()) return chess::Error{"--events: no file named (\"-\" is standard output)"};
  if (path == "-") return std::unique_ptr<EventStream>(new EventStream(STDOUT_FILENO, false, path));
  // O_NONBLOCK: a FIFO without a reader fails (ENXIO) instead of waiting for one forever.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0644);
  if (fd < 0) {
    const int e = errno;
    return chess::Error{"--events " + path + ": cannot open it for writing (" +
                        (e == ENXIO ? std::string("a FIFO with no reader") : std::strerror(e)) + ")"};
  }
  // From here a slow reader makes the writer wait: an event is never dropped for being early.
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
    const int e = errno;
    ::close(fd);
    return chess::Error{"--events " + path + ": " + std::strerror(e)};
  }
  return std::unique_ptr<EventStream>(new EventStream(fd, true, path));
}

EventStream::~EventStream() {
  if (owned_) ::close(fd_);
}

bool EventStream::write_all(const std::string& line) {
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n > 0) {
      done += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const int e = n < 0 ? errno : EIO;
    std::cerr << "harness: --events " << (path_ == "-" ? std::string("(standard output)") : path_) << ": "
              << std::strerror(e) << "; the run goes on without its events\n";
    return false;
  }
  return true;
}

void EventStream::write(EventKind kind, const nlohmann::ordered_json& fields) {
  nlohmann::ordered_json event;
  event["v"] = EVENTS_VERSION;
  event["event"] = event_name(kind);
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  event["time"] = utc_micros_text(std::chrono::duration_cast<std::chrono::microseconds>(now).count());
  for (const auto& [key, value] : fields.items()) event[key] = value;
  // A name or an engine line that is not UTF-8 is written with U+FFFD, never refused.
  const std::string line = event.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
  std::lock_guard<std::mutex> lock(mutex_);
  if (gone_) return;
  if (!write_all(line)) gone_ = true;
}

}  // namespace harness
