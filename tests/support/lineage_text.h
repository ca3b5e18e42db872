// A loop's lineage as `tuner show` prints it, without what differs between two runs of the same
// loop: each step's time and machine share, the training's seconds, and the workspace's path.
#pragma once

#include <regex>
#include <string>

namespace {

inline std::string lineage_without_times(std::string text, const std::string& dir) {
  for (std::size_t at; (at = text.find(dir)) != std::string::npos;) text.erase(at, dir.size());
  text = std::regex_replace(text, std::regex(R"( \[[0-9.]+ s; engines [^\]]*\])"), "");
  text = std::regex_replace(text, std::regex(R"(, [0-9.]+ s; )"), "; ");  // the training's seconds
  return text.substr(text.find('\n') + 1);  // without the header's start time
}

}  // namespace
