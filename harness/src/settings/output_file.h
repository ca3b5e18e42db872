// Output files checked before anything is written: one that is a SQLite database (the results
// database above all: `-o` given the database's name once replaced it with the export) or one
// of the run's inputs is refused, and one that cannot be written is named at once rather than
// after the run (`--pgn /no/such/dir/x.pgn` played every game and wrote nothing, silently).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// "OPTION PATH: why" when `path` may not be written; else true, leaving the file as it was (one
// that did not exist is made to try, and removed). `inputs` are the files the command reads; one
// that is the same file as `path`, or would be, is refused.
chess::Result<bool> check_output_file(const std::string& option, const std::string& path,
                                      const std::vector<std::string>& inputs = {});

}  // namespace harness
