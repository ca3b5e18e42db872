// Git repositories that tests make: each commit writes its files (an engine wrapper, a build
// script) and is committed with a message, so that harness test and harness bisect build
// engines that differ on purpose from commit to commit.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

#include "process/command.h"

namespace {

inline std::string sh(const std::string& script) {
  auto r = harness::run_command("sh", {"-c", script}, std::chrono::seconds(120));
  if (!r || r->exit_code != 0) throw std::runtime_error("sh failed: " + script + "\n" + (r ? r->err : r.error()));
  return r->out;
}

class GitRepo {
 public:
  // A new repository in `dir` (anything there before is removed).
  explicit GitRepo(std::string dir) : dir_(std::move(dir)) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    sh("git init -q " + dir_);
  }
  // Writes the files and commits them; returns the commit id.
  std::string commit(const std::map<std::string, std::string>& files, const std::string& message) {
    for (const auto& [name, text] : files) std::ofstream(dir_ + "/" + name) << text;
    const std::string git = "git -C " + dir_ + " -c user.name=t -c user.email=t@example.org ";
    sh(git + "add -A && " + git + "commit -q --allow-empty -m '" + message + "'");
    return sha("HEAD");
  }
  std::string sha(const std::string& rev) const { return sh("git -C " + dir_ + " rev-parse " + rev).substr(0, 40); }
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

// A wrapper that runs `command` with the engine's arguments after it.
inline std::string wrapper(const std::string& command) { return "#!/bin/sh\nexec " + command + " \"$@\"\n"; }

}  // namespace
