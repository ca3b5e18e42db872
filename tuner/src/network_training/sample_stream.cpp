#include "network_training/sample_stream.h"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <utility>

#include "core/bounded_read.h"
#include "formats/binpack.h"
#include "formats/viriformat.h"
#include "network_training/sample_decoding.h"

namespace tuner {

namespace {

static_assert(MOST_RECORD_POSITIONS >= std::uint64_t(formats::BINPACK_MAX_PLIES) + 1, "a chain's positions");
static_assert(MOST_RECORD_POSITIONS >= (formats::VIRIFORMAT_MAX_GAME_BYTES - 36) / 4 + 1, "a viriformat game's positions");

// The bytes a file's stream reads ahead of its record (byte_window.h's block).
constexpr std::uint64_t STREAM_READ_AHEAD_BYTES = chess::MIB;

// The most bytes a format's record holds in memory while it is read (a binpack chain: its chunk).
std::uint64_t held_record_bytes(formats::PositionFormat format) {
  switch (format) {
    case formats::PositionFormat::EPD:
    case formats::PositionFormat::BRACKET:
    case formats::PositionFormat::TEXT: return chess::MAX_EPD_LINE;
    case formats::PositionFormat::VIRIFORMAT: return formats::VIRIFORMAT_MAX_GAME_BYTES;
    case formats::PositionFormat::BINPACK: return formats::BINPACK_MAX_CHUNK;
    case formats::PositionFormat::MARLINFORMAT:
    case formats::PositionFormat::BULLETFORMAT: break;
  }
  return fixed_record_bytes(format);
}

// What each of a window's seeds is for, mixed with the run's seed and the window's number.
constexpr std::uint64_t INTERLEAVE_SALT = 0x696E7465726C6561ull;  // "interlea"
constexpr std::uint64_t SHUFFLE_SALT = 0x73687566666C6521ull;     // "shuffle!"
constexpr std::uint64_t HELD_OUT_SALT = 0x68656C642D6F7574ull;    // "held-out"
constexpr std::uint64_t VALIDATION_SALT = 0x76616C6964617465ull;  // "validate"

// SplitMix64's finaliser: every bit of the input moves about half the bits of the output.
std::uint64_t stream_mix64(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t n, std::uint64_t salt) {
  return stream_mix64(stream_mix64(seed ^ salt) + n);
}

// Fisher and Yates (seeded_draws.h): the same order on every platform.
void shuffle_window(std::vector<TrainingSample>& samples, std::uint64_t seed) {
  SeededDraws draws(seed);
  shuffle_in_place(std::span<TrainingSample>(samples), draws);
}

bool same_point(const StreamPoint& a, const StreamPoint& b) {
  return a.offset == b.offset && a.number == b.number && a.line == b.line && a.chunk == b.chunk;
}

}  // namespace

chess::Error refused_checkpoint_field(const std::string& name, const std::string& field, const std::string& value,
                                      const std::string& why) {
  return chess::Error{name + ": the checkpoint's field '" + field + "' is " + value + ", " + why};
}

std::uint64_t stream_memory_bytes(const std::vector<SampleFile>& files) {
  std::uint64_t bytes = MOST_RECORD_POSITIONS * sizeof(TrainingSample);
  for (const SampleFile& file : files) bytes += STREAM_READ_AHEAD_BYTES + held_record_bytes(file.format);
  return bytes;
}

bool held_out_record(std::uint64_t seed, std::size_t file, std::uint64_t record, double fraction) {
  if (fraction <= 0) return false;
  const std::uint64_t hash = stream_mix64(stream_seed(seed, std::uint64_t(file), HELD_OUT_SALT) + record);
  return double(hash >> 11) * 0x1.0p-53 < fraction;  // 53 bits: a double in [0, 1)
}

chess::Result<SampleStream> SampleStream::open(const std::vector<SampleFile>& files, const StreamSettings& settings) {
  SampleStream stream(settings);
  for (const SampleFile& file : files) {
    auto opened = PositionStream::open(file.path, file.format);
    CHESS_RETURN_IF_ERROR(opened);
    stream.files_.push_back(std::move(opened).value());
  }
  stream.held_through_.assign(files.size(), ALL_RECORDS);
  return stream;
}

WindowStart SampleStream::first_window() const {
  WindowStart start;
  start.files.assign(files_.size(), StreamPoint{});
  return start;
}

std::string SampleStream::files_text() const {
  std::string names;
  for (const auto& in : files_) names += (names.empty() ? "" : ", ") + in->path();
  return (files_.size() == 1 ? "the data file (" : "the data files (") + names + ")";
}

bool SampleStream::held_out(std::size_t file, std::uint64_t record) const {
  return record <= held_through_[file] && held_out_record(settings_.seed, file, record, settings_.validation_fraction);
}

std::uint64_t SampleStream::bytes_left(std::size_t file) const {
  const std::uint64_t at = files_[file]->point().offset, size = files_[file]->file_bytes();
  return at < size ? size - at : 0;
}

std::optional<std::size_t> SampleStream::draw_file(SeededDraws& draws) const {
  std::vector<std::uint64_t> left(files_.size());
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < files_.size(); ++i) total += left[i] = bytes_left(i);
  if (total == 0) return std::nullopt;
  if (!settings_.shuffle) {
    for (std::size_t i = 0; i < files_.size(); ++i)
      if (left[i] > 0) return i;
  }
  return drawn_index(left, draw_below(draws, total));
}

namespace {

// A bulletformat board or a viriformat game decoded by the fast decoders (sample_decoding.h)
// from the bytes the stream framed.
chess::Result<bool> decode_framed(const PositionStream& in, const StreamRecord& record, const SampleFilter& filter,
                                  std::vector<TrainingSample>& out) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(record.bytes.data());
  if (in.format() == formats::PositionFormat::BULLETFORMAT) {
    TrainingSample sample;
    auto kept = bulletformat_sample(bytes, filter, sample);
    if (!kept) return chess::Error{in.where(record) + ": " + kept.error()};
    if (*kept) out.push_back(sample);
    return true;
  }
  SampleSink sink{[&](const TrainingSample& sample) { out.push_back(sample); }};
  auto took = viriformat_samples(bytes, record.bytes.size(), in.where(record), filter, sink);
  CHESS_RETURN_IF_ERROR(took);
  return true;
}

}  // namespace

chess::Result<bool> SampleStream::read_record(std::size_t file, bool decode, std::vector<TrainingSample>& out) {
  out.clear();
  PositionStream& in = *files_[file];
  const bool framed = in.format() == formats::PositionFormat::BULLETFORMAT || in.format() == formats::PositionFormat::VIRIFORMAT;
  std::string missing_score;
  bool too_many = false;  // more kept positions than MOST_RECORD_POSITIONS: the rest are not held
  PositionStream::Take take;
  if (decode && !framed)
    take = [&](LabeledPosition&& p) {
      if (!p.score && settings_.needs_score) {
        if (missing_score.empty()) missing_score = p.position.fen();
      } else if (filter_keeps(settings_.filter, p)) {
        if (out.size() < MOST_RECORD_POSITIONS)
          out.push_back(to_sample(p.position, p.result, p.score.value_or(0)));
        else
          too_many = true;
      }
    };
  const std::uint64_t at = in.point().offset;
  auto record = in.next(take);
  CHESS_RETURN_IF_ERROR(record);
  if (!*record) {
    if (bytes_left(file) == 0) return false;
    return chess::Error{in.path() + ": byte " + std::to_string(at) + ": no record before the end, where the file's " +
                        std::to_string(in.file_bytes()) + " bytes had more: did it change while it was read?"};
  }
  if (decode && framed) CHESS_RETURN_IF_ERROR(decode_framed(in, **record, settings_.filter, out));
  if (!missing_score.empty())
    return chess::Error{in.where(**record) + ": a position has no search score (" + missing_score +
                        "), and the training blends scores in ('wdl' below 1)"};
  if (too_many)
    return chess::Error{in.where(**record) + ": the record keeps more than " + std::to_string(MOST_RECORD_POSITIONS) +
                        " positions to train on, more than a record of any format holds: the file is damaged"};
  return true;
}

chess::Result<bool> SampleStream::seek_all(const std::vector<StreamPoint>& points) {
  for (std::size_t i = 0; i < files_.size(); ++i)
    if (!same_point(files_[i]->point(), points[i])) CHESS_RETURN_IF_ERROR(files_[i]->seek(points[i]));
  return true;
}

chess::Result<bool> SampleStream::rewind_all() { return seek_all(first_window().files); }

std::optional<std::size_t> SampleStream::next_file(SeededDraws& draws, InterleaveRun& run) const {
  if (run.file < files_.size() && run.bytes < INTERLEAVE_RUN_BYTES && bytes_left(std::size_t(run.file)) > 0)
    return std::size_t(run.file);
  run = {};
  const auto drawn = draw_file(draws);
  if (drawn) run.file = *drawn;
  return drawn;
}

void SampleStream::extend_run(InterleaveRun& run, std::uint64_t bytes) const {
  run.bytes += bytes;
  if (run.bytes >= INTERLEAVE_RUN_BYTES || run.file >= files_.size() || bytes_left(std::size_t(run.file)) == 0) run = {};
}

chess::Result<WindowStart> SampleStream::fill_window(const WindowStart& start, std::size_t capacity,
                                                     std::vector<TrainingSample>& out, const std::atomic<bool>& stop) {
  out.clear();
  CHESS_RETURN_IF_ERROR(seek_all(start.files));
  WindowStart at = start;
  SeededDraws draws(stream_seed(settings_.seed, start.window, INTERLEAVE_SALT));
  std::size_t size_at_last_pass = ~std::size_t(0);  // the window's size when a pass last began in it
  while (out.size() < capacity) {
    if (stop.load(std::memory_order_relaxed)) return chess::Error{"the data's reading was stopped"};
    std::size_t file = 0, skip = 0;
    if (at.partial_file != NO_PARTIAL_RECORD) {
      file = std::size_t(at.partial_file);
      skip = std::size_t(at.partial_taken);
      at.partial_file = NO_PARTIAL_RECORD;
      at.partial_taken = 0;
    } else if (const auto next = next_file(draws, at.run)) {
      file = *next;
    } else {  // every file is at its end: the next pass begins
      if (size_at_last_pass == out.size())
        return chess::Error{"a whole pass over " + files_text() + " gives no position to train on"};
      size_at_last_pass = out.size();
      ++at.pass;
      CHESS_RETURN_IF_ERROR(rewind_all());
      continue;
    }
    CHESS_RETURN_IF_ERROR(take_record(file, skip, capacity, at, out));
  }
  for (std::size_t i = 0; i < files_.size(); ++i) at.files[i] = files_[i]->point();
  ++at.window;
  if (settings_.shuffle) shuffle_window(out, stream_seed(settings_.seed, start.window, SHUFFLE_SALT));
  return at;
}

chess::Result<bool> SampleStream::take_record(std::size_t file, std::size_t skip, std::size_t capacity, WindowStart& at,
                                              std::vector<TrainingSample>& out) {
  const StreamPoint before = files_[file]->point();
  const bool held = held_out(file, before.number + 1);
  auto read = read_record(file, !held, record_);
  CHESS_RETURN_IF_ERROR(read);
  if (skip > record_.size())  // none are kept of a held-out record, or at the file's end
    return chess::Error{files_[file]->path() + ": byte " + std::to_string(before.offset) + ": the record there keeps " +
                        std::to_string(record_.size()) + " positions to train on, fewer than the " + std::to_string(skip) +
                        " the window before took of it"};
  if (skip == 0) extend_run(at.run, files_[file]->point().offset - before.offset);  // a partial record's bytes counted once
  if (!*read || held) return true;
  if (skip == 0 && on_training_record) on_training_record(file, before.number + 1, at.pass);
  const std::size_t take = std::min(capacity - out.size(), record_.size() - skip);
  out.insert(out.end(), record_.begin() + std::ptrdiff_t(skip), record_.begin() + std::ptrdiff_t(skip + take));
  if (skip + take < record_.size()) {  // the window is full inside a record: the next one begins with the rest of it
    at.partial_file = file;
    at.partial_taken = skip + take;
    CHESS_RETURN_IF_ERROR(files_[file]->seek(before));
  }
  return true;
}

chess::Result<HeldOut> SampleStream::read_held_out(std::size_t most) {
  HeldOut held;
  held.through.assign(files_.size(), 0);
  held_through_ = held.through;  // none held out until read: an error leaves it so
  if (settings_.validation_fraction <= 0 || most == 0) return held;
  CHESS_RETURN_IF_ERROR(rewind_all());
  SeededDraws draws(stream_seed(settings_.seed, 0, VALIDATION_SALT));
  InterleaveRun run;
  bool whole_pass = false;
  while (held.samples.size() < most) {
    const auto file = next_file(draws, run);
    if (!file) {
      whole_pass = true;
      break;
    }
    const StreamPoint before = files_[*file]->point();
    const bool wanted = held_out_record(settings_.seed, *file, before.number + 1, settings_.validation_fraction);
    auto read = read_record(*file, wanted, record_);
    CHESS_RETURN_IF_ERROR(read);
    extend_run(run, files_[*file]->point().offset - before.offset);
    if (!wanted) continue;
    const std::size_t take = std::min(most - held.samples.size(), record_.size());
    held.samples.insert(held.samples.end(), record_.begin(), record_.begin() + std::ptrdiff_t(take));
  }
  for (std::size_t i = 0; i < files_.size(); ++i) held.through[i] = whole_pass ? ALL_RECORDS : files_[i]->point().number;
  CHESS_RETURN_IF_ERROR(rewind_all());
  held_through_ = held.through;
  return held;
}

chess::Result<bool> SampleStream::check_start(const WindowStart& start, const std::string& name) const {
  const auto refuse = [&name](const std::string& field, std::uint64_t value, const std::string& why) {
    return refused_checkpoint_field(name, field, std::to_string(value), why);
  };
  if (start.files.size() != files_.size())
    return refuse("files", start.files.size(), "and the configuration names " + std::to_string(files_.size()) + " data files");
  for (std::size_t i = 0; i < files_.size(); ++i) {
    const StreamPoint& p = start.files[i];
    const PositionStream& in = *files_[i];
    const std::string field = "files[" + std::to_string(i) + "].";
    const std::string before = " bytes before it hold";
    if (p.offset > in.file_bytes())
      return refuse(field + "offset", p.offset,
                    "past the end of " + in.path() + " (" + std::to_string(in.file_bytes()) + " bytes)");
    if (p.number > p.offset)
      return refuse(field + "number", p.number, "more records than the " + std::to_string(p.offset) + before);
    if (p.line > p.offset) return refuse(field + "line", p.line, "more lines than the " + std::to_string(p.offset) + before);
    if (p.chunk > p.offset) return refuse(field + "chunk", p.chunk, "after the record's byte " + std::to_string(p.offset));
    const std::size_t record = fixed_record_bytes(in.format());
    if (record > 0 && (p.offset % record != 0 || p.number != p.offset / record))
      return refuse(field + "offset", p.offset,
                    "not the start of record " + std::to_string(p.number + 1) + " of " + std::to_string(record) + " bytes");
  }
  const bool partial = start.partial_file != NO_PARTIAL_RECORD;
  if (partial && start.partial_file >= files_.size())
    return refuse("partial_file", start.partial_file, "not one of the " + std::to_string(files_.size()) + " data files");
  if (partial ? start.partial_taken == 0 || start.partial_taken > MOST_RECORD_POSITIONS : start.partial_taken != 0)
    return refuse("partial_taken", start.partial_taken,
                  partial ? "outside 1 to " + std::to_string(MOST_RECORD_POSITIONS) : "and no record is partly taken");
  const bool run = start.run.file != NO_RUN;
  if (run && start.run.file >= files_.size())
    return refuse("run_file", start.run.file, "not one of the " + std::to_string(files_.size()) + " data files");
  if (run ? start.run.bytes > INTERLEAVE_RUN_BYTES : start.run.bytes != 0)
    return refuse("run_bytes", start.run.bytes,
                  run ? "more than a run's " + std::to_string(INTERLEAVE_RUN_BYTES) + " bytes" : "and no run is under way");
  return true;
}

}  // namespace tuner
