#include "players/line_matches.h"

#include <algorithm>
#include <cstddef>
#include <iterator>

#include "process/stop_request.h"

namespace harness {

namespace {

// libstdc++'s polynomial mode (its extension) follows every path of the pattern at once instead
// of backtracking: (a+)+$ costs reads in proportion to the square of the line at worst, not 2^n.
#if defined(__GLIBCXX__)
constexpr std::regex::flag_type LINE_PATTERN_FLAGS =
    std::regex::ECMAScript | std::regex::optimize | std::regex_constants::__polynomial;
#else
constexpr std::regex::flag_type LINE_PATTERN_FLAGS = std::regex::ECMAScript | std::regex::optimize;
#endif

std::regex compiled_line_pattern(const std::string& pattern) {
  try {
    return std::regex(pattern, LINE_PATTERN_FLAGS);
  } catch (const std::regex_error& e) {
    // Only a back-reference needs the backtracking matcher: it keeps it, bounded by the reads.
    if (e.code() != std::regex_constants::error_complexity) throw;
    return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  }
}

// Thrown by a LineMatchReader whose reads are spent: the pattern gives up on that line.
struct LineMatchReadsSpent {};

// A line's characters as std::regex reads them, each read taken from a budget: the one way to
// bound a match, as std::regex can be given iterators but no deadline.
class LineMatchReader {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  LineMatchReader() = default;
  LineMatchReader(const char* at, std::uint64_t* reads) : at_(at), reads_(reads) {}
  reference operator*() const {
    if (*reads_ == 0) throw LineMatchReadsSpent{};
    --*reads_;
    return *at_;
  }
  pointer operator->() const { return &**this; }
  LineMatchReader& operator++() {
    ++at_;
    return *this;
  }
  LineMatchReader operator++(int) {
    LineMatchReader was = *this;
    ++at_;
    return was;
  }
  LineMatchReader& operator--() {
    --at_;
    return *this;
  }
  LineMatchReader operator--(int) {
    LineMatchReader was = *this;
    --at_;
    return was;
  }
  bool operator==(const LineMatchReader& other) const { return at_ == other.at_; }

 private:
  const char* at_ = nullptr;
  std::uint64_t* reads_ = nullptr;
};

// Whether `pattern` matches `line` within LINE_MATCH_READS reads and what is left of the move's
// `reads` (which it takes its reads from); a pattern that needs more counts as not matching.
bool line_matches_within(const std::string& line, const std::regex& pattern, std::uint64_t& reads) {
  std::uint64_t left = std::min(reads, LINE_MATCH_READS);
  const std::uint64_t given = left;
  bool matched = false;
  try {
    matched = std::regex_search(LineMatchReader(line.data(), &left), LineMatchReader(line.data() + line.size(), &left), pattern);
  } catch (const LineMatchReadsSpent&) {
    matched = false;
  }
  reads -= given - left;
  return matched;
}

}  // namespace

chess::Result<std::vector<std::regex>> compile_line_patterns(const std::vector<std::string>& patterns) {
  std::vector<std::regex> out;
  for (const std::string& p : patterns) {
    try {
      out.push_back(compiled_line_pattern(p));
    } catch (const std::regex_error& e) {  // the standard library's only report of a bad pattern
      return chess::Error{"'" + p + "' is not a regular expression: " + e.what()};
    }
  }
  return out;
}

void LineMatches::line(const std::string& text) {
  // libstdc++'s backtracking regex_search recurses once a character: a line of 100 KB would end the program.
  if (text.size() > MAX_MATCHED_LINE) return;
  if (kept_.size() < KEPT_LINES)
    kept_.push_back(text);
  else
    kept_[next_].assign(text);  // over the oldest line, in the memory it had
  next_ = (next_ + 1) % KEPT_LINES;
}

const std::string* LineMatches::newest_match(const std::regex& pattern, std::uint64_t& reads) const {
  const std::size_t count = kept_.size();
  for (std::size_t back = 1; back <= count && reads > 0; ++back) {
    if (stop_requested() == StopRequest::ABORT) return nullptr;
    const std::string& text = kept_[(next_ + count - back) % count];
    if (line_matches_within(text, pattern, reads)) return &text;
  }
  return nullptr;
}

std::vector<std::string> LineMatches::take() const {
  std::vector<std::string> out;
  for (const std::regex& pattern : patterns_) {
    std::uint64_t reads = MOVE_MATCH_READS;
    if (const std::string* found = newest_match(pattern, reads)) out.push_back(*found);
  }
  return out;
}

}  // namespace harness
