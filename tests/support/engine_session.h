// Talks to an engine binary over real pipes through the harness's process layer.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "process/child_process.h"

namespace testing_support {

class EngineSession {
 public:
  explicit EngineSession(const std::string& path, std::vector<std::string> args = {}) {
    auto started = harness::ChildProcess::start({path, std::move(args), "", ""});
    if (!started) throw std::runtime_error(started.error());
    process_ = std::move(started).value();
  }
  ~EngineSession() {
    if (process_) process_->stop(std::chrono::milliseconds(500));
  }

  void send(const std::string& line) { ASSERT_TRUE(process_->write_line(line)) << line; }

  // Reads lines until one satisfies `match` or the timeout passes; returns the matching line
  // ("" on timeout). Every line read is kept in transcript().
  std::string wait_for(const std::function<bool(const std::string&)>& match, std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string line;
    while (process_->read_line(line, deadline) == harness::ReadStatus::LINE) {
      transcript_.push_back(line);
      if (match(line)) return line;
    }
    return "";
  }
  std::string wait_for_prefix(const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    return wait_for([&](const std::string& l) { return l.rfind(prefix, 0) == 0; }, timeout);
  }
  const std::vector<std::string>& transcript() const { return transcript_; }
  void clear_transcript() { transcript_.clear(); }
  bool saw(const std::string& part) const {
    for (const std::string& l : transcript_)
      if (l.find(part) != std::string::npos) return true;
    return false;
  }
  harness::ChildProcess& process() { return *process_; }

 private:
  std::unique_ptr<harness::ChildProcess> process_;
  std::vector<std::string> transcript_;
};

}  // namespace testing_support
