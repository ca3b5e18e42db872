// RunInputs: what a run reads from outside before its first game, read once by prepare_run and
// handed to the runner: the opening book, the tablebases, and the engines' first start (each
// program started once, its handshake, variant, FEN starts and option names checked; each other
// set of options started once with it).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "adjudication/tablebases.h"
#include "openings/opening_book.h"
#include "record/dialogue_log.h"
#include "run/match_config.h"
#include "run/params_checks.h"

namespace harness {

struct RunInputs {
  OpeningBook book;
  std::shared_ptr<const Tablebases> tablebases;  // null without --tb
  // PrepareOptions::drop_bad_options: each option left out, in fastchess's words
  // ("Warning; NAME doesn't have option X", "Warning; Invalid value for option X; V").
  std::vector<std::string> option_warnings{};
  // MatchConfig::log_path opened for appending (a resumed run goes on in the same file).
  std::shared_ptr<DialogueLog> dialogue_log{};
  // What each engine declared when it was probed, which a parameters file's values are checked
  // against at every read (empty when the engines were not probed).
  std::vector<DeclaredOptions> declared_options{};
};

struct PrepareOptions {
  // The variant follows the book (fischerandom when it has Chess960 castling) instead of being
  // given: the command line without --variant.
  bool variant_from_book = false;
  // Start each engine once to check it (false: a resumed run with nothing left to play).
  bool probe_engines = true;
  // An option an engine cannot take is left out of the run with a warning, as fastchess does,
  // instead of refusing the run (the front ends; harness match refuses it, naming it).
  bool drop_bad_options = false;
  // The results database, which --pgn may not name.
  std::string db_path;
  // A book read already (the tuner reads its EPD or PGN book once for all its matches), taken
  // instead of reading the configuration's.
  std::shared_ptr<const OpeningBook> book{};
};

// Reads the book (a Chess960 book in a standard run is refused, naming the opening; a stored
// run's book that no longer holds the openings it was planned on is refused), opens the
// tables, and probes the engines; `config`'s variant is set when it follows the book, and its
// openings digest when it has none.
chess::Result<RunInputs> prepare_run(MatchConfig& config, const PrepareOptions& options = {});

// An error when the run's openings digest is set and `book` holds other openings.
chess::Result<bool> check_same_openings(const MatchConfig& config, const OpeningBook& book);

// The probe alone: each program once (engines that differ only in options are one program),
// then each other set of options of it started once, so that every engine of the run has
// started with its own options before anything is recorded.
// With `dropped`, options the engines cannot take are removed from `config` and described there.
// The probe's lines go to `log` when given (outside any game). The parameters file, if any, is
// read and checked against what the engines declared, which is kept in `declared` when given.
chess::Result<bool> check_engines_start(MatchConfig& config, const OpeningBook& book, std::vector<std::string>* dropped = nullptr,
                                        const std::shared_ptr<DialogueLog>& log = nullptr,
                                        std::vector<DeclaredOptions>* declared = nullptr);

}  // namespace harness
