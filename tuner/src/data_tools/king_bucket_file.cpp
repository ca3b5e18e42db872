#include "data_tools/king_bucket_file.h"

#include <charconv>
#include <vector>

#include "core/bounded_read.h"

namespace tuner {

namespace {

bool separator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '[' || c == ']'; }

}  // namespace

chess::Result<nnue::KingBucketMap> parse_king_bucket_text(std::string_view text) {
  std::vector<int> numbers;
  for (std::size_t at = 0; at < text.size();) {
    if (separator(text[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && !separator(text[end])) ++end;
    const std::string_view word = text.substr(at, end - at);
    int value = 0;
    const auto [stop, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    const std::string entry = "king-bucket map: entry " + std::to_string(numbers.size()) + " is '" + std::string(word.substr(0, 20));
    if (error == std::errc::result_out_of_range) return chess::Error{entry + "', not a bucket from 0 to 31"};
    if (error != std::errc() || stop != word.data() + word.size()) return chess::Error{entry + "', not a whole number"};
    numbers.push_back(value);
    at = end;
  }
  return nnue::parse_king_buckets(numbers);
}

chess::Result<nnue::KingBucketMap> read_king_bucket_file(const std::string& path) {
  auto text = chess::read_whole_file(path, "king-bucket map", 64 * 1024);
  CHESS_RETURN_IF_ERROR(text);
  auto map = parse_king_bucket_text(*text);
  if (!map) return chess::Error{path + ": " + map.error()};
  return map;
}

}  // namespace tuner
