// "@FILE" arguments: a word "@FILE" stands for the file's lines, each line one word, in
// the front ends' command lines and in harness's --engine specs. A tune of hundreds of
// parameters then passes its option.X=V words in a file, clear of the command line's length
// limit (Windows' 32,767 characters). Blank lines and lines starting with '#' are skipped; a
// line is taken whole (spaces and quotes included), without its line ending.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

// The largest file read so: far past any tune's option words.
inline constexpr std::size_t MAX_ARGUMENT_FILE = 16u << 20;

// `words` with each "@FILE" replaced by the file's lines; an error names `what` (the option or
// program the words are for), the file and, for a bad line, its number. A line of the file that
// is itself "@OTHER" is a word like any other: files do not nest.
chess::Result<std::vector<std::string>> expand_argument_files(const std::vector<std::string>& words, const std::string& what);

}  // namespace harness
