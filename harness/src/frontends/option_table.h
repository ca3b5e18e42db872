// A front end's options as one table: a row per option with its name, what follows it, its
// help and its handler. The parser and the help are both read from the table; an option
// without a handler is refused with its help as the reason.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "frontends/line_state.h"

namespace harness::frontend {

// What follows an option: checked before its handler runs.
enum class Arity { NONE, ONE, OPTIONAL_ONE, SOME, KEY_VALUES, ANY };

using OptionHandler = chess::Result<bool> (*)(LineState&, const Flag&);

struct OptionRow {
  const char* name;
  Arity arity;
  const char* usage;
  const char* help;
  OptionHandler apply;  // nullptr: refused, `help` says why
};

// The option's row of `rows` checked and applied; an option not in the table is named with the
// nearest one that is.
chess::Result<bool> apply_option(const std::vector<OptionRow>& rows, LineState& state, const Flag& f);

// A refused row: the option and why it cannot be honoured here.
constexpr OptionRow refused(const char* name, const char* why) { return {name, Arity::ANY, "", why, nullptr}; }

}  // namespace harness::frontend
