// The harness's spec of this project's engine at a version, with a small hash (the test
// program defines ENGINE_PATH, the engine it was built with).
#pragma once

#include <string>

namespace testing_support {

inline std::string versioned_engine(const std::string& name, const std::string& version) {
  return "name=" + name + " cmd=" + ENGINE_PATH + " arg=--version arg=" + version + " option.Hash=4";
}

}  // namespace testing_support
