#include "network_training/training_checkpoint.h"

#include <cstring>
#include <limits>
#include <utility>
#include <vector>

namespace tuner {

namespace {

constexpr std::string_view CHECKPOINT_MAGIC = "WBNNCK01";
constexpr std::size_t CHECKPOINT_HEADER = CHECKPOINT_MAGIC.size() + 32;  // the magic, superbatch, epoch, offset, raw size
// A streaming run's: the magic, superbatch, pass, window, offset, partial file, partial taken, run
// file, run bytes and the number of files, then each file's point (offset, number, line, chunk),
// then the raw size.
constexpr std::string_view STREAMING_CHECKPOINT_MAGIC = "WBNNCK02";
constexpr std::size_t STREAMING_CHECKPOINT_FIELDS = STREAMING_CHECKPOINT_MAGIC.size() + 9 * 8;
constexpr std::size_t CHECKPOINT_POINT_BYTES = 4 * 8;

void put64(std::string& out, std::uint64_t v) {
  for (int b = 0; b < 8; ++b) out.push_back(char((v >> (8 * b)) & 0xFF));
}
std::uint64_t get64(std::string_view in, std::size_t at) {
  std::uint64_t v = 0;
  for (int b = 0; b < 8; ++b) v |= std::uint64_t(std::uint8_t(in[at + std::size_t(b)])) << (8 * b);
  return v;
}
void put_floats(std::string& out, const std::vector<float>& v) {
  const std::size_t at = out.size();
  out.resize(at + v.size() * 4);
  std::memcpy(out.data() + at, v.data(), v.size() * 4);  // little-endian x86-64, as the raw network
}

chess::Result<bool> check_checkpoint_superbatch(const Checkpoint& c, const TrainingConfig& config, const std::string& name) {
  if (c.superbatch < 0 || c.superbatch > config.superbatches)
    return refused_checkpoint_field(name, "superbatch", std::to_string(c.superbatch),
                                    "outside the run's 0 to " + std::to_string(config.superbatches) + " superbatches");
  return true;
}

void put_window(std::string& out, const WindowPosition& w) {
  for (std::uint64_t v : {w.start.pass, w.start.window, w.offset, w.start.partial_file, w.start.partial_taken, w.start.run.file,
                          w.start.run.bytes, std::uint64_t(w.start.files.size())})
    put64(out, v);
  for (const StreamPoint& p : w.start.files)
    for (std::uint64_t v : {p.offset, p.number, p.line, p.chunk}) put64(out, v);
}

// The window of a WBNNCK02 checkpoint, from byte `at` (after the superbatch) on; `at` is left
// after it. Its values are checked against the run in TrainingRun::restore.
chess::Result<WindowPosition> read_window(std::string_view bytes, std::size_t& at, const std::string& name) {
  WindowPosition w;
  w.start.pass = get64(bytes, at);
  w.start.window = get64(bytes, at + 8);
  w.offset = get64(bytes, at + 16);
  w.start.partial_file = get64(bytes, at + 24);
  w.start.partial_taken = get64(bytes, at + 32);
  w.start.run.file = get64(bytes, at + 40);
  w.start.run.bytes = get64(bytes, at + 48);
  const std::uint64_t files = get64(bytes, at + 56);
  at += 64;
  if (files > (bytes.size() - at) / CHECKPOINT_POINT_BYTES)
    return refused_checkpoint_field(name, "files", std::to_string(files),
                                    "more than the checkpoint's " + std::to_string(bytes.size()) + " bytes hold");
  w.start.files.resize(std::size_t(files));
  for (StreamPoint& p : w.start.files) {
    p = {get64(bytes, at), get64(bytes, at + 8), get64(bytes, at + 16), get64(bytes, at + 24)};
    at += CHECKPOINT_POINT_BYTES;
  }
  return w;
}

}  // namespace

std::uint64_t checkpoint_memory_bytes(const nnue::Architecture& arch) {
  return CHECKPOINT_HEADER + 3 * sizeof(float) * std::uint64_t(FloatNetwork::parameter_count(arch));
}

// A checkpoint's superbatch and stream position, refused unless the run of `config` on `positions`
// training positions reaches them: each batch starts at most one epoch, and uses positions of it.
chess::Result<bool> check_checkpoint_stream(const Checkpoint& c, const TrainingConfig& config, std::size_t positions,
                                            const std::string& name) {
  CHESS_RETURN_IF_ERROR(check_checkpoint_superbatch(c, config, name));
  const std::uint64_t batches = std::uint64_t(c.superbatch) * std::uint64_t(config.batches_per_superbatch);
  if (c.stream.epoch > batches)
    return refused_checkpoint_field(
        name, "epoch", std::to_string(c.stream.epoch),
        "more than its " + std::to_string(batches) + " batches can reach (each starts at most one epoch)");
  if (c.stream.offset > positions)
    return refused_checkpoint_field(name, "offset", std::to_string(c.stream.offset),
                                    "past the run's " + std::to_string(positions) + " training positions");
  return true;
}

// A streaming checkpoint's window, refused unless the run of `config` with windows of `capacity`
// samples reaches it: each window gives at least one batch, and each pass at least one sample.
chess::Result<bool> check_checkpoint_window(const Checkpoint& c, const TrainingConfig& config, std::size_t capacity,
                                            const std::string& name) {
  CHESS_RETURN_IF_ERROR(check_checkpoint_superbatch(c, config, name));
  const WindowPosition& w = *c.window;
  const std::uint64_t batches = std::uint64_t(c.superbatch) * std::uint64_t(config.batches_per_superbatch);
  if (w.start.window > batches)
    return refused_checkpoint_field(
        name, "window", std::to_string(w.start.window),
        "more than its " + std::to_string(batches) + " batches can reach (each window gives at least one)");
  if (w.start.pass / (w.start.window + 1) > capacity)
    return refused_checkpoint_field(name, "pass", std::to_string(w.start.pass),
                                    "more than " + std::to_string(w.start.window + 1) + " windows of " +
                                        std::to_string(capacity) + " positions can reach (each pass gives at least one)");
  if (w.offset > capacity || w.offset % std::uint64_t(config.batch_size) != 0)
    return refused_checkpoint_field(name, "offset", std::to_string(w.offset),
                                    "not a whole number of batches of " + std::to_string(config.batch_size) +
                                        " within a window of " + std::to_string(capacity) + " positions");
  return true;
}

std::string Checkpoint::bytes() const {
  std::string out(window ? STREAMING_CHECKPOINT_MAGIC : CHECKPOINT_MAGIC);
  const std::size_t window_bytes = window ? STREAMING_CHECKPOINT_FIELDS + CHECKPOINT_POINT_BYTES * window->start.files.size() : 0;
  out.reserve(checkpoint_memory_bytes(network.arch()) + window_bytes);  // once: no copy of a growing buffer
  put64(out, std::uint64_t(superbatch));
  if (window) {
    put_window(out, *window);
  } else {
    put64(out, stream.epoch);
    put64(out, stream.offset);
  }
  put64(out, network.size() * 4);
  network.append_raw_bytes(out);
  put_floats(out, optimiser.momentum);
  put_floats(out, optimiser.velocity);
  return out;
}

chess::Result<Checkpoint> Checkpoint::from_bytes(std::string_view bytes, const std::string& name,
                                                 const nnue::Architecture& arch) {
  const std::string_view magic = bytes.substr(0, CHECKPOINT_MAGIC.size());
  const bool streaming = magic == STREAMING_CHECKPOINT_MAGIC;
  if (bytes.size() < (streaming ? STREAMING_CHECKPOINT_FIELDS + 8 : CHECKPOINT_HEADER) ||
      (!streaming && magic != CHECKPOINT_MAGIC))
    return chess::Error{name + ": not a training checkpoint (no " + std::string(CHECKPOINT_MAGIC) + " or " +
                        std::string(STREAMING_CHECKPOINT_MAGIC) + " header)"};
  Checkpoint c;
  std::size_t at = CHECKPOINT_MAGIC.size();
  const std::uint64_t superbatch = get64(bytes, at);
  if (superbatch > std::uint64_t(std::numeric_limits<int>::max()))
    return refused_checkpoint_field(name, "superbatch", std::to_string(superbatch), "more than any run has");
  c.superbatch = int(superbatch);
  at += 8;
  if (streaming) {
    auto window = read_window(bytes, at, name);
    CHESS_RETURN_IF_ERROR(window);
    c.window = std::move(window).value();
  } else {
    c.stream.epoch = get64(bytes, at);
    c.stream.offset = get64(bytes, at + 8);
    at += 16;
  }
  if (bytes.size() - at < 8)
    return chess::Error{name + ": a training checkpoint of the wrong size (" + std::to_string(bytes.size()) + " bytes)"};
  const std::uint64_t raw_size = get64(bytes, at);
  at += 8;
  if (raw_size > bytes.size() - at || (bytes.size() - at - raw_size) != 2 * raw_size)
    return chess::Error{name + ": a training checkpoint of the wrong size (" + std::to_string(bytes.size()) + " bytes)"};
  auto net = FloatNetwork::from_raw_bytes(bytes.substr(at, raw_size), name, arch);
  CHESS_RETURN_IF_ERROR(net);
  c.network = std::move(net).value();
  at += raw_size;
  for (std::vector<float>* v : {&c.optimiser.momentum, &c.optimiser.velocity}) {
    v->resize(raw_size / 4);
    std::memcpy(v->data(), bytes.data() + at, raw_size);
    at += raw_size;
  }
  return c;
}

}  // namespace tuner
