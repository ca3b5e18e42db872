// The results block in the line formats fastchess and cutechess print, so tools can parse it.
#pragma once

#include <optional>
#include <string>

#include "sprt.h"
#include "tally.h"

namespace harness {

// "Elo: ... / LOS: ... / Games: ... / Ptnml(0-2): ... / LLR: ..." lines (LLR only with SPRT).
std::string results_block(const std::string& title, const Tally& t, const std::optional<SprtConfig>& sprt);
// One line for progress displays and run lists: "Games 40/100 W-D-L 15-10-15 Elo 0.0 +/- 80.2".
std::string summary_line(const Tally& t, int total_games);
// "+12.3 +/- 4.5 Elo", "+0.0 +/- n/a Elo" (never -0.0; n/a where not finite), as tuner validations print it.
std::string elo_text(double elo, double error);

}  // namespace harness
