// Words in messages: the article a run's kind takes, and counts with their plural.
#pragma once

#include <string>

namespace harness {

// "a match run", "an epd run", "a tuner-pbil run".
inline std::string a_run_of_kind(const std::string& kind) {
  const bool vowel = !kind.empty() && std::string("aeiou").find(kind[0]) != std::string::npos;
  return std::string(vowel ? "an " : "a ") + kind + " run";
}

// "1 run", "2 runs", "0 runs".
inline std::string plural(long long count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

}  // namespace harness
