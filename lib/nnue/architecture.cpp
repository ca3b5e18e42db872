#include "architecture.h"

#include <algorithm>
#include <charconv>

namespace nnue {

namespace {

// The spec read from left to right; each step names the part it expected when it fails.
class SpecReader {
 public:
  explicit SpecReader(std::string_view spec) : spec_(spec) {}

  bool take(std::string_view literal) {
    if (spec_.substr(at_, literal.size()) != literal) return false;
    at_ += literal.size();
    return true;
  }
  // A decimal number of at most 6 digits; -1 when none is there.
  int number() {
    int value = 0;
    const char* first = spec_.data() + at_;
    const std::size_t digits = std::min<std::size_t>(spec_.size() - at_, 6);
    auto [end, ec] = std::from_chars(first, first + digits, value);
    if (ec != std::errc() || end == first) return -1;
    at_ += std::size_t(end - first);
    return value;
  }
  bool at_end() const { return at_ == spec_.size(); }
  std::string rest() const { return std::string(spec_.substr(at_)); }
  chess::Error error(const std::string& what) const {
    return chess::Error{"architecture '" + std::string(spec_) + "': " + what + (at_end() ? " at its end" : ", not '" + rest() + "'")};
  }

 private:
  std::string_view spec_;
  std::size_t at_ = 0;
};

// K, or 0 for Chess768's inputs (no king buckets).
chess::Result<int> read_king_buckets(SpecReader& r) {
  if (!r.take("x")) return 0;
  const int k = r.number();
  if (k < 1 || k > KING_MAP_ENTRIES) return r.error("'768xK' takes a number of king buckets K from 1 to 32");
  if (!r.take("hm")) return r.error("'768xK' is followed by 'hm' (horizontally mirrored king buckets)");
  return k;
}

chess::Result<int> read_hidden(SpecReader& r) {
  if (!r.take("->")) return r.error("expected '->N' after the inputs");
  const int n = r.number();
  if (n < MIN_HIDDEN || n > MAX_HIDDEN || n % HIDDEN_STEP != 0)
    return r.error("the hidden size N must be a multiple of 16 from 16 to 2048 (got " + std::to_string(n) + ")");
  if (!r.take(")x2")) return r.error("expected ')x2' after the hidden size");
  return n;
}

chess::Result<OutputLayer> read_output(SpecReader& r) {
  if (!r.take("->")) return r.error("expected '->' and an output after ')x2'");
  if (r.take("pairwise->(16->32->1)x8")) return OutputLayer::LAYER_STACK;
  if (r.take("pairwise")) return r.error("the layer stack is written 'pairwise->(16->32->1)x8'");
  if (!r.take("1")) return r.error("expected the output '1', '1x8' or 'pairwise->(16->32->1)x8'");
  if (r.at_end()) return OutputLayer::SINGLE;
  if (!r.take("x")) return r.error("expected 'x8' (output buckets) after the output '1'");
  const int buckets = r.number();
  if (buckets != OUTPUT_BUCKETS) return r.error("output buckets are 'x8' (by material, as bullet's MaterialCount<8>)");
  return OutputLayer::MATERIAL_BUCKETS;
}

// The combinations the grammar allows: king buckets come with output buckets or the stack.
chess::Result<bool> check_combination(const Architecture& a, std::string_view spec) {
  const std::string name = "architecture '" + std::string(spec) + "': ";
  if (a.inputs == InputSet::KING_BUCKETS_MIRRORED && a.output == OutputLayer::SINGLE)
    return chess::Error{name + "king buckets take output buckets: write '->1x8'"};
  if (a.inputs == InputSet::CHESS768 && a.output == OutputLayer::LAYER_STACK)
    return chess::Error{name + "the layer stack takes king buckets: write '(768xKhm->N)'"};
  return true;
}

chess::Result<KingBucketMap> map_for(const std::string& spec, int k, const std::vector<int>& numbers) {
  const std::string name = "architecture '" + spec + "': ";
  if (numbers.empty()) {
    if (k != bucket_count(DEFAULT_KING_BUCKETS))
      return chess::Error{name + "768x" + std::to_string(k) + "hm: the default king-bucket map has " +
                          std::to_string(bucket_count(DEFAULT_KING_BUCKETS)) + " buckets; give a map of " + std::to_string(k) +
                          " (buckets)"};
    return DEFAULT_KING_BUCKETS;
  }
  auto map = parse_king_buckets(numbers);
  CHESS_RETURN_IF_ERROR(map);
  if (bucket_count(*map) != k)
    return chess::Error{name + "768x" + std::to_string(k) + "hm: the king-bucket map has " + std::to_string(bucket_count(*map)) +
                        " buckets"};
  return map;
}

}  // namespace

int bucket_count(const KingBucketMap& map) { return int(*std::max_element(map.begin(), map.end())) + 1; }

chess::Result<KingBucketMap> parse_king_buckets(const std::vector<int>& numbers) {
  if (numbers.size() != std::size_t(KING_MAP_ENTRIES))
    return chess::Error{"king-bucket map: 32 numbers (files a-d of each rank), got " + std::to_string(numbers.size())};
  KingBucketMap map{};
  std::array<bool, KING_MAP_ENTRIES> used{};
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (numbers[i] < 0 || numbers[i] >= KING_MAP_ENTRIES)
      return chess::Error{"king-bucket map: entry " + std::to_string(i) + " is " + std::to_string(numbers[i]) +
                          ", not a bucket from 0 to 31"};
    map[i] = std::uint8_t(numbers[i]);
    used[std::size_t(numbers[i])] = true;
  }
  for (int b = 0; b < bucket_count(map); ++b)
    if (!used[std::size_t(b)])
      return chess::Error{"king-bucket map: bucket " + std::to_string(b) + " is never used (buckets are numbered from 0 without gaps)"};
  return map;
}

Architecture simple_architecture(int hidden) {
  Architecture a;
  a.hidden = hidden;
  return a;
}

chess::Result<Architecture> parse_architecture(std::string_view spec, const std::vector<int>& map) {
  SpecReader r(spec);
  if (!r.take("(768")) return r.error("an architecture starts '(768'");
  auto k = read_king_buckets(r);
  CHESS_RETURN_IF_ERROR(k);
  auto hidden = read_hidden(r);
  CHESS_RETURN_IF_ERROR(hidden);
  auto output = read_output(r);
  CHESS_RETURN_IF_ERROR(output);
  if (!r.at_end()) return r.error("nothing may follow the output");
  Architecture a;
  a.hidden = *hidden;
  a.output = *output;
  if (*k > 0) a.inputs = InputSet::KING_BUCKETS_MIRRORED;
  CHESS_RETURN_IF_ERROR(check_combination(a, spec));
  if (a.inputs == InputSet::KING_BUCKETS_MIRRORED) {
    auto buckets = map_for(std::string(spec), *k, map);
    CHESS_RETURN_IF_ERROR(buckets);
    a.king_buckets = *buckets;
    a.king_bucket_count = *k;
  } else if (!map.empty()) {
    return chess::Error{"architecture '" + std::string(spec) + "': a king-bucket map is given, but the inputs have no king buckets"};
  }
  return a;
}

std::string Architecture::spec() const {
  std::string s = "(768";
  if (inputs == InputSet::KING_BUCKETS_MIRRORED) s += "x" + std::to_string(king_bucket_count) + "hm";
  s += "->" + std::to_string(hidden) + ")x2->";
  switch (output) {
    case OutputLayer::SINGLE: return s + "1";
    case OutputLayer::MATERIAL_BUCKETS: return s + "1x8";
    case OutputLayer::LAYER_STACK: return s + "pairwise->(16->32->1)x8";
  }
  return s;
}

}  // namespace nnue
