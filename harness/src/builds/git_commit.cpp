#include "builds/git_commit.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "core/utf8.h"
#include "process/command.h"
#include "text/first_line.h"

namespace harness {

namespace {

using namespace std::chrono_literals;

chess::Result<CommandOutput> git(const std::string& repo, std::vector<std::string> args) {
  args.insert(args.begin(), {"-C", repo});
  auto r = run_command("git", args, 60s);
  if (!r) return chess::Error{"git: " + r.error()};
  return r;
}

}  // namespace

chess::Result<GitCommit> resolve_commit(const std::string& repo, const std::string& ref) {
  std::error_code ec;
  const std::string path = std::filesystem::absolute(repo, ec).lexically_normal().string();
  if (!std::filesystem::is_directory(path, ec)) return chess::Error{"--repo " + repo + ": no such directory"};
  auto top = git(path, {"rev-parse", "--show-toplevel"});
  CHESS_RETURN_IF_ERROR(top);
  if (top->exit_code != 0) return chess::Error{"--repo " + repo + ": not a git repository"};
  auto sha = git(path, {"rev-parse", "--verify", "--quiet", ref + "^{commit}"});
  CHESS_RETURN_IF_ERROR(sha);
  if (sha->exit_code != 0 || sha->out.size() < 40)
    return chess::Error{"ref '" + ref + "' names no commit in " + repo + " (see 'git -C " + repo + " log')"};
  GitCommit c{path, ref, first_line(sha->out), "", ""};
  auto message = git(path, {"log", "-1", "--format=%B", c.sha});
  CHESS_RETURN_IF_ERROR(message);
  // Git hands a commit without an "encoding" header over as it was written: an old Latin-1
  // message is read as Windows-1252 and converted, as PGN and EPD lines are.
  c.message = chess::is_utf8(message->out) ? message->out : chess::windows1252_to_utf8(message->out);
  c.subject = first_line(c.message);
  return c;
}

std::optional<std::uint64_t> bench_in_message(const std::string& message) {
  // OpenBench's rule: BENCH or NODES in any case, then spaces, colons or equals signs, then
  // digits with commas; the last match counts.
  static const std::regex bench(R"((?:BENCH|NODES)[ :=]+([0-9,]+))", std::regex::icase);
  std::optional<std::uint64_t> last;
  for (auto it = std::sregex_iterator(message.begin(), message.end(), bench); it != std::sregex_iterator(); ++it) {
    std::string digits = (*it)[1].str();
    digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
    if (digits.empty() || digits.size() > 19) continue;  // commas only, or more than a count can be
    last = std::stoull(digits);
  }
  return last;
}

chess::Result<std::vector<GitCommit>> commits_between(const std::string& repo, const GitCommit& good, const GitCommit& bad) {
  auto list = git(repo, {"rev-list", "--first-parent", "--reverse", good.sha + ".." + bad.sha});
  CHESS_RETURN_IF_ERROR(list);
  if (list->exit_code != 0) return chess::Error{"git rev-list " + good.short_sha() + ".." + bad.short_sha() + ": " + list->err};
  std::vector<GitCommit> out;
  std::istringstream lines(list->out);
  for (std::string sha; std::getline(lines, sha);) {
    auto c = resolve_commit(repo, sha);
    CHESS_RETURN_IF_ERROR(c);
    out.push_back(std::move(c.value()));
  }
  return out;
}

}  // namespace harness
