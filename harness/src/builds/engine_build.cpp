#include "builds/engine_build.h"

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engines/engine_config.h"
#include "process/command.h"

namespace fs = std::filesystem;

namespace harness {

namespace {

std::string fnv1a_hex(const std::string& text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

std::string last_lines(const std::string& text, int count) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::string out;
  for (std::size_t i = lines.size() > std::size_t(count) ? lines.size() - std::size_t(count) : 0; i < lines.size(); ++i)
    out += "\n  " + lines[i];
  return out.empty() ? "\n  (the build wrote nothing)" : out;
}

// The path quoted for sh: a folder with spaces or shell characters stays one word.
std::string shell_quoted(const std::string& path) {
  std::string out = "'";
  for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The build command with every {out} replaced by the binary's path, quoted.
std::string with_out(std::string build, const std::string& out) {
  const std::string quoted = shell_quoted(out);
  for (std::size_t at = build.find("{out}"); at != std::string::npos; at = build.find("{out}", at + quoted.size()))
    build.replace(at, 5, quoted);
  return build;
}

// Folders of builds of this commit whose process is gone (killed mid-build): removed, with the
// worktrees git still lists for them.
void remove_stale_builds(const std::string& folder, const std::string& repo) {
  std::error_code ec;
  const fs::path parent = fs::path(folder).parent_path();
  const std::string prefix = fs::path(folder).filename().string() + ".building-";
  bool removed = false;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && ::kill(pid_t(pid), 0) == 0) continue;  // still building
    fs::remove_all(entry.path(), ec);
    removed = true;
  }
  if (removed) (void)run_command("git", {"-C", repo, "worktree", "prune"}, std::chrono::seconds(60));
}

bool executable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0 && fs::is_regular_file(path); }

}  // namespace

std::string EngineBuilds::absolute_path(const std::string& dir) { return fs::absolute(dir).lexically_normal().string(); }

std::string EngineBuilds::cache_folder(const GitCommit& commit, const std::string& build) const {
  return (fs::path(cache_dir_) / (commit.sha + "-" + fnv1a_hex(build))).string();
}

chess::Result<BuiltEngine> EngineBuilds::binary(const GitCommit& commit, const std::string& build) const {
  if (build.find("{out}") == std::string::npos)
    return chess::Error{"--build \"" + build + "\" must name where the binary goes with {out} (e.g. " + DEFAULT_BUILD + ")"};
  const std::string folder = cache_folder(commit, build);
  BuiltEngine built{commit, build, (fs::path(folder) / "engine").string(), true, 0};
  if (executable(built.binary)) return built;
  std::error_code ec;
  remove_stale_builds(folder, commit.repo);
  const std::string building = folder + ".building-" + std::to_string(::getpid());
  fs::remove_all(building, ec);
  fs::create_directories(building, ec);
  if (ec) return chess::Error{"cannot create " + building + ": " + ec.message()};
  const auto start = std::chrono::steady_clock::now();
  if (auto done = build_into(commit, build, building); !done) {
    fs::remove_all(building, ec);
    return chess::Error{done.error()};
  }
  built.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fs::rename(building, folder, ec);  // another process that built the same commit first keeps its folder
  if (ec) fs::remove_all(building, ec);
  built.cached = false;
  if (!executable(built.binary)) return chess::Error{"the built binary " + built.binary + " is missing"};
  return built;
}

chess::Result<bool> EngineBuilds::build_into(const GitCommit& commit, const std::string& build, const std::string& folder) const {
  const std::string tree = (fs::path(folder) / "worktree").string();
  const std::string who = "build of " + commit.short_sha() + " (" + commit.subject + ")";
  auto add = run_command("git", {"-C", commit.repo, "worktree", "add", "--detach", "--force", tree, commit.sha},
                         std::chrono::seconds(300));
  if (!add) return chess::Error{who + ": git: " + add.error()};
  if (add->exit_code != 0) return chess::Error{who + ": git worktree add failed:" + last_lines(add->err, 5)};
  const std::string binary = (fs::path(folder) / "engine").string();
  auto ran = run_command(ProcessSpec{"sh", {"-c", with_out(build, binary)}, tree, ""}, timeout_);
  (void)run_command("git", {"-C", commit.repo, "worktree", "remove", "--force", tree}, std::chrono::seconds(300));
  std::error_code ec;
  fs::remove_all(tree, ec);
  (void)run_command("git", {"-C", commit.repo, "worktree", "prune"}, std::chrono::seconds(60));
  if (!ran) return chess::Error{who + ": " + ran.error()};
  std::ofstream(fs::path(folder) / "build.log") << ran->out << ran->err;
  if (ran->interrupted) return chess::Error{who + ": interrupted"};
  if (ran->timed_out) return chess::Error{who + ": no end within " + std::to_string(timeout_.count()) + " s"};
  if (ran->exit_code != 0)
    return chess::Error{who + " failed (exit status " + std::to_string(ran->exit_code) +
                        "); the end of its log:" + last_lines(ran->out + ran->err, 12)};
  if (!executable(binary))
    return chess::Error{who + ": the build succeeded but wrote no executable at {out}; the end of its log:" +
                        last_lines(ran->out + ran->err, 12)};
  return true;
}

}  // namespace harness
