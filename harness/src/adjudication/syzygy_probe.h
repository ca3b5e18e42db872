// Syzygy tablebases through Debian's Fathom library (libfathom), loaded at run time: Fathom and
// libgaviotatb both export a C function named tb_init, so they cannot be linked into one
// program; Fathom is opened with its own symbols first (RTLD_DEEPBIND) instead.
#pragma once

#include <string>

#include "core/position.h"
#include "core/result.h"

namespace harness::syzygy {

// Opens the tables in `path`; returns the largest piece count they hold. They stay mapped until
// the process ends: Debian's Fathom (2019) prints "munmap: <an unrelated error>" on standard
// error for every table it unmaps successfully (its check of munmap's result is inverted), so
// tb_free is never called, and opening the same path again keeps what is open. Another path
// unmaps the tables probed so far, with those lines.
chess::Result<int> open(const std::string& path);

// TB_LOSS 0 ... TB_WIN 4 from the side to move's view (blessed losses and cursed wins are
// draws under the fifty-move rule), or -1 when the position is not in the tables.
int probe_wdl(const chess::Position& pos);

}  // namespace harness::syzygy
