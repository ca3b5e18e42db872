// The words of fastchess's and cutechess-cli's command lines as both programs split them: an
// option ("-name", or "--name" read as "-name") and every word after it up to the next option;
// its key=value words; and numbers, booleans and paths read from them, each error naming the
// option.
#pragma once

#include <charconv>
#include <string>
#include <vector>

#include "core/result.h"
#include "settings/key_values.h"

namespace harness::frontend {

struct Flag {
  std::string name;
  std::vector<std::string> params;
};

// Every word after an option up to the next option is its parameter.
chess::Result<std::vector<Flag>> split_flags(const std::vector<std::string>& args);
// The option's words as key=value pairs (a UCI button's bare name is a key with no value).
chess::Result<std::vector<KeyValue>> key_values(const Flag& f);

template <typename T>
chess::Result<T> number(const std::string& where, const std::string& text) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return chess::Error{where + ": '" + text + "' is not a valid number"};
  return value;
}

// The option's one value as a number of at least 0, into `out`.
template <typename T>
chess::Result<bool> number_to(const Flag& f, T& out) {
  auto v = number<T>(f.name, f.params.at(0));
  CHESS_RETURN_IF_ERROR(v);
  if (*v < 0) return chess::Error{f.name + ": cannot be negative"};
  out = *v;
  return true;
}

chess::Result<bool> boolean(const std::string& where, const std::string& text);

// `value`, a path given after `at`, made absolute and normal; an empty one is an error naming
// `at` (std::filesystem::absolute throws on it, and on a working folder that was removed).
chess::Result<std::string> absolute_path(const std::string& at, const std::string& value);

std::string joined(const std::vector<std::string>& words, const std::string& separator = " ");

}  // namespace harness::frontend
