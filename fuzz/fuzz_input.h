// Helpers shared by the fuzz targets: the input as text, and as a temporary file for parsers
// that read files (opening books, the engine registry).
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace fuzz {

inline std::string text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Writes the input to a file of this process that the next call overwrites; returns its path.
inline std::string as_file(const std::string& content, const char* suffix) {
  static std::string path;
  if (path.empty()) path = "/tmp/workbench-fuzz-" + std::to_string(::getpid());
  std::string file = path + suffix;
  if (FILE* f = std::fopen(file.c_str(), "wb")) {
    std::fwrite(content.data(), 1, content.size(), f);
    std::fclose(f);
  }
  return file;
}

// Aborts so that libFuzzer reports the input: a property that must hold did not.
#define FUZZ_CHECK(condition)                                                                  \
  do {                                                                                         \
    if (!(condition)) {                                                                        \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__); \
      __builtin_trap();                                                                        \
    }                                                                                          \
  } while (0)

}  // namespace fuzz
