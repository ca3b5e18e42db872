// RunInputs: what a run reads from outside before its first game, read once by prepare_run and
// handed to the runner: the opening book, the tablebases, and the engines' first start (each
// program started once, its handshake, variant, FEN starts and option names checked).
#pragma once

#include <memory>
#include <string>

#include "adjudication/tablebases.h"
#include "openings/opening_book.h"
#include "run/match_config.h"

namespace harness {

struct RunInputs {
  OpeningBook book;
  std::shared_ptr<const Tablebases> tablebases;  // null without --tb
};

struct PrepareOptions {
  // The variant follows the book (fischerandom when it has Chess960 castling) instead of being
  // given: the command line without --variant.
  bool variant_from_book = false;
  // Start each engine once to check it (false: a resumed run with nothing left to play).
  bool probe_engines = true;
};

// Reads the book (a Chess960 book in a standard run is refused, naming the opening), opens the
// tables, and probes the engines; `config`'s variant is set when it follows the book.
chess::Result<RunInputs> prepare_run(MatchConfig& config, const PrepareOptions& options = {});

// The probe alone: each program once (engines that differ only in options are one program).
chess::Result<bool> check_engines_start(const MatchConfig& config, const OpeningBook& book);

}  // namespace harness
