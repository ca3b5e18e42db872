// Syzygy tablebases through Debian's Fathom library (libfathom), loaded at run time: Fathom and
// libgaviotatb both export a C function named tb_init, so they cannot be linked into one
// program; Fathom is opened with its own symbols first (RTLD_DEEPBIND) instead.
#pragma once

#include <string>

#include "core/position.h"
#include "core/result.h"

namespace harness::syzygy {

// Opens the tables in `path`; returns the largest piece count they hold.
chess::Result<int> open(const std::string& path);
void close();

// TB_LOSS 0 ... TB_WIN 4 from the side to move's view (blessed losses and cursed wins are
// draws under the fifty-move rule), or -1 when the position is not in the tables.
int probe_wdl(const chess::Position& pos);

}  // namespace harness::syzygy
