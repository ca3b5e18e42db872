// Thread-safe line output: the protocol loop and the search thread both write to stdout.
#pragma once

#include <mutex>
#include <ostream>
#include <string>

namespace engine {

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}
  void line(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << text << '\n' << std::flush;
  }

 private:
  std::ostream& out_;
  std::mutex mutex_;
};

}  // namespace engine
