// tuner --confirm "stc=8+0.08 ltc=40+0.4 sprt='elo0=0 elo1=5' games=2000": after a tune, the
// tuned values play the start at each time control named, under the SPRT when one is given
// (else all the games), and each result is stored with the tune. A tune that gains at one time
// control often fails at another; this says which.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "fitness/tuned_engines.h"
#include "stats/sprt.h"
#include "storage/tuner_database.h"

namespace tuner {

struct ConfirmSettings {
  struct Leg {
    std::string label;  // stc, ltc
    std::string tc;
  };
  std::vector<Leg> legs;  // in the order given
  std::optional<harness::SprtConfig> sprt;
  int games = 2000;  // the most games of each leg
  int concurrency = 2;
};

// The settings `text` gives; every error starts "--confirm" and names the key.
chess::Result<ConfirmSettings> parse_confirm(const std::string& text);

// Plays and stores each leg; the lines that report them.
chess::Result<std::string> confirm(const TunedEngines& engines, const Values& tuned, const Values& start,
                                   const ConfirmSettings& settings, TunerDatabase& db, std::int64_t tuner_run,
                                   std::ostream& out);

// "stc 8+0.08: +4.2 +/- 6.1 Elo, SPRT H1 (harness run 12)": a stored confirmation as a line.
std::string confirmation_line(const ConfirmationRow& row);

}  // namespace tuner
