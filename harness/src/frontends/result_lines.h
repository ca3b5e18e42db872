// ResultLines: what differs between the programs' standard output after each game and at the
// end: fastchess's results block (pentanomial or trinomial, at its intervals), or cutechess-cli's
// "Score of" and "Elo difference" lines (also fastchess's -output format=cutechess). The
// ForeignLiveOutput prints the lines both share; one of these prints the results.
#pragma once

#include <memory>
#include <string>

#include "frontends/foreign_run.h"
#include "record/game_record.h"
#include "run/live_output.h"
#include "stats/sprt.h"

namespace harness {

// Keeps references to the run's configuration and output settings, which must outlive it.
class ResultLines {
 public:
  ResultLines(const MatchConfig& config, const ForeignOutput& output) : config_(config), output_(output) {}
  virtual ~ResultLines() = default;
  // The lines after a finished game of a match: at their intervals, and after the last.
  virtual std::string after_game(const GameRecord& g, const RunTally& tally, const RunProgress& p) = 0;
  // The results at the end, unless after_game printed them after the last game.
  virtual std::string final_results(const RunTally& tally) const = 0;
  // The line of a run the SPRT stopped.
  virtual std::string sprt_decided(SprtDecision decision) const = 0;
  bool printed_final() const { return printed_final_; }

 protected:
  const MatchConfig& config_;
  const ForeignOutput& output_;
  bool printed_final_ = false;
};

// Each format's lines (fastchess_lines.cpp, cutechess_lines.cpp).
std::unique_ptr<ResultLines> fastchess_lines(const MatchConfig& config, const ForeignOutput& output);
std::unique_ptr<ResultLines> cutechess_lines(const MatchConfig& config, const ForeignOutput& output);

// The lines of `output.format`.
inline std::unique_ptr<ResultLines> make_result_lines(const MatchConfig& config, const ForeignOutput& output) {
  return output.format == LineFormat::FASTCHESS ? fastchess_lines(config, output) : cutechess_lines(config, output);
}

}  // namespace harness
