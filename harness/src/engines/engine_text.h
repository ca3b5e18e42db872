// Text the harness sends to an engine (an option's name and value, an init string) goes out
// inside one line of its protocol: a control character in it, a newline above all, would end
// that line early and hand the engine the rest as a command of its own ("setoption name
// Contempt value 100"). Such text is refused at every door it comes in by, before any process
// starts; ChildProcess::write_line refuses the line as the last guard.
#pragma once

#include <string>
#include <string_view>

#include "engines/engine_config.h"

namespace harness {

// Why `text` cannot go to an engine within a line ("holds a control character (...)"); "" when it can.
std::string engine_line_problem(std::string_view text);

// `text` quoted for a message: its first characters, control characters escaped.
std::string quoted_engine_text(std::string_view text);

// The first option name, option value or init string of `e` that cannot go to an engine,
// described by its key: "option 'Contempt': the value '0\nsetoption ...' holds a control
// character (...)"; "" when every one can.
std::string engine_text_problem(const EngineConfig& e);

}  // namespace harness
