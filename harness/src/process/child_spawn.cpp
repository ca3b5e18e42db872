#include "process/child_spawn.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>

#include "process/cpu_affinity.h"

extern char** environ;

namespace harness {

namespace {

// One thread, started by the first spawn and never ended, forks every child (see the header).
class SpawnerThread {
 public:
  static SpawnerThread& instance() {
    static SpawnerThread* const spawner = new SpawnerThread;  // never destroyed: it runs until the process ends
    return *spawner;
  }
  // Runs `work` on the spawner thread, returning once it has run.
  void run(const std::function<void()>& work) {
    const std::lock_guard<std::mutex> one_caller_at_a_time(callers_);
    std::unique_lock<std::mutex> lock(mutex_);
    work_ = &work;
    wake_.notify_one();
    done_.wait(lock, [this] { return work_ == nullptr; });
  }

 private:
  SpawnerThread() {
    std::thread([this] { serve(); }).detach();
  }
  void serve() {
    // The harness's signal handlers run on other threads, and a child starts with every signal
    // blocked until it has put their actions back to the defaults.
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);
    std::unique_lock<std::mutex> lock(mutex_);
    while (true) {
      wake_.wait(lock, [this] { return work_ != nullptr; });
      (*work_)();
      work_ = nullptr;
      done_.notify_all();
    }
  }
  std::mutex callers_, mutex_;
  std::condition_variable wake_, done_;
  const std::function<void()>* work_ = nullptr;
};

// What failed in the child before its program ran, sent back through a pipe that the exec closes.
enum class SpawnStep : int { PARENT_GONE, SETUP, FOLDER, EXEC };
struct SpawnFailure {
  int step = 0;
  int error = 0;
};

// `fd` as descriptor `target` (a descriptor already there is kept open across the exec).
bool onto_descriptor(int fd, int target) {
  if (fd == target) return ::fcntl(fd, F_SETFD, 0) == 0;
  return ::dup2(fd, target) == target;
}

// The child, between fork and exec: async-signal-safe calls only, as another thread of the
// harness may have held a lock when it forked.
[[noreturn]] void become_program(const ChildSetup& s, char* const* argv, pid_t parent, int report) {
  auto fail_at = [report](SpawnStep step) {
    const SpawnFailure failure{int(step), errno};
    (void)!::write(report, &failure, sizeof failure);
    ::_exit(127);
  };
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail_at(SpawnStep::SETUP);
  if (::getppid() != parent) fail_at(SpawnStep::PARENT_GONE);  // it died before the prctl: no signal would come
  if (::setpgid(0, 0) != 0) fail_at(SpawnStep::SETUP);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGPIPE, SIGXFSZ}) ::sigaction(sig, &default_action, nullptr);
  if (!onto_descriptor(s.in, STDIN_FILENO) || !onto_descriptor(s.out, STDOUT_FILENO) || !onto_descriptor(s.err, STDERR_FILENO))
    fail_at(SpawnStep::SETUP);
  if (!s.working_dir.empty() && ::chdir(s.working_dir.c_str()) != 0) fail_at(SpawnStep::FOLDER);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::execve(s.program.c_str(), argv, environ);
  fail_at(SpawnStep::EXEC);
  ::_exit(127);  // not reached: fail_at does not return
}

std::string spawn_failure_text(const SpawnFailure& failure) {
  const std::string why = std::strerror(failure.error);
  switch (SpawnStep(failure.step)) {
    case SpawnStep::PARENT_GONE: return "the harness ended as it started";
    case SpawnStep::SETUP: return why;
    case SpawnStep::FOLDER: return "cannot enter its folder (" + why + ")";
    case SpawnStep::EXEC: return why;
  }
  return why;
}

// On the spawner thread: the fork, and the child's report of a failure before its program ran
// (the pipe closes without a word when the exec succeeds).
chess::Result<pid_t> fork_child(const ChildSetup& s) {
  std::vector<std::string> args = s.argv;
  std::vector<char*> argv;  // made before the fork: the child may not allocate
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return chess::Error{std::strerror(errno)};
  const PinnedThread pinned(s.cpus);  // the child inherits the mask from its first instruction on
  if (!pinned.ok()) {
    const int error = errno;
    for (int fd : report) ::close(fd);
    return chess::Error{std::string("cannot run on its CPUs (") + std::strerror(error) + ")"};
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid == 0) become_program(s, argv.data(), parent, report[1]);
  const int fork_error = errno;
  ::close(report[1]);
  if (pid < 0) {
    ::close(report[0]);
    return chess::Error{std::strerror(fork_error)};
  }
  SpawnFailure failure;
  ssize_t n;
  do n = ::read(report[0], &failure, sizeof failure);
  while (n < 0 && errno == EINTR);
  ::close(report[0]);
  if (n <= 0) return pid;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return chess::Error{spawn_failure_text(failure)};
}

}  // namespace

chess::Result<pid_t> spawn_child(const ChildSetup& setup) {
  chess::Result<pid_t> result = chess::Error{"not started"};
  SpawnerThread::instance().run([&] { result = fork_child(setup); });
  return result;
}

}  // namespace harness
