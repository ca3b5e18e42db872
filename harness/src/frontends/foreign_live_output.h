// ForeignLiveOutput: a run's lines as fastchess or cutechess-cli print them, for the programs that
// read those lines (OpenBench's client, Stockfish's worker, tuning scripts), and the PGN and EPD
// files those programs write. Standard output carries only their lines: ASCII, no blank line.
// What the two formats share is here (game lines, warnings, files); the results lines of each
// format are a ResultLines (frontends/result_lines.h).
#pragma once

#include <boost/crc.hpp>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include "frontends/foreign_run.h"
#include "frontends/result_lines.h"
#include "run/live_output.h"

namespace harness {

class ForeignLiveOutput : public LiveOutput {
 public:
  // `db_path` is named in the resume hint of a stopped run.
  explicit ForeignLiveOutput(const ForeignRun& run);

  void resuming(std::ostream&, std::int64_t, int, int) override {}
  void game_started(std::ostream& out, const GameSpec& spec, int total) override;
  void game_stored(std::ostream& out, const GameRecord& game, const RunTally& tally, const RunProgress& progress) override;
  void game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) override;
  void stopping(std::ostream&, StopRequest) override {}
  void ended(std::ostream& out, const RunTally& tally, const RunEnding& ending) override;
  bool wants_starts() const override { return true; }

  // An error opening or writing the PGN or EPD file, once one happened (the run stops).
  const std::string& file_error() const { return file_error_; }
  // -strict: a warning was printed, and the run was stopped for it (the exit status is 1).
  bool stopped_by_warning() const { return stopped_by_warning_; }

 private:
  // The game's warning lines; how many were printed.
  int warnings(std::ostream& out, const GameRecord& g);
  int pv_warnings(std::ostream& out, const GameRecord& g) const;
  void write_files(std::ostream& out, const GameRecord& g);

  MatchConfig config_;
  ForeignOutput output_;
  std::unique_ptr<ResultLines> lines_;  // the results in the output format's lines (refers to config_ and output_)
  boost::crc_32_type pgn_crc_;          // CRC-32 of the PGN file so far
  std::string file_error_;
  bool stopped_by_warning_ = false;
};

// The reason of "Finished game N (A vs B): RESULT {reason}" in that program's words.
std::string foreign_reason(const GameRecord& g, LineFormat format);

}  // namespace harness
