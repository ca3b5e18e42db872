#include "network/training_run.h"

#include <chrono>
#include <cstring>
#include <cstdio>
#include <functional>
#include <limits>
#include <ostream>
#include <random>

#include "core/bounded_read.h"

namespace tuner {

namespace {

constexpr std::string_view CHECKPOINT_MAGIC = "WBNNCK01";
constexpr std::size_t CHECKPOINT_HEADER = CHECKPOINT_MAGIC.size() + 32;  // the magic, superbatch, epoch, offset, raw size

// Fisher-Yates with the index drawn from the generator's bits, the same with every standard
// library (std::shuffle's draws are not specified).
void shuffle_samples(std::vector<TrainingSample>& samples, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (std::size_t i = samples.size(); i > 1; --i) {
    const std::size_t j = std::size_t(rng() % i);
    std::swap(samples[i - 1], samples[j]);
  }
}

std::uint64_t epoch_seed(std::uint64_t seed, std::uint64_t epoch) { return seed * 0x9E3779B97F4A7C15ull + epoch + 1; }

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

// A checkpoint's bytes: the weights and both moments, 4 bytes each a parameter, after the header.
std::uint64_t checkpoint_memory_bytes(const nnue::Architecture& arch) {
  return CHECKPOINT_HEADER + 3 * sizeof(float) * std::uint64_t(FloatNetwork::parameter_count(arch));
}

// What the positions may take with the trainer allocated: the default budget less room for a
// checkpoint's bytes and its copy of the weights and moments.
std::uint64_t positions_budget(const nnue::Architecture& arch) {
  const std::uint64_t budget = default_memory_budget(), checkpoint = 2 * checkpoint_memory_bytes(arch);
  return budget > checkpoint ? budget - checkpoint : 0;
}

std::string memory_text(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GB", double(bytes) / 1e9);
  return std::to_string(bytes) + " bytes (" + text + ")";
}

chess::Error refuse_field(const std::string& name, const char* field, const std::string& value, const std::string& why) {
  return chess::Error{name + ": the checkpoint's field '" + field + "' is " + value + ", " + why};
}

// A checkpoint's superbatch and stream position, refused unless the run of `config` on `positions`
// training positions reaches them: each batch starts at most one epoch, and uses positions of it.
chess::Result<bool> check_checkpoint_stream(const Checkpoint& c, const TrainingConfig& config, std::size_t positions,
                                            const std::string& name) {
  if (c.superbatch < 0 || c.superbatch > config.superbatches)
    return refuse_field(name, "superbatch", std::to_string(c.superbatch),
                        "outside the run's 0 to " + std::to_string(config.superbatches) + " superbatches");
  const std::uint64_t batches = std::uint64_t(c.superbatch) * std::uint64_t(config.batches_per_superbatch);
  if (c.stream.epoch > batches)
    return refuse_field(name, "epoch", std::to_string(c.stream.epoch),
                        "more than its " + std::to_string(batches) + " batches can reach (each starts at most one epoch)");
  if (c.stream.offset > positions)
    return refuse_field(name, "offset", std::to_string(c.stream.offset),
                        "past the run's " + std::to_string(positions) + " training positions");
  return true;
}

}  // namespace

std::uint64_t training_memory_bytes(const nnue::Architecture& arch, int threads) {
  return NetworkTrainer::memory_bytes(arch, threads) + 2 * checkpoint_memory_bytes(arch);
}

chess::Result<bool> check_training_memory(const nnue::Architecture& arch, int threads, std::uint64_t budget) {
  const std::uint64_t needed = training_memory_bytes(arch, threads);
  if (needed <= budget) return true;
  return chess::Error{"training " + arch.spec() + " on " + std::to_string(threads) + " threads needs " + memory_text(needed) +
                      " besides the positions (the weights, AdamW's two moments, a gradient per thread and a checkpoint), "
                      "and the memory this machine has available allows " + memory_text(budget) +
                      "; use fewer 'threads' or a smaller network"};
}

std::string Checkpoint::bytes() const {
  std::string out(CHECKPOINT_MAGIC);
  out.reserve(checkpoint_memory_bytes(network.arch()));  // once: no copy of a growing buffer
  put64(out, std::uint64_t(superbatch));
  put64(out, stream.epoch);
  put64(out, stream.offset);
  put64(out, network.size() * 4);
  network.append_raw_bytes(out);
  put_floats(out, optimiser.momentum);
  put_floats(out, optimiser.velocity);
  return out;
}

chess::Result<Checkpoint> Checkpoint::from_bytes(std::string_view bytes, const std::string& name, const nnue::Architecture& arch) {
  if (bytes.size() < CHECKPOINT_HEADER || bytes.substr(0, CHECKPOINT_MAGIC.size()) != CHECKPOINT_MAGIC)
    return chess::Error{name + ": not a training checkpoint (no " + std::string(CHECKPOINT_MAGIC) + " header)"};
  Checkpoint c;
  std::size_t at = CHECKPOINT_MAGIC.size();
  const std::uint64_t superbatch = get64(bytes, at);
  if (superbatch > std::uint64_t(std::numeric_limits<int>::max()))
    return refuse_field(name, "superbatch", std::to_string(superbatch), "more than any run has");
  c.superbatch = int(superbatch);
  c.stream.epoch = get64(bytes, at + 8);
  c.stream.offset = get64(bytes, at + 16);
  const std::uint64_t raw_size = get64(bytes, at + 24);
  at = CHECKPOINT_HEADER;
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

TrainingRun::TrainingRun(const TrainingConfig& config, FloatNetwork start)
    : config_(config), trainer_(std::move(start), config.adamw, config.threads) {}

chess::Result<TrainingRun> TrainingRun::prepare(const TrainingConfig& config, std::ostream& out) {
  CHESS_RETURN_IF_ERROR(check_training_memory(config.arch, config.threads, default_memory_budget()));
  FloatNetwork start = FloatNetwork::initialised(config.arch, config.seed);
  if (!config.start_from.empty()) {
    const std::size_t most = start.size() * sizeof(float);
    auto bytes = chess::read_whole_file(config.start_from, "unquantised network", most + chess::MIB);
    CHESS_RETURN_IF_ERROR(bytes);
    auto loaded = FloatNetwork::from_raw_bytes(*bytes, config.start_from, config.arch);
    CHESS_RETURN_IF_ERROR(loaded);
    start = std::move(loaded).value();
  }
  TrainingRun run(config, std::move(start));
  const auto began = std::chrono::steady_clock::now();
  std::vector<TrainingSample> all;
  auto counts = read_samples(config.data, config.filter, config.wdl < 1.0, all, positions_budget(config.arch));
  CHESS_RETURN_IF_ERROR(counts);
  run.data_read_ = std::move(counts.value().files);
  if (all.empty()) return chess::Error{config.data.front().path + ": no positions left after the filters"};
  // The validation share: drawn once from the whole set, by the run's seed.
  if (config.shuffle) shuffle_samples(all, epoch_seed(config.seed, ~std::uint64_t(0)));
  const auto held = std::size_t(double(all.size()) * config.validation_fraction);
  run.validation_.assign(all.end() - std::ptrdiff_t(held), all.end());
  all.resize(all.size() - held);
  run.train_ = std::move(all);
  if (run.train_.empty()) return chess::Error{config.data.front().path + ": no training positions left after the validation share"};
  run.shuffle_epoch(0);
  char seconds[32];  // plainly, never 1.04858e+06
  std::snprintf(seconds, sizeof seconds, "%.2f", std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  out << "Data: " << counts->read << " positions read, " << counts->kept << " kept by the filters: " << run.train_.size()
      << " to train on, " << run.validation_.size() << " to validate (" << seconds << " s)\n";
  return run;
}

void TrainingRun::shuffle_epoch(std::uint64_t epoch) {
  if (config_.shuffle) shuffle_samples(train_, epoch_seed(config_.seed, epoch));
}

chess::Result<bool> TrainingRun::restore(Checkpoint checkpoint, const std::string& name) {
  if (!(checkpoint.network.arch() == config_.arch))
    return chess::Error{name + ": the checkpoint's network is " + checkpoint.network.arch().spec() + ", the configuration's " +
                        config_.arch.spec()};
  CHESS_RETURN_IF_ERROR(check_checkpoint_stream(checkpoint, config_, train_.size(), name));
  // The in-place shuffles are replayed up to the checkpoint's epoch.
  for (std::uint64_t e = 1; e <= checkpoint.stream.epoch; ++e) shuffle_epoch(e);
  stream_ = checkpoint.stream;
  done_ = checkpoint.superbatch;
  trainer_.restore(std::move(checkpoint.network), std::move(checkpoint.optimiser));
  return true;
}

Checkpoint TrainingRun::checkpoint() const { return {done_, stream_, trainer_.network(), trainer_.optimiser()}; }

const TrainingSample* TrainingRun::next_batch(std::size_t& count) {
  count = std::min(std::size_t(config_.batch_size), train_.size());
  if (stream_.offset + count > train_.size()) {
    ++stream_.epoch;
    stream_.offset = 0;
    shuffle_epoch(stream_.epoch);
  }
  const TrainingSample* first = train_.data() + stream_.offset;
  stream_.offset += count;
  return first;
}

SuperbatchResult TrainingRun::run_superbatch(const std::function<void(int, double)>& on_batch) {
  const auto began = std::chrono::steady_clock::now();
  SuperbatchResult r;
  r.superbatch = done_ + 1;
  r.lr = config_.lr.at(r.superbatch, config_.superbatches);
  double loss_sum = 0;
  for (int b = 0; b < config_.batches_per_superbatch; ++b) {
    std::size_t count = 0;
    const TrainingSample* batch = next_batch(count);
    const double loss = trainer_.train_batch(batch, count, float(r.lr), float(config_.wdl));
    if (on_batch) on_batch(b, loss);
    loss_sum += loss;
    r.positions += count;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  r.train_loss = loss_sum / config_.batches_per_superbatch;
  r.validation_loss = validation_.empty() ? 0 : trainer_.mean_loss(validation_, float(config_.wdl));
  ++done_;
  return r;
}

}  // namespace tuner
