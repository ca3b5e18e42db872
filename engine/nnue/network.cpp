#include "network.h"

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
  std::int16_t next() {
    const auto lo = std::uint8_t(bytes_[at_]), hi = std::uint8_t(bytes_[at_ + 1]);
    at_ += 2;
    return std::int16_t(std::uint16_t(lo | (hi << 8)));
  }
  // `count` values into `out`, leaving the padding of each row (past `count`) as it is.
  void fill(std::int16_t* out, int count) {
    for (int i = 0; i < count; ++i) out[i] = next();
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

std::string size_error(std::size_t bytes, const std::string& name) {
  return name + ": " + std::to_string(bytes) +
                        " bytes is no network of the (768->N)x2->1 layout (bullet's simple network, quantised i16, "
                        "padded to 64 bytes or not), whose padded files have " +
                        std::to_string(file_bytes(MIN_HIDDEN)) + " bytes for N = " + std::to_string(MIN_HIDDEN) + " to " +
                        std::to_string(file_bytes(MAX_HIDDEN)) + " for N = " + std::to_string(MAX_HIDDEN) + " (N = 128: " +
         std::to_string(file_bytes(128)) + " bytes)";
}

}  // namespace

Network zero_network(const Architecture& arch) {
  Network net;
  net.arch = arch;
  net.hidden = arch.hidden;
  net.stride = padded(arch.hidden);
  net.l0w.assign(std::size_t(arch.input_features()) * std::size_t(net.stride), 0);
  net.l0b.assign(std::size_t(net.stride), 0);
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
  if (arch->output == OutputLayer::LAYER_STACK)
    return chess::Error{name + ": the engine does not play " + arch->spec() + " networks yet (their layer stack)"};
  if (bytes.size() != layout_file_bytes(*arch) && bytes.size() != layout_value_bytes(*arch))
    return chess::Error{name + ": " + std::to_string(bytes.size()) + " bytes does not fit the architecture " + arch->spec() + ", whose files have " +
                        std::to_string(layout_file_bytes(*arch)) + " bytes (" + std::to_string(layout_value_bytes(*arch)) + " unpadded)"};
  Network net = zero_network(*arch);
  LittleEndianReader in(bytes);
  for (int f = 0; f < arch->input_features(); ++f) in.fill(net.l0w.data() + std::size_t(f) * std::size_t(net.stride), net.hidden);
  in.fill(net.l0b.data(), net.hidden);
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
  for (int b = 0; b < net.arch.output_buckets(); ++b)
    for (int half = 0; half < 2; ++half)
      for (int i = 0; i < net.hidden; ++i) put(out, net.output_weights(b)[half * net.stride + i]);
  for (std::int16_t bias : net.l1b) put(out, bias);
  for (std::size_t i = 0; out.size() % FILE_ALIGNMENT != 0; ++i) out.push_back(PADDING[i % PADDING.size()]);
  return out;
}

}  // namespace nnue
