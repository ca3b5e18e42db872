#include "data_tools/out_of_core_shuffle.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "data_tools/seeded_draws.h"
#include "formats/training_record.h"

namespace tuner {

namespace {

// The next record of a source (the input, or a temporary file), or nullopt at its end; the view
// is valid until the next call.
using RecordSource = std::function<chess::Result<std::optional<std::string_view>>()>;

constexpr std::size_t MAX_SCATTER_FILES = 256;  // temporary files of one scatter, open at once
constexpr std::size_t RECORD_INDEX_BYTES = 16;  // what a record held in memory costs beside its bytes
constexpr std::size_t LENGTH_BYTES = 4;         // a record's length before it in a temporary file

// Records held in memory up to the budget, then put in a random order.
class RecordPool {
 public:
  RecordPool(std::size_t budget, std::uint64_t expected_bytes) : budget_(budget) {
    bytes_.reserve(std::size_t(std::min<std::uint64_t>(expected_bytes, budget)));
  }
  // False, and nothing held, when the record would take the pool past its budget (the first
  // record is always held).
  bool add(std::string_view record) {
    const std::size_t cost = bytes_.size() + record.size() + (slices_.size() + 1) * RECORD_INDEX_BYTES;
    if (!slices_.empty() && cost > budget_) return false;
    slices_.push_back({bytes_.size(), record.size()});
    bytes_.append(record);
    return true;
  }
  void shuffle(SeededDraws& draws) { shuffle_in_place(std::span<Slice>(slices_), draws); }
  std::size_t size() const { return slices_.size(); }
  std::string_view record(std::size_t i) const { return std::string_view(bytes_).substr(slices_[i].at, slices_[i].size); }
  void release() {
    std::string().swap(bytes_);
    std::vector<Slice>().swap(slices_);
  }

 private:
  struct Slice {
    std::size_t at, size;
  };
  std::size_t budget_;
  std::string bytes_;
  std::vector<Slice> slices_;
};

std::string write_failure(const std::string& path) { return path + ": cannot write (" + std::strerror(errno ? errno : EIO) + ")"; }

// The temporary files of one scatter: in each, every record as its length (4 bytes, little-
// endian) and its bytes. They are removed when this goes, so on an error too.
class ScatterFiles {
 public:
  ScatterFiles() = default;
  ScatterFiles(const ScatterFiles&) = delete;
  ScatterFiles& operator=(const ScatterFiles&) = delete;
  ~ScatterFiles() {
    for (std::size_t i = 0; i < paths_.size(); ++i) remove(i);
  }

  // `count` files made, numbered on from `made` (which counts them).
  chess::Result<bool> create(const std::string& prefix, std::size_t count, std::size_t& made) {
    for (std::size_t i = 0; i < count; ++i) {
      paths_.push_back(prefix + std::to_string(made++) + ".tmp");
      files_.push_back(std::make_unique<std::ofstream>(paths_.back(), std::ios::binary | std::ios::trunc));
      bytes_.push_back(0);
      if (!*files_.back()) return chess::Error{paths_.back() + ": cannot be made (" + std::strerror(errno ? errno : EIO) + ")"};
    }
    return true;
  }
  chess::Result<bool> put(std::size_t file, std::string_view record) {
    char length[LENGTH_BYTES];
    for (std::size_t i = 0; i < LENGTH_BYTES; ++i) length[i] = char((record.size() >> (8 * i)) & 0xFF);
    std::ofstream& out = *files_[file];
    out.write(length, std::streamsize(LENGTH_BYTES));
    out.write(record.data(), std::streamsize(record.size()));
    if (!out) return chess::Error{write_failure(paths_[file])};
    bytes_[file] += LENGTH_BYTES + record.size();
    return true;
  }
  // Every file written through and closed, to be read back.
  chess::Result<bool> close() {
    for (std::size_t i = 0; i < files_.size(); ++i) {
      files_[i]->close();
      if (!*files_[i]) return chess::Error{write_failure(paths_[i])};
    }
    return true;
  }
  const std::string& path(std::size_t file) const { return paths_[file]; }
  std::uint64_t bytes(std::size_t file) const { return bytes_[file]; }
  void remove(std::size_t file) {
    files_[file].reset();
    std::error_code ec;
    std::filesystem::remove(paths_[file], ec);
  }

 private:
  std::vector<std::string> paths_;
  std::vector<std::unique_ptr<std::ofstream>> files_;
  std::vector<std::uint64_t> bytes_;
};

// A temporary file's records read back in order.
class ScatteredRecords {
 public:
  explicit ScatteredRecords(const std::string& path) : in_(path, std::ios::binary), path_(path) {}
  chess::Result<std::optional<std::string_view>> next() {
    unsigned char length[LENGTH_BYTES];
    in_.read(reinterpret_cast<char*>(length), std::streamsize(LENGTH_BYTES));
    if (in_.gcount() == 0 && in_.eof()) return std::optional<std::string_view>();
    if (std::size_t(in_.gcount()) != LENGTH_BYTES) return chess::Error{path_ + ": cannot read back what was written there"};
    const auto size = std::size_t(formats::read_le(length, int(LENGTH_BYTES)));
    record_.resize(size);
    in_.read(record_.data(), std::streamsize(size));
    if (!in_) return chess::Error{path_ + ": cannot read back what was written there"};
    return std::optional<std::string_view>(record_);
  }

 private:
  std::ifstream in_;
  std::string path_;
  std::string record_;
};

struct ShuffleRun {
  const ShuffleSettings& settings;
  RecordWriter& out;
  SeededDraws draws;
  ShuffleSummary summary{};

  // The source's records shuffled in memory if they fit, else scattered and each part shuffled.
  chess::Result<bool> shuffle(const RecordSource& source, std::uint64_t expected_bytes) {
    RecordPool pool(settings.memory, expected_bytes);
    for (;;) {
      auto record = source();
      CHESS_RETURN_IF_ERROR(record);
      if (!*record) break;
      if (!pool.add(**record)) return scatter(source, pool, std::string(**record), expected_bytes);
    }
    pool.shuffle(draws);
    for (std::size_t i = 0; i < pool.size(); ++i) out.write(pool.record(i));
    summary.records += pool.size();
    return true;
  }

  // The pool's records, then `overflow` (the record that did not fit), then the rest of the
  // source, each to a temporary file drawn at random; then each file shuffled in turn.
  chess::Result<bool> scatter(const RecordSource& source, RecordPool& pool, const std::string& overflow,
                              std::uint64_t expected_bytes) {
    const std::size_t count =
        std::size_t(std::clamp<std::uint64_t>(2 * expected_bytes / std::max<std::size_t>(settings.memory, 1) + 1, 2, MAX_SCATTER_FILES));
    ScatterFiles files;
    CHESS_RETURN_IF_ERROR(files.create(settings.temporary_prefix, count, summary.temporary_files));
    for (std::size_t i = 0; i < pool.size(); ++i) CHESS_RETURN_IF_ERROR(files.put(std::size_t(draw_below(draws, count)), pool.record(i)));
    pool.release();
    CHESS_RETURN_IF_ERROR(files.put(std::size_t(draw_below(draws, count)), overflow));
    for (;;) {
      auto record = source();
      CHESS_RETURN_IF_ERROR(record);
      if (!*record) break;
      CHESS_RETURN_IF_ERROR(files.put(std::size_t(draw_below(draws, count)), **record));
    }
    CHESS_RETURN_IF_ERROR(files.close());
    for (std::size_t i = 0; i < count; ++i) {
      ScatteredRecords part(files.path(i));
      CHESS_RETURN_IF_ERROR(shuffle([&part] { return part.next(); }, files.bytes(i)));
      files.remove(i);
    }
    return true;
  }
};

}  // namespace

chess::Result<ShuffleSummary> shuffle_records(PositionStream& in, const ShuffleSettings& settings, RecordWriter& out) {
  ShuffleRun run{settings, out, SeededDraws(settings.seed), ShuffleSummary{}};
  const RecordSource input = [&in]() -> chess::Result<std::optional<std::string_view>> {
    auto record = in.next();
    CHESS_RETURN_IF_ERROR(record);
    if (!*record) return std::optional<std::string_view>();
    return std::optional<std::string_view>((*record)->bytes);
  };
  CHESS_RETURN_IF_ERROR(run.shuffle(input, in.file_bytes()));
  return run.summary;
}

std::string shuffle_temporary_prefix(const std::string& output) {
  return output + ".shuffle-" + std::to_string(::getpid()) + "-";
}

}  // namespace tuner
