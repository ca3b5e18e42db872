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
// is itself "@OTHER" is a word like any other: files do not nest. FILE must be a regular file
// (a directory is refused, not read as empty; a FIFO never blocks the reading).
chess::Result<std::vector<std::string>> expand_argument_files(const std::vector<std::string>& words, const std::string& what);

// A word and where it came from: a line of an argument file, or the command line itself.
struct ArgumentWord {
  std::string text;
  std::string file;  // empty: the word was given as it is
  int line = 0;
};

// The same, each word with where it came from.
chess::Result<std::vector<ArgumentWord>> expand_argument_words(const std::vector<std::string>& words, const std::string& what);
std::vector<std::string> argument_texts(const std::vector<ArgumentWord>& words);

// Which word of a range an error is blamed on: only one it quotes (an error about the whole
// command line), or else the range's first word from a file (an error about those words).
enum class ArgumentBlame { QUOTED, QUOTED_OR_FIRST };

// `error`, about words [from, to) of `words`, placed at the line of the argument file its word
// came from ("WHAT: @FILE:LINE: ..."); as it is when no word from a file is blamed.
chess::Error in_argument_file(const chess::Error& error, const std::vector<ArgumentWord>& words, std::size_t from, std::size_t to,
                              const std::string& what, ArgumentBlame blame = ArgumentBlame::QUOTED_OR_FIRST);

}  // namespace harness
