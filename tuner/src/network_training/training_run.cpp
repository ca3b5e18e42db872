#include "network_training/training_run.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ostream>
#include <random>

#include "core/bounded_read.h"

namespace tuner {

namespace {

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

// Whether the data's kept positions number at most `most`: read until the first one past it. A
// file that cannot be read counts as fitting: the reading in memory reports it as it always has.
bool data_fit_in(const TrainingConfig& config, std::size_t most) {
  std::size_t kept = 0;
  const PositionStream::Take take = [&](LabeledPosition&& p) { kept += filter_keeps(config.filter, p) ? 1 : 0; };
  for (const SampleFile& file : config.data) {
    auto in = PositionStream::open(file.path, file.format);
    if (!in) return true;
    for (;;) {
      auto record = in.value()->next(take);
      if (!record || !*record) break;
      if (kept > most) return false;
    }
  }
  return true;
}

std::string mib_text(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(chess::MIB));
  return text;
}

std::string seconds_text_since(std::chrono::steady_clock::time_point began) {
  char seconds[32];  // plainly, never 1.04858e+06
  std::snprintf(seconds, sizeof seconds, "%.2f", std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  return seconds;
}

// Each data file hashed whole, as a resume checks the data against the ones its run began with.
chess::Result<std::vector<FileDigest>> streamed_file_digests(const std::vector<SampleFile>& files) {
  std::vector<FileDigest> digests;
  for (const SampleFile& file : files) {
    auto sha256 = sha256_file(file.path);
    CHESS_RETURN_IF_ERROR(sha256);
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(file.path, ec);
    if (ec) return chess::Error{file.path + ": " + ec.message()};
    digests.push_back({file.path, std::uint64_t(size), std::move(sha256).value()});
  }
  return digests;
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
  const std::size_t buffer = buffer_capacity(config);
  if (data_fit_in(config, buffer))
    CHESS_RETURN_IF_ERROR(run.read_into_memory(out));
  else
    CHESS_RETURN_IF_ERROR(run.open_stream(buffer, out));
  return run;
}

chess::Result<bool> TrainingRun::read_into_memory(std::ostream& out) {
  const auto began = std::chrono::steady_clock::now();
  std::vector<TrainingSample> all;
  auto counts = read_samples(config_.data, config_.filter, config_.wdl < 1.0, all, positions_budget(config_.arch));
  CHESS_RETURN_IF_ERROR(counts);
  data_read_ = std::move(counts.value().files);
  if (all.empty()) return chess::Error{config_.data.front().path + ": no positions left after the filters"};
  // The validation share: drawn once from the whole set, by the run's seed.
  if (config_.shuffle) shuffle_samples(all, epoch_seed(config_.seed, ~std::uint64_t(0)));
  const auto held = std::size_t(double(all.size()) * config_.validation_fraction);
  validation_.assign(all.end() - std::ptrdiff_t(held), all.end());
  all.resize(all.size() - held);
  train_ = std::move(all);
  if (train_.empty()) return chess::Error{config_.data.front().path + ": no training positions left after the validation share"};
  shuffle_epoch(0);
  out << "Data: " << counts->read << " positions read, " << counts->kept << " kept by the filters: " << train_.size()
      << " to train on, " << validation_.size() << " to validate (" << seconds_text_since(began) << " s)\n";
  return true;
}

chess::Result<bool> TrainingRun::open_stream(std::size_t buffer, std::ostream& out) {
  const auto began = std::chrono::steady_clock::now();
  const auto batch = std::size_t(config_.batch_size);
  const std::size_t window = buffer / 2;  // two windows in the buffer: one trained on while the next is read
  if (window < batch)
    return chess::Error{"'buffer_mib' holds " + std::to_string(buffer) + " positions, two windows of " + std::to_string(window) +
                        ", fewer than a batch ('batch_size' " + std::to_string(batch) +
                        "): data larger than the buffer are streamed through two windows of half of it, a batch from "
                        "one window; give a larger 'buffer_mib' or a smaller 'batch_size'"};
  window_capacity_ = window / batch * batch;  // whole batches: none crosses two windows, and none is dropped
  const auto validation_most = std::min(STREAMED_VALIDATION_POSITIONS,
                                        std::size_t(config_.validation_fraction * double(window_capacity_)));
  CHESS_RETURN_IF_ERROR(check_stream_memory(validation_most));
  const StreamSettings settings{config_.filter, config_.wdl < 1.0, config_.seed, config_.shuffle, config_.validation_fraction};
  auto opened = SampleStream::open(config_.data, settings);
  CHESS_RETURN_IF_ERROR(opened);
  source_ = std::make_unique<SampleStream>(std::move(opened).value());
  auto digests = streamed_file_digests(config_.data);
  CHESS_RETURN_IF_ERROR(digests);
  data_read_ = std::move(digests).value();
  auto held = source_->read_held_out(validation_most);
  CHESS_RETURN_IF_ERROR(held);
  validation_ = std::move(held).value().samples;
  window_.start = source_->first_window();
  std::string names;
  for (const SampleFile& f : config_.data) names += (names.empty() ? "" : ", ") + f.path;
  out << "Data: streaming " << config_.data.size() << (config_.data.size() == 1 ? " file" : " files") << " (" << names
      << ") through a shuffle buffer of 2 windows of " << window_capacity_ << " positions ("
      << mib_text(std::uint64_t(window_capacity_) * sizeof(TrainingSample))
      << " each: one trained on while the next is read), " << validation_.size() << " held out to validate ("
      << seconds_text_since(began) << " s)\n";
  return true;
}

// The trainer, the two windows, the validation positions and the stream's own memory (each file's
// read-ahead and current record, one record's samples: stream_memory_bytes).
chess::Result<bool> TrainingRun::check_stream_memory(std::size_t validation_most) const {
  const std::uint64_t needed = training_memory_bytes(config_.arch, config_.threads) +
                               (2 * std::uint64_t(window_capacity_) + validation_most) * sizeof(TrainingSample) +
                               stream_memory_bytes(config_.data);
  if (needed <= default_memory_budget()) return true;
  return chess::Error{"streaming the data through two windows of " + std::to_string(window_capacity_) +
                      " positions ('buffer_mib' " + std::to_string(config_.buffer_mib) +
                      "), with each data file's read-ahead and current record (a binpack chunk of up to 100 MiB), beside "
                      "the trainer needs " + memory_text(needed) + ", and the memory this machine has available allows " +
                      memory_text(default_memory_budget()) + "; give a smaller 'buffer_mib'"};
}

void TrainingRun::shuffle_epoch(std::uint64_t epoch) {
  if (config_.shuffle) shuffle_samples(train_, epoch_seed(config_.seed, epoch));
}

chess::Result<bool> TrainingRun::restore(Checkpoint checkpoint, const std::string& name) {
  if (!(checkpoint.network.arch() == config_.arch))
    return chess::Error{name + ": the checkpoint's network is " + checkpoint.network.arch().spec() + ", the configuration's " +
                        config_.arch.spec()};
  if (streaming() != checkpoint.window.has_value())
    return chess::Error{name + ": the checkpoint is of a run that " +
                        (checkpoint.window ? "streams its data" : "holds its data in memory") + ", and this run " +
                        (streaming() ? "streams them (they do not fit in 'buffer_mib')" : "holds them in memory (they fit in 'buffer_mib')")};
  if (streaming()) {
    CHESS_RETURN_IF_ERROR(restore_window(checkpoint, name));
  } else {
    CHESS_RETURN_IF_ERROR(check_checkpoint_stream(checkpoint, config_, train_.size(), name));
    // The in-place shuffles are replayed up to the checkpoint's epoch.
    for (std::uint64_t e = 1; e <= checkpoint.stream.epoch; ++e) shuffle_epoch(e);
    stream_ = checkpoint.stream;
  }
  done_ = checkpoint.superbatch;
  trainer_.restore(std::move(checkpoint.network), std::move(checkpoint.optimiser));
  return true;
}

// The window is read again from its start: the same samples in the same order, of which the
// first `offset` are skipped. The reader under way, if any, is stopped first: the stream is its
// thread's alone while it lives, check_start's reading of the files too. (Refused, the run goes
// on from its own window, read again.)
chess::Result<bool> TrainingRun::restore_window(const Checkpoint& checkpoint, const std::string& name) {
  CHESS_RETURN_IF_ERROR(check_checkpoint_window(checkpoint, config_, window_capacity_, name));
  reader_.reset();
  CHESS_RETURN_IF_ERROR(source_->check_start(checkpoint.window->start, name));
  window_ = *checkpoint.window;
  return true;
}

Checkpoint TrainingRun::checkpoint() const {
  Checkpoint c{done_, stream_, std::nullopt, trainer_.network(), trainer_.optimiser()};
  if (streaming()) {
    c.window = window_;
    // A window used up: the next one's start, which a resume reads as the run would have.
    if (reader_ && window_.offset >= reader_->samples().size()) c.window = WindowPosition{reader_->next(), 0};
  }
  return c;
}

chess::Result<const TrainingSample*> TrainingRun::next_streamed_batch(std::size_t& count) {
  count = std::size_t(config_.batch_size);
  if (!reader_) {
    reader_ = std::make_unique<WindowReader>(*source_, window_capacity_, window_.start);
    CHESS_RETURN_IF_ERROR(reader_->advance());
  }
  if (window_.offset + count > reader_->samples().size()) {
    CHESS_RETURN_IF_ERROR(reader_->advance());
    window_ = {reader_->start(), 0};
  }
  const TrainingSample* first = reader_->samples().data() + window_.offset;
  window_.offset += count;
  return first;
}

chess::Result<const TrainingSample*> TrainingRun::next_batch(std::size_t& count) {
  if (streaming()) return next_streamed_batch(count);
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
    auto batch = next_batch(count);
    if (!batch) {
      r.error = batch.error();
      return r;
    }
    const double loss = trainer_.train_batch(*batch, count, float(r.lr), float(config_.wdl));
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
