// How the command-line programs (harness, tuner) end on an error they cannot go on from: one
// line "PROGRAM: message" on standard error and exit status 2. Everything below the command
// line returns errors as values (chess::Result<T>); only the commands turn them into this.
#pragma once

#include <cstdlib>
#include <iostream>
#include <string>

#include "core/result.h"
#include "text/control_characters.h"

namespace harness {

// The name messages start with; each program's main sets it.
inline std::string& program_name() {
  static std::string name = "harness";
  return name;
}

// The message goes to a terminal: a control character in it (an escape sequence in a name the
// user gave, quoted back) is shown escaped, so that it cannot recolour or rewrite the screen.
[[noreturn]] inline void fail(const std::string& message) {
  std::cerr << program_name() << ": " << escaped_controls(message, true) << "\n";
  std::exit(2);
}

// The error, if any, prefixed with the option it came from: "--order must be ...".
template <class T>
chess::Result<T> with_option(const std::string& option, chess::Result<T> r) {
  if (!r) return chess::Error{option + " " + r.error()};
  return r;
}

template <class T>
T value_or_fail(chess::Result<T> r) {
  if (!r) fail(r.error());
  return std::move(r).value();
}

}  // namespace harness
