#include "network.h"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "core/bounded_read.h"
#include "file_layout.h"

namespace nnue {

namespace {

constexpr std::size_t MAX_NETWORK_FILE = file_bytes(MAX_HIDDEN);  // the simple network's largest
// bullet pads its files with this text repeated; the engine accepts any padding.
constexpr std::string_view PADDING = "bullet";

class LittleEndianReader {
 public:
  explicit LittleEndianReader(std::string_view bytes) : bytes_(bytes) {}
  std::uint32_t bits(int bytes) {
    std::uint32_t v = 0;
    for (int b = 0; b < bytes; ++b) v |= std::uint32_t(std::uint8_t(bytes_[at_ + std::size_t(b)])) << (8 * b);
    at_ += std::size_t(bytes);
    return v;
  }
  std::int16_t next() { return std::int16_t(std::uint16_t(bits(2))); }
  std::int8_t next_i8() { return std::int8_t(std::uint8_t(bits(1))); }
  float next_f32() { return std::bit_cast<float>(bits(4)); }
  // `count` values into `out`, leaving the padding of each row (past `count`) as it is.
  void fill(std::int16_t* out, int count) {
    for (int i = 0; i < count; ++i) out[i] = next();
  }
  void fill_f32(std::vector<float>& out) {
    for (float& v : out) v = next_f32();
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

void put(std::string& out, std::int16_t v) {
  const auto u = std::uint16_t(v);
  out.push_back(char(u & 0xFF));
  out.push_back(char(u >> 8));
}

void put_f32(std::string& out, float v) {
  const auto u = std::bit_cast<std::uint32_t>(v);
  for (int b = 0; b < 4; ++b) out.push_back(char((u >> (8 * b)) & 0xFF));
}

// The stack's tensors after l0b, read into `stack` (sized by zero_network); an error names a
// float tensor with a value that is not a finite number.
chess::Result<bool> read_stack(LittleEndianReader& in, LayerStack& stack, int hidden, const std::string& name) {
  for (int b = 0; b < OUTPUT_BUCKETS; ++b)
    for (int j = 0; j < STACK_HIDDEN_1; ++j)
      for (int i = 0; i < hidden; ++i) stack.l1(b, j, i) = in.next_i8();
  const std::pair<const char*, std::vector<float>*> floats[] = {
      {"l1b", &stack.l1b}, {"l2w", &stack.l2w}, {"l2b", &stack.l2b}, {"l3w", &stack.l3w}, {"l3b", &stack.l3b}};
  for (const auto& [tensor, values] : floats) {
    in.fill_f32(*values);
    for (std::size_t i = 0; i < values->size(); ++i)
      if (!std::isfinite((*values)[i]))
        return chess::Error{name + ": " + tensor + "[" + std::to_string(i) + "] is not a finite number"};
  }
  return true;
}

void write_output_layer(std::string& out, const Network& net) {
  for (int b = 0; b < net.arch.output_buckets(); ++b)
    for (int half = 0; half < 2; ++half)
      for (int i = 0; i < net.hidden; ++i) put(out, net.output_weights(b)[half * net.stride + i]);
  for (std::int16_t bias : net.l1b) put(out, bias);
}

void write_stack(std::string& out, const LayerStack& stack, int hidden) {
  for (int b = 0; b < OUTPUT_BUCKETS; ++b)
    for (int j = 0; j < STACK_HIDDEN_1; ++j)
      for (int i = 0; i < hidden; ++i) out.push_back(char(stack.l1(b, j, i)));
  for (const std::vector<float>* t : {&stack.l1b, &stack.l2w, &stack.l2b, &stack.l3w, &stack.l3b})
    for (float v : *t) put_f32(out, v);
}

std::string size_error(std::size_t bytes, const std::string& name) {
  return name + ": " + std::to_string(bytes) +
                        " bytes is no network of the (768->N)x2->1 layout (bullet's simple network, quantised i16, "
                        "padded to 64 bytes or not), whose padded files have " +
                        std::to_string(file_bytes(MIN_HIDDEN)) + " bytes for N = " + std::to_string(MIN_HIDDEN) + " to " +
                        std::to_string(file_bytes(MAX_HIDDEN)) + " for N = " + std::to_string(MAX_HIDDEN) + ", N a multiple of " +
         std::to_string(HIDDEN_STEP) + " (N = 128: " + std::to_string(file_bytes(128)) +
         " bytes); it may be a network of another architecture whose manifest (the file's name with .json in place of "
         "its extension) is missing: give its architecture with --arch SPEC (UCI: EvalArch)";
}

}  // namespace

Network zero_network(const Architecture& arch) {
  Network net;
  net.arch = arch;
  net.hidden = arch.hidden;
  net.stride = padded(arch.hidden);
  net.l0w.assign(std::size_t(arch.input_features()) * std::size_t(net.stride), 0);
  net.l0b.assign(std::size_t(net.stride), 0);
  if (arch.output == OutputLayer::LAYER_STACK) {
    LayerStack& s = net.stack;
    s.pair_stride = padded(arch.hidden / 2);
    s.half = arch.hidden / 2;
    const std::size_t buckets = OUTPUT_BUCKETS, h1 = STACK_HIDDEN_1, h2 = STACK_HIDDEN_2;
    s.l1w.assign(buckets * h1 * s.inputs(), 0);
    s.l1b.assign(buckets * h1, 0.0f);
    s.l2w.assign(buckets * h2 * h1, 0.0f);
    s.l2b.assign(buckets * h2, 0.0f);
    s.l3w.assign(buckets * h2, 0.0f);
    s.l3b.assign(buckets, 0.0f);
    return net;
  }
  net.l1w.assign(std::size_t(arch.output_buckets()) * 2 * std::size_t(net.stride), 0);
  net.l1b.assign(std::size_t(arch.output_buckets()), 0);
  return net;
}

Network zero_network(int hidden) { return zero_network(simple_architecture(hidden)); }

chess::Result<Network> parse_network(std::string_view bytes, const std::string& name, const std::optional<Architecture>& arch) {
  if (!arch) {
    const std::optional<int> hidden = hidden_for_file_bytes(bytes.size());
    if (!hidden) return chess::Error{size_error(bytes.size(), name)};
    return parse_network(bytes, name, simple_architecture(*hidden));
  }
  if (bytes.size() != layout_file_bytes(*arch) && bytes.size() != layout_value_bytes(*arch))
    return chess::Error{name + ": " + std::to_string(bytes.size()) + " bytes does not fit the architecture " + arch->spec() + ", whose files have " +
                        std::to_string(layout_file_bytes(*arch)) + " bytes (" + std::to_string(layout_value_bytes(*arch)) + " unpadded)"};
  Network net = zero_network(*arch);
  LittleEndianReader in(bytes);
  for (int f = 0; f < arch->input_features(); ++f) in.fill(net.l0w.data() + std::size_t(f) * std::size_t(net.stride), net.hidden);
  in.fill(net.l0b.data(), net.hidden);
  if (arch->output == OutputLayer::LAYER_STACK) {
    CHESS_RETURN_IF_ERROR(read_stack(in, net.stack, net.hidden, name));
    return net;
  }
  for (int b = 0; b < arch->output_buckets(); ++b) {
    std::int16_t* w = net.l1w.data() + std::size_t(b) * 2 * std::size_t(net.stride);
    in.fill(w, net.hidden);
    in.fill(w + net.stride, net.hidden);
  }
  in.fill(net.l1b.data(), arch->output_buckets());
  for (std::int16_t w : net.l1w)
    if (std::abs(int(w)) > 128) net.narrow_output_weights = false;
  return net;
}

chess::Result<Network> load_network(const std::string& path, const std::optional<Architecture>& arch) {
  // Read no more than the architecture's file can hold (a file of another size is refused anyway).
  const std::size_t most = arch ? layout_file_bytes(*arch) : MAX_NETWORK_FILE;
  chess::Result<std::string> bytes = chess::read_whole_file(path, "network file", most + chess::MIB);
  CHESS_RETURN_IF_ERROR(bytes);
  return parse_network(*bytes, path, arch);
}

std::string serialize_network(const Network& net) {
  std::string out;
  out.reserve(layout_file_bytes(net.arch));
  for (int f = 0; f < net.arch.input_features(); ++f)
    for (int i = 0; i < net.hidden; ++i) put(out, net.feature_row(f)[i]);
  for (int i = 0; i < net.hidden; ++i) put(out, net.l0b[std::size_t(i)]);
  if (net.arch.output == OutputLayer::LAYER_STACK)
    write_stack(out, net.stack, net.hidden);
  else
    write_output_layer(out, net);
  for (std::size_t i = 0; out.size() % FILE_ALIGNMENT != 0; ++i) out.push_back(PADDING[i % PADDING.size()]);
  return out;
}

}  // namespace nnue
