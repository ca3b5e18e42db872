#include "child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "process/child_spawn.h"
#include "process/stop_request.h"
#include "process/terminal_pause.h"
#include "text/control_characters.h"

namespace harness {

struct ChildProcess::Impl {
  pid_t pid = -1;
  int to_child = -1;    // the child's standard input, our end
  int from_child = -1;  // the child's standard output, our end
  std::string buffer;   // bytes read but not yet returned as lines
  bool closed = false;
  bool reaped = false;
  LineObserver observer;
  int exit_code = -1;  // once reaped: the code it exited with, -1 if a signal ended it
  long peak_kib = 0;   // once reaped: its peak resident memory (ru_maxrss)

  ~Impl() {
    if (to_child >= 0) ::close(to_child);
    if (from_child >= 0) ::close(from_child);
  }
  // Collects the child's status if it has ended (waiting for it when `block`); true once it has.
  // Whatever the child left running in its process group ends with it, however it ended: the
  // group is killed while the exited child, not yet reaped, still holds its id.
  bool reap(bool block) {
    if (reaped || pid <= 0) return true;
    siginfo_t info{};
    int r;
    do r = ::waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
    while (r < 0 && errno == EINTR);
    if (r == 0 && info.si_pid == 0) return false;
    ::kill(-pid, SIGKILL);
    int status = 0;
    rusage usage{};
    pid_t w;
    do w = ::wait4(pid, &status, 0, &usage);
    while (w < 0 && errno == EINTR);
    reaped = true;
    remove_paused_group(pid);
    exit_code = w == pid && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    peak_kib = w == pid ? usage.ru_maxrss : 0;
    return true;
  }
};

namespace {

void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// A line as the rest of the workbench sees it: one printable line of UTF-8. A tab reads as a
// space (as in a PGN tag); a NUL, another control byte or a byte that is not UTF-8 comes escaped
// (\x00), so no engine's text can cut a stored game or a PGN short, or put invalid text in a page.
void make_printable(std::string& line) {
  std::replace(line.begin(), line.end(), '\t', ' ');
  if (!is_printable_line(line)) line = escaped_controls(line);
}

// Takes one complete line out of `buffer`, if there is one.
bool take_line(std::string& buffer, std::string& line) {
  std::size_t nl = buffer.find('\n');
  if (nl == std::string::npos) return false;
  line.assign(buffer, 0, nl);
  buffer.erase(0, nl + 1);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  make_printable(line);
  return true;
}

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The program's path: as given when it names a folder, else the first match on PATH.
chess::Result<std::string> resolve_program(const std::string& command) {
  if (command.find('/') != std::string::npos) {
    if (::access(command.c_str(), F_OK) != 0) return chess::Error{"cannot start '" + command + "': no such file"};
    return command;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t from = 0; from <= dirs.size();) {
    std::size_t to = dirs.find(':', from);
    if (to == std::string::npos) to = dirs.size();
    std::string dir = dirs.substr(from, to - from);
    std::string candidate = (dir.empty() ? "." : dir) + "/" + command;
    if (is_executable_file(candidate)) return candidate;
    from = to + 1;
  }
  return chess::Error{"cannot start '" + command + "': not found on PATH"};
}

// A pipe whose both ends close on exec: an engine started by another thread at the same moment
// cannot inherit them (which would keep this engine from seeing the end of its input).
bool make_pipe(int fds[2]) { return ::pipe2(fds, O_CLOEXEC) == 0; }

}  // namespace

ChildProcess::ChildProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

ChildProcess::~ChildProcess() {
  if (impl_) stop(std::chrono::milliseconds(0));
}

chess::Result<std::unique_ptr<ChildProcess>> ChildProcess::start(const ProcessSpec& spec) {
  ignore_sigpipe();
  auto exe = resolve_program(spec.command);
  CHESS_RETURN_IF_ERROR(exe);
  if (!spec.working_dir.empty() && ::access(spec.working_dir.c_str(), X_OK) != 0)
    return chess::Error{"cannot start '" + spec.command + "': cannot enter its folder " + spec.working_dir};
  const std::string err_path = spec.stderr_path.empty() ? "/dev/null" : spec.stderr_path;
  // Appending, so that the reader can truncate a chatty engine's file while it keeps writing.
  int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (err_fd < 0) return chess::Error{"cannot start '" + spec.command + "': cannot open " + err_path + " for its standard error"};
  int in[2], out[2];
  if (!make_pipe(in)) {
    ::close(err_fd);
    return chess::Error{"cannot start '" + spec.command + "': " + std::strerror(errno)};
  }
  if (!make_pipe(out)) {
    for (int fd : {in[0], in[1], err_fd}) ::close(fd);
    return chess::Error{"cannot start '" + spec.command + "': " + std::strerror(errno)};
  }
  ChildSetup setup{*exe, {spec.command}, in[0], out[1], err_fd, spec.working_dir, spec.cpus};
  setup.argv.insert(setup.argv.end(), spec.args.begin(), spec.args.end());
  auto impl = std::make_unique<Impl>();
  impl->to_child = in[1];
  impl->from_child = out[0];
  const chess::Result<pid_t> spawned = spawn_child(setup);  // killed with the harness, however it ends
  for (int fd : {in[0], out[1], err_fd}) ::close(fd);
  if (!spawned) return chess::Error{"cannot start '" + spec.command + "': " + spawned.error()};
  impl->pid = *spawned;
  add_paused_group(impl->pid);
  return std::unique_ptr<ChildProcess>(new ChildProcess(std::move(impl)));
}

bool ChildProcess::write_line(const std::string& line) {
  // The last guard against a smuggled command: a newline (or any control character) would hand
  // the child the rest of the text as a line of its own, so such a line is not sent at all.
  if (has_control_character(line)) return false;
  std::string data = line + '\n';
  const char* p = data.data();
  std::size_t left = data.size();
  int fd = impl_->to_child;
  if (fd < 0) return false;
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= std::size_t(n);
  }
  if (impl_->observer) impl_->observer(LineDirection::TO_CHILD, line);
  return true;
}

void ChildProcess::observe_lines(LineObserver observer) { impl_->observer = std::move(observer); }

ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline, Wait wait) {
  const ReadStatus status = read_one(line, deadline, wait);
  if (status == ReadStatus::LINE && impl_->observer) impl_->observer(LineDirection::FROM_CHILD, line);
  return status;
}

ReadStatus ChildProcess::read_one(std::string& line, const Clock::time_point asked_deadline, Wait wait) {
  if (take_line(impl_->buffer, line)) return ReadStatus::LINE;
  if (impl_->closed) return ReadStatus::CLOSED;
  const int abort_fd = wait == Wait::UNTIL_ABORT ? abort_wake_fd() : wait == Wait::UNTIL_ANY_STOP ? stop_wake_fd() : -1;
  // A Ctrl-Z pause during the wait moves the deadline on by its length.
  const std::chrono::nanoseconds paused_before = paused_so_far();
  char chunk[4096];
  while (true) {
    const Clock::time_point deadline =
        asked_deadline + std::chrono::duration_cast<Clock::duration>(paused_so_far() - paused_before);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return ReadStatus::TIMEOUT;
    pollfd fds[2] = {{impl_->from_child, POLLIN, 0}, {abort_fd, POLLIN, 0}};
    // Rounded up: a wake-up a little before the deadline would only wait again.
    int ready = ::poll(fds, abort_fd >= 0 ? 2 : 1, int(std::min<long long>(left + 1, 1000000)));
    if (ready < 0 && errno == EINTR) continue;
    if (fds[1].revents & POLLIN) return ReadStatus::ABORTED;
    if (ready == 0) continue;  // the deadline is looked at again, moved on by a pause that ended the wait
    ssize_t n = ::read(impl_->from_child, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      impl_->closed = true;
      // A last line without a newline still counts.
      if (!impl_->buffer.empty()) {
        line.swap(impl_->buffer);
        impl_->buffer.clear();
        make_printable(line);
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

bool ChildProcess::running() { return !impl_->reap(false); }

void ChildProcess::close_input() {
  if (impl_->to_child >= 0) {
    ::close(impl_->to_child);
    impl_->to_child = -1;
  }
}

int ChildProcess::stop(std::chrono::milliseconds grace) {
  close_input();
  auto deadline = Clock::now() + grace;
  while (!impl_->reap(false) && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (!impl_->reap(false)) {
    ::kill(-impl_->pid, SIGKILL);  // the whole group: helpers the engine started go too
    ::kill(impl_->pid, SIGKILL);   // the child itself, should it have left the group
    impl_->reap(true);
    return -1;
  }
  return impl_->exit_code;
}

int ChildProcess::pid() const { return impl_->pid; }

long ChildProcess::peak_resident_kib() const { return impl_->reaped ? impl_->peak_kib : 0; }

}  // namespace harness
