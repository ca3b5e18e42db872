#include "builds/engine_build.h"

#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
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

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string last_lines(const std::string& text, int count) {
  const std::vector<std::string> lines = lines_of(text);
  std::string out;
  for (std::size_t i = lines.size() > std::size_t(count) ? lines.size() - std::size_t(count) : 0; i < lines.size(); ++i)
    out += "\n  " + lines[i];
  return out.empty() ? "\n  (the build wrote nothing)" : out;
}

// The first line of a build's log that says "error" in any case (the compiler's or make's
// first complaint), and the log's tail.
std::string failure_excerpt(const std::string& log) {
  static const std::regex ERROR_WORD(R"(\berror\b)", std::regex::icase);
  std::string first;
  for (const std::string& line : lines_of(log))
    if (std::regex_search(line, ERROR_WORD)) {
      first = line;
      break;
    }
  return (first.empty() ? std::string() : "\n  first error: " + first) + "\n  the end of its log:" + last_lines(log, 12);
}

// Moves `from` to `to`, copying when they are on different file systems.
bool move_file(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (!ec) return true;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  return !ec;
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

// The command as it ran: the recipe with the binary's name filled in.
std::string ran_as(const BuildRecipe& recipe, const std::vector<std::string>& words) {
  std::string text;
  if (recipe.custom())
    text = words.back();  // sh -c LINE
  else
    for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return recipe.make_path.empty() ? text : text + " in " + recipe.make_path + "/";
}

bool executable(const std::string& path) { return ::access(path.c_str(), X_OK) == 0 && fs::is_regular_file(path); }

}  // namespace

std::string EngineBuilds::absolute_path(const std::string& dir) { return fs::absolute(dir).lexically_normal().string(); }

std::string EngineBuilds::cache_folder(const GitCommit& commit, const BuildRecipe& recipe) const {
  const std::string network = recipe.network.empty() ? "" : "\n" + file_checksum(recipe.network);
  return (fs::path(cache_dir_) / (commit.sha + "-" + fnv1a_hex(recipe.describe() + network))).string();
}

chess::Result<BuiltEngine> EngineBuilds::binary(const GitCommit& commit, const BuildRecipe& recipe) const {
  if (const SettingProblems p = recipe.problems(); !p.empty()) return chess::Error{p.describe(command_line_spelling)};
  const std::string folder = cache_folder(commit, recipe);
  BuiltEngine built{commit, recipe.describe(), (fs::path(folder) / "engine").string(), true, 0};
  if (executable(built.binary)) return built;
  std::error_code ec;
  remove_stale_builds(folder, commit.repo);
  const std::string building = folder + ".building-" + std::to_string(::getpid());
  fs::remove_all(building, ec);
  fs::create_directories(building, ec);
  if (ec) return chess::Error{"cannot create " + building + ": " + ec.message()};
  const auto start = std::chrono::steady_clock::now();
  if (auto done = build_into(commit, recipe, building); !done) {
    // The log outlives the folder: beside it, named by the folder, where the message says.
    const fs::path log = fs::path(building) / "build.log", kept = folder + ".failed.log";
    const bool logged = fs::exists(log, ec) && move_file(log, kept);
    fs::remove_all(building, ec);
    return chess::Error{done.error() + (logged ? "\n  the whole log: " + kept.string() : "")};
  }
  built.build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fs::rename(building, folder, ec);  // another process that built the same commit first keeps its folder
  if (ec) fs::remove_all(building, ec);
  built.cached = false;
  if (!executable(built.binary)) return chess::Error{"the built binary " + built.binary + " is missing"};
  return built;
}

chess::Result<bool> EngineBuilds::build_into(const GitCommit& commit, const BuildRecipe& recipe, const std::string& folder) const {
  const std::string tree = (fs::path(folder) / "worktree").string();
  const std::string who = "build of " + commit.short_sha() + " (" + commit.subject + ")";
  auto add = run_command("git", {"-C", commit.repo, "worktree", "add", "--detach", "--force", tree, commit.sha},
                         std::chrono::seconds(300));
  if (!add) return chess::Error{who + ": git: " + add.error()};
  if (add->exit_code != 0) return chess::Error{who + ": git worktree add failed:" + last_lines(add->err, 5)};
  const fs::path binary = fs::path(folder) / "engine";
  const fs::path make_dir = fs::path(tree) / recipe.make_path;
  // OpenBench's name: the repository's and the commit's ("Ethereal-1A2B3C4D" there, "Ethereal-1a2b3c4d" here).
  const std::string name = fs::path(commit.repo).filename().string() + "-" + commit.short_sha();
  std::vector<std::string> words = recipe.words(name, binary.string());
  const ProcessSpec spec{words.front(), std::vector<std::string>(words.begin() + 1, words.end()), make_dir.string(), ""};
  auto ran = fs::is_directory(make_dir) ? run_command(spec, timeout_)
                                        : chess::Result<CommandOutput>(chess::Error{"the commit has no folder '" + recipe.make_path +
                                                                                    "' (--make-path) to build in"});
  const bool moved = ran && ran->exit_code == 0 && !recipe.writes_to_cache() && move_file(make_dir / name, binary);
  (void)run_command("git", {"-C", commit.repo, "worktree", "remove", "--force", tree}, std::chrono::seconds(300));
  std::error_code ec;
  fs::remove_all(tree, ec);
  (void)run_command("git", {"-C", commit.repo, "worktree", "prune"}, std::chrono::seconds(60));
  if (!ran) return chess::Error{who + ": " + ran.error()};
  const std::string log = ran->out + ran->err;
  std::ofstream(fs::path(folder) / "build.log") << log;
  if (ran->interrupted) return chess::Error{who + ": interrupted"};
  if (ran->timed_out) return chess::Error{who + ": no end within " + std::to_string(timeout_.count()) + " s"};
  if (ran->exit_code != 0)
    return chess::Error{who + " failed (exit status " + std::to_string(ran->exit_code) + ", " + ran_as(recipe, words) + ")" +
                        failure_excerpt(log)};
  if (!recipe.writes_to_cache() && !moved)
    return chess::Error{who + ": the build succeeded but left no binary '" + name + "' in " +
                        (recipe.make_path.empty() ? "the repository's root" : recipe.make_path + "/") + " (" + recipe.describe() +
                        "); the end of its log:" + last_lines(log, 12)};
  if (!executable(binary.string()))
    return chess::Error{who + ": the build succeeded but wrote no executable at {out}; the end of its log:" + last_lines(log, 12)};
  return true;
}

}  // namespace harness
