// A parameters file: the option values each engine plays the next game pair with, read again
// before every pair (--params-file, -params file=F), so that an SPSA client can change them
// between pairs without restarting the runner or its engines. The form is fishtest's and
// OpenBench's per-engine "name=value" lists, in sections:
//
//   # lines before a section are for every engine
//   Hash=16
//   [dev]
//   lmr_base=73
//   option.futility_margin=150     (fastchess's "option." prefix may be kept)
//   [base]
//   lmr_base=70
//
// Blank lines and lines starting with '#' or ';' are skipped; a name is taken whole (spaces
// inside it are the option's), the value runs to the line's end. A writer should write the
// file whole at once (a temporary file renamed over it), so that a pair never reads half of it.
//
// Names and values are one printable line of UTF-8 each (a CR inside a value would end the
// engine's line early), and a value is never empty (a file caught half-written). Messages name
// the file and line and quote at most the wrong field, since the name may by then be a link to
// a file that is no parameters file at all.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "engines/engine_config.h"

namespace harness {

using OptionValues = std::vector<std::pair<std::string, std::string>>;

struct ParamsSection {
  std::string engine;  // empty: every engine
  OptionValues values;
};

// A check each value passes after its text is checked (the started engines' declared options,
// run/params_checks.h): `engine` is the value's section (empty: every engine); the error says
// what is wrong, quoting at most the wrong field, and the reader adds the file and line.
using ParamsCheck =
    std::function<chess::Result<bool>(const std::string& engine, const std::string& name, const std::string& value)>;

// The file's sections; an error names the file and the line. A section must name one of
// `engines` (the run's engine names).
chess::Result<std::vector<ParamsSection>> parse_params_file(const std::string& text, const std::string& path,
                                                            const std::vector<std::string>& engines,
                                                            const ParamsCheck& check = {});
// The same, read from `path`, which must be a regular file: a FIFO is refused without blocking,
// a directory or a device by what it is.
chess::Result<std::vector<ParamsSection>> read_params_file(const std::string& path, const std::vector<std::string>& engines,
                                                           const ParamsCheck& check = {});

// A field of the file in quotes for a message: at most its first 40 bytes (cut between two
// characters). The field must be printable UTF-8 already.
std::string quoted_params_field(const std::string& field);

// The values the file gives `engine` (every engine's first, its own after, a later value of a
// name replacing an earlier one).
OptionValues params_for(const std::vector<ParamsSection>& sections, const std::string& engine);
// `engine` with `values` set: each replaces the option of its name, or is added.
EngineConfig with_params(EngineConfig engine, const OptionValues& values);

}  // namespace harness
