#include "slurm.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "process/command.h"
#include "text/first_line.h"
#include "text/trim.h"

namespace harness {

namespace {

using namespace std::chrono_literals;

// The first line of what a Slurm command wrote, or "no message".
std::string message_line(const std::string& text) {
  const std::string line = first_line(text);
  return line.empty() ? "no message" : line;
}

std::string comma_joined(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) out += (out.empty() ? "" : ",") + id;
  return out;
}

// The states squeue lists for a job that is not over: pending, running, ending and the rest.
constexpr const char* ACTIVE_STATES = "PD,R,CG,CF,S,RQ,RS,RF,SO";

}  // namespace

std::string job_name(const std::string& kind, const std::string& folder) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a: a digest that no library or build changes
  std::error_code ec;                         // the same folder by any path to it, symbolic links resolved as far as they exist
  const std::filesystem::path path = std::filesystem::weakly_canonical(std::filesystem::absolute(folder), ec);
  for (unsigned char c : (ec ? std::filesystem::absolute(folder).lexically_normal() : path).string())
    h = (h ^ c) * 1099511628211ull;
  char digest[17];
  std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(h));
  return "workbench-" + kind + "-" + digest;
}

chess::Result<std::vector<std::string>> active_jobs_named(const std::string& name) {
  auto r = run_command("squeue", {"-h", "--me", "-n", name, "-t", ACTIVE_STATES, "-o", "%F"}, 60s);
  if (!r) return chess::Error{"squeue cannot run: " + r.error()};
  if (r->exit_code != 0) return chess::Error{"squeue failed: " + message_line(r->err + r->out)};
  std::vector<std::string> ids;
  std::istringstream lines(r->out);
  for (std::string line; std::getline(lines, line);) {
    const std::string id(trim(line));
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) continue;
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  return ids;
}

std::string array_spec(std::vector<int> tasks) {
  std::sort(tasks.begin(), tasks.end());
  tasks.erase(std::unique(tasks.begin(), tasks.end()), tasks.end());
  std::string out;
  for (std::size_t i = 0; i < tasks.size();) {
    std::size_t j = i;
    while (j + 1 < tasks.size() && tasks[j + 1] == tasks[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(tasks[i]) + (j > i ? "-" + std::to_string(tasks[j]) : "");
    i = j + 1;
  }
  return out;
}

chess::Result<bool> slurm_reachable() {
  auto version = run_command("sbatch", {"--version"}, 30s);
  if (!version) return chess::Error{"Slurm is not installed here (" + version.error() + "); run on a Slurm login node"};
  auto info = run_command("sinfo", {"-h", "-o", "%P"}, 60s);
  if (!info) return chess::Error{"Slurm's sinfo cannot run: " + info.error()};
  if (info->exit_code != 0)
    return chess::Error{"Slurm does not answer (sinfo exited with " + std::to_string(info->exit_code) +
                        "): " + message_line(info->err + info->out)};
  return true;
}

chess::Result<std::string> submit_array(const std::string& script, const std::vector<int>& tasks) {
  auto r = run_command("sbatch", {"--parsable", "--array=" + array_spec(tasks), script}, 120s);
  if (!r) return chess::Error{"sbatch cannot run: " + r.error()};
  if (r->exit_code != 0)
    return chess::Error{"sbatch refused the job (exit " + std::to_string(r->exit_code) + "): " + message_line(r->err + r->out)};
  std::string id = std::string(trim(r->out.substr(0, r->out.find_first_of(";\n"))));
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    return chess::Error{"sbatch answered '" + message_line(r->out) + "' instead of a job id"};
  return id;
}

chess::Result<bool> cancel_jobs(const std::vector<std::string>& job_ids) {
  if (job_ids.empty()) return true;
  std::vector<std::string> args = job_ids;
  auto r = run_command("scancel", args, 120s);
  if (!r) return chess::Error{"scancel cannot run: " + r.error()};
  if (r->exit_code != 0) return chess::Error{"scancel failed: " + message_line(r->err + r->out)};
  return true;
}

chess::Result<std::vector<int>> active_tasks(const std::vector<std::string>& job_ids) {
  std::vector<int> tasks;
  if (job_ids.empty()) return tasks;
  auto r = run_command("squeue", {"-h", "-r", "-j", comma_joined(job_ids), "-t", ACTIVE_STATES, "-o", "%K"}, 60s);
  if (!r) return chess::Error{"squeue cannot run: " + r.error()};
  if (r->exit_code != 0) {
    // A job that ended long ago is forgotten by the controller: nothing of it is active.
    if ((r->err + r->out).find("Invalid job id") != std::string::npos) return tasks;
    return chess::Error{"squeue failed: " + message_line(r->err + r->out)};
  }
  std::istringstream lines(r->out);
  for (std::string line; std::getline(lines, line);) {
    line = std::string(trim(line));
    if (line.empty() || line.size() > 9 || line.find_first_not_of("0123456789") != std::string::npos) continue;
    tasks.push_back(std::stoi(line));
  }
  return tasks;
}

}  // namespace harness
