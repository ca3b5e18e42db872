// Training data read from disk a window at a time, for data larger than the shuffle buffer (as
// bullet streams its data). The files' records are interleaved in runs: a file is drawn with a
// chance proportional to the bytes it has left in this pass, and read on, record after record,
// for INTERLEAVE_RUN_BYTES or to its end before the next draw, so that every draw takes about the
// same bytes of whichever file and every stretch of a pass holds the files in proportion to their
// sizes, whatever their records' sizes. Records are decoded and filtered (SampleFilter) straight
// to samples. A window is the next `capacity` training samples, shuffled in place; when every
// file is at its end a new pass begins at every file's start, inside the window if need be, so
// every window is full. Which records are held out to validate is a hash of the seed, the file
// and the record's number, up to where the validation's reading stopped (read_held_out): the same
// on every pass, whatever the order.
//
// A window is a function of where it starts (WindowStart): the interleaving draws and the shuffle
// are seeded by the run's seed and the window's number, and the run being read is part of the
// start, so a resumed run reads a window again from its start and gets the same samples in the
// same order.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "data_tools/position_stream.h"
#include "data_tools/seeded_draws.h"
#include "network_training/training_samples.h"

namespace tuner {

inline constexpr std::uint64_t NO_PARTIAL_RECORD = ~std::uint64_t(0);  // WindowStart::partial_file: none
inline constexpr std::uint64_t NO_RUN = ~std::uint64_t(0);             // InterleaveRun::file: none
inline constexpr std::uint64_t ALL_RECORDS = ~std::uint64_t(0);        // HeldOut::through: every record
// The bytes a drawn file is read on for before the next draw: a run. Were each draw one record, a
// file of large records (viriformat games, ~270 bytes) would drain faster than one of small ones
// (text lines, ~60 bytes), crowding the start of every pass. 64 KiB is hundreds of records of any
// format, yet a window of the default buffer holds thousands of runs: each window mixes the files.
inline constexpr std::uint64_t INTERLEAVE_RUN_BYTES = std::uint64_t(64) << 10;
// The most positions one record holds: a binpack chain, its first position and 65535 plies (its
// count is 16 bits; a viriformat game holds at most 16385, any other record one). A record that
// would keep more is refused as damaged. It bounds one record's samples in memory, and a
// checkpoint's count of a partly taken record's positions.
inline constexpr std::uint64_t MOST_RECORD_POSITIONS = std::uint64_t(1) << 16;

// The run of records being read from one file: its file (NO_RUN: none, the next record's file is
// drawn) and the bytes of it read so far, below INTERLEAVE_RUN_BYTES.
struct InterleaveRun {
  std::uint64_t file = NO_RUN;
  std::uint64_t bytes = 0;
};

// Where a window starts: a window is a function of this and the run's settings.
struct WindowStart {
  std::uint64_t pass = 0;          // passes over the data begun before this one
  std::uint64_t window = 0;        // windows before this one
  std::vector<StreamPoint> files;  // each file's next record, in the configuration's order
  // A record (a game, a chain) whose kept positions did not all fit in the window before: its
  // file and how many of them that window took. It is read again first, those skipped.
  std::uint64_t partial_file = NO_PARTIAL_RECORD;
  std::uint64_t partial_taken = 0;
  InterleaveRun run;  // the run under way (after the partly taken record, if any)
};

struct StreamSettings {
  SampleFilter filter;
  bool needs_score = false;  // a position without a search score is an error ('wdl' below 1)
  std::uint64_t seed = 1;
  bool shuffle = true;  // false: the files one after another, each window in file order
  double validation_fraction = 0;
};

// The error refusing a checkpoint's field: "NAME: the checkpoint's field 'FIELD' is VALUE, WHY"
// (the stream's fields here, the run's in training_checkpoint.cpp).
chess::Error refused_checkpoint_field(const std::string& name, const std::string& field, const std::string& value,
                                      const std::string& why);

// The memory a stream of `files` holds besides its windows: for each file, a block read ahead and
// its current record (a text line, a viriformat game, a binpack chunk of up to 100 MiB: up to its
// format's bound), and the kept samples of the record being read (MOST_RECORD_POSITIONS).
std::uint64_t stream_memory_bytes(const std::vector<SampleFile>& files);

// Whether record `record` (numbered from 1) of file `file` (from 0) is held out to validate: a
// hash of the seed, the file and the record below `fraction`. A game's positions stay together.
// (The training skips it only if the validation's reading reached it: HeldOut.)
bool held_out_record(std::uint64_t seed, std::size_t file, std::uint64_t record, double fraction);

// The validation positions, and per file the last record their reading reached (ALL_RECORDS: the
// pass ended first): the records held out, never trained on. A held-out record past it is one
// the validation did not take (it holds at most `most`), and is trained on.
struct HeldOut {
  std::vector<TrainingSample> samples;
  std::vector<std::uint64_t> through;  // by file
};

class SampleStream {
 public:
  // Every file opened (each with its format); an error names the file.
  static chess::Result<SampleStream> open(const std::vector<SampleFile>& files, const StreamSettings& settings);

  // The window from `start` into `out`: `capacity` training samples (`out` never holds more),
  // shuffled; returns where the next window starts. A reading error names the file, the record
  // and its byte. `stop` set ends the reading early with an error.
  chess::Result<WindowStart> fill_window(const WindowStart& start, std::size_t capacity, std::vector<TrainingSample>& out,
                                         const std::atomic<bool>& stop);
  // The samples of held-out records, the first `most` of them in an interleaved order of its own
  // (read once, at most one pass), and how far their reading reached; from then on only the
  // records it reached are held out from training (before it is called, every held-out record;
  // with `most` 0, none). The same files and settings give the same on every call: a resumed run
  // holds out the same records.
  chess::Result<HeldOut> read_held_out(std::size_t most);

  // The first window: every file at its start.
  WindowStart first_window() const;
  // Refuses, naming `name` (a checkpoint) and the field, a start that cannot be one of these
  // files': a file's point past its end or out of step with its format, a partly taken record or
  // a run of a file it does not have, a run longer than INTERLEAVE_RUN_BYTES.
  chess::Result<bool> check_start(const WindowStart& start, const std::string& name) const;
  std::size_t files() const { return files_.size(); }

  // For tests: each record read for training (not the repeat of a partial one), with its file,
  // number and the pass it belongs to.
  std::function<void(std::size_t file, std::uint64_t record, std::uint64_t pass)> on_training_record;

 private:
  explicit SampleStream(const StreamSettings& settings) : settings_(settings) {}
  // A file drawn by the bytes each has left, or nullopt when every file is at its end.
  std::optional<std::size_t> draw_file(SeededDraws& draws) const;
  // The file the next record comes from: the run's while it lasts, else a file drawn, which
  // begins a new run; nullopt when every file is at its end.
  std::optional<std::size_t> next_file(SeededDraws& draws, InterleaveRun& run) const;
  // After `bytes` more of the run's file: the run ends at INTERLEAVE_RUN_BYTES, or at the file's end.
  void extend_run(InterleaveRun& run, std::uint64_t bytes) const;
  // File `file`'s next record into the window `out` (of `capacity`), its first `skip` kept positions
  // skipped (the window before took them); `at` gets the run and any record the window ends inside.
  chess::Result<bool> take_record(std::size_t file, std::size_t skip, std::size_t capacity, WindowStart& at,
                                  std::vector<TrainingSample>& out);
  // The kept samples of file `file`'s next record into `out`, decoded only when `decode` (else
  // the record is only framed, and none kept): false at the file's end.
  chess::Result<bool> read_record(std::size_t file, bool decode, std::vector<TrainingSample>& out);
  chess::Result<bool> seek_all(const std::vector<StreamPoint>& points);
  chess::Result<bool> rewind_all();
  std::uint64_t bytes_left(std::size_t file) const;
  std::string files_text() const;  // "the data files (A, B)"
  // Whether the training skips record `record` of `file`: held out, and reached by the validation.
  bool held_out(std::size_t file, std::uint64_t record) const;

  StreamSettings settings_;
  std::vector<std::unique_ptr<PositionStream>> files_;
  std::vector<TrainingSample> record_;  // the record being read
  std::vector<std::uint64_t> held_through_;  // by file: HeldOut::through
};

}  // namespace tuner
