#include "child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <cstdio>
#include <mutex>
#include <thread>

namespace bp = boost::process;

namespace harness {

struct ChildProcess::Impl {
  bp::pipe to_child;
  bp::pipe from_child;
  bp::child child;
  std::string buffer;  // bytes read but not yet returned as lines
  bool closed = false;
};

namespace {

void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Takes one complete line out of `buffer`, if there is one.
bool take_line(std::string& buffer, std::string& line) {
  std::size_t nl = buffer.find('\n');
  if (nl == std::string::npos) return false;
  line.assign(buffer, 0, nl);
  buffer.erase(0, nl + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace

ChildProcess::ChildProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

ChildProcess::~ChildProcess() {
  if (impl_) stop(std::chrono::milliseconds(0));
}

chess::Result<std::unique_ptr<ChildProcess>> ChildProcess::start(const ProcessSpec& spec) {
  ignore_sigpipe();
  // Boost creates the pipes without close-on-exec: while one thread starts an engine, another
  // must not fork, or its engine inherits this one's pipe ends and neither sees end of input
  // when the harness dies.
  static std::mutex spawn_mutex;
  std::lock_guard<std::mutex> spawn_lock(spawn_mutex);
  auto impl = std::make_unique<Impl>();
  std::error_code ec;
  boost::filesystem::path exe = spec.command;
  if (spec.command.find('/') == std::string::npos) {
    exe = bp::search_path(spec.command);
    if (exe.empty()) return chess::Error{"cannot start '" + spec.command + "': not found on PATH"};
  }
  if (!boost::filesystem::exists(exe)) return chess::Error{"cannot start '" + spec.command + "': no such file"};
  const std::string err_path = spec.stderr_path.empty() ? "/dev/null" : spec.stderr_path;
  // Appending, so that the reader can truncate a chatty engine's file while it keeps writing.
  int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (err_fd < 0) return chess::Error{"cannot start '" + spec.command + "': cannot open " + err_path + " for its standard error"};
  FILE* err_file = ::fdopen(err_fd, "a");
  // In the child, before exec: a process group of its own, and the default dispositions of the
  // signals the harness handles or ignores (an ignored SIGINT would otherwise be inherited).
  auto own_group = bp::extend::on_exec_setup([](auto&) {
    ::setpgid(0, 0);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGPIPE, SIG_DFL);
    ::signal(SIGXFSZ, SIG_DFL);
  });
  const std::string dir = spec.working_dir.empty() ? "." : spec.working_dir;
  impl->child = bp::child(bp::exe = exe, bp::args = spec.args, bp::start_dir = dir,
                          bp::std_in<impl->to_child, bp::std_out> impl->from_child, bp::std_err > err_file, own_group, ec);
  std::fclose(err_file);
  if (ec) return chess::Error{"cannot start '" + spec.command + "': " + ec.message()};
  // Boost closed the child's ends here; keep ours from leaking into engines started later.
  ::fcntl(impl->to_child.native_sink(), F_SETFD, FD_CLOEXEC);
  ::fcntl(impl->from_child.native_source(), F_SETFD, FD_CLOEXEC);
  return std::unique_ptr<ChildProcess>(new ChildProcess(std::move(impl)));
}

bool ChildProcess::write_line(const std::string& line) {
  std::string data = line + '\n';
  const char* p = data.data();
  std::size_t left = data.size();
  int fd = impl_->to_child.native_sink();
  if (fd < 0) return false;
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= std::size_t(n);
  }
  return true;
}

ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  if (take_line(impl_->buffer, line)) return ReadStatus::LINE;
  if (impl_->closed) return ReadStatus::CLOSED;
  int fd = impl_->from_child.native_source();
  char chunk[4096];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return ReadStatus::TIMEOUT;
    pollfd pfd{fd, POLLIN, 0};
    int ready = ::poll(&pfd, 1, int(std::min<long long>(left, 1000000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      if (Clock::now() >= deadline) return ReadStatus::TIMEOUT;
      continue;
    }
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      impl_->closed = true;
      // A last line without a newline still counts.
      if (!impl_->buffer.empty()) {
        line.swap(impl_->buffer);
        impl_->buffer.clear();
        return ReadStatus::LINE;
      }
      return ReadStatus::CLOSED;
    }
    impl_->buffer.append(chunk, std::size_t(n));
    if (take_line(impl_->buffer, line)) return ReadStatus::LINE;
    if (impl_->buffer.size() > MAX_LINE) {
      impl_->buffer.clear();
      return ReadStatus::OVERLONG;
    }
  }
}

bool ChildProcess::running() {
  std::error_code ec;
  return impl_->child.running(ec);
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  std::error_code ec;
  impl_->to_child.close();
  auto deadline = Clock::now() + grace;
  while (impl_->child.running(ec) && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (impl_->child.running(ec)) {
    ::kill(-impl_->child.id(), SIGKILL);  // the whole group: helpers the engine started go too
    impl_->child.terminate(ec);           // SIGKILL to the child itself, should it have left the group
    impl_->child.wait(ec);
    return -1;
  }
  impl_->child.wait(ec);
  return ec ? -1 : impl_->child.exit_code();
}

int ChildProcess::pid() const { return impl_->child.id(); }

}  // namespace harness
