// The options fastchess and cutechess-cli share, with one meaning here: their rows, which each
// program's table lists by name, and the handlers a program's own options reuse.
#pragma once

#include <string_view>

#include "frontends/option_table.h"

namespace harness::frontend {

// The row both programs have for `name` ("-engine", "-openings", "-sprt", ...).
const OptionRow& shared_option(std::string_view name);

// -openings file=F [format=] [order=] [plies=] [start=] [policy=].
chess::Result<bool> read_openings(LineState& s, const Flag& f);
// -draw movenumber=N movecount=N score=CP.
chess::Result<bool> read_draw(LineState& s, const Flag& f);
// -event and -site: the words joined by `separator` (fastchess joins them with none).
chess::Result<bool> text_words(const Flag& f, std::string& out, const std::string& separator);

}  // namespace harness::frontend
