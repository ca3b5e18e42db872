// ForeignRun: a run asked for in fastchess's or cutechess-cli's words (harness fastchess ARGS,
// harness cutechess ARGS, or the binary called through a link of those names). It becomes an
// ordinary MatchConfig, stored and resumable like any run, plus what those programs print and
// write beside it (their lines, their PGN and EPD files).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "pgn/pgn_writer.h"
#include "run/match_config.h"

namespace harness {

// Whose command line it is.
enum class Dialect { FASTCHESS, CUTECHESS };
const char* dialect_name(Dialect dialect);  // "fastchess", "cutechess-cli"

// Whose lines standard output carries: fastchess's own, fastchess's "-output format=cutechess",
// or cutechess-cli's.
enum class LineFormat { FASTCHESS, FASTCHESS_CUTECHESS, CUTECHESS };

struct ForeignOutput {
  LineFormat format = LineFormat::FASTCHESS;
  int rating_interval = 10;                 // results block every N games (pairs with the pentanomial report); 0: at the end only
  int score_interval = 1;                   // cutechess's "Score of" line every N games; 0: at the end only
  bool penta = true;                        // fastchess: the pentanomial report (W/L/D of finished pairs)
  bool recover = false;                     // without it, a crash or stall ends the run after that game
  bool test_env = false;                    // -testEnv: a warning's parts on one line, joined by " :: " (else one part a line)
  bool strict = false;                      // -strict: a warning stops the run, which exits with status 1 (fastchess's)
  bool log_append = true;                   // -log append=false: the log is emptied when the run starts
  std::vector<std::string> start_warnings;  // printed before the first game (-config file=)
  std::map<std::string, std::string> stderr_files;  // cutechess-cli's stderr=FILE: engine name -> file
  std::string pgn_file;                             // -pgnout: each game appended in that program's manner
  bool pgn_append = true;                           // false: the file is emptied when the run starts
  PgnComments pgn_extras;
  std::string epd_file;  // -epdout: each game's final position
  bool epd_append = true;
  bool crc32 = false;        // "File X has CRC32: 0x..." after each PGN write
  std::string site = "?";    // PGN Site
  std::string program = "";  // how it was called, for the resume hint
};

struct ForeignRun {
  MatchConfig config;
  ForeignOutput output;
  std::string db;                       // -db FILE (default: the harness's database)
  std::string events;                   // -events file=F: the event stream (empty: none)
  bool help = false;                    // -help: print the options and exit
  bool version = false;                 // -version
  std::vector<std::string> compliance;  // --compliance ENGINE ARGS: check that engine and exit
};

// The run a command line asks for. Every option is honoured or refused by name: an option this
// harness cannot honour is an error naming it, never ignored. The configuration is validated.
// The options and engine keys of that program's command line from the one table both the
// parser and this text are read from: what each does here, and what is refused with why.
std::string foreign_help(Dialect dialect);

chess::Result<ForeignRun> parse_foreign_command_line(Dialect dialect, const std::vector<std::string>& args);

}  // namespace harness
