// UTF-8, the one encoding of every text the workbench stores and prints. Text that comes in
// otherwise is handled one way per door (docs/12-robustness.md, "Bad input"): files of games and positions
// (PGN, EPD) are read line by line, and a line that is not UTF-8 is read as Windows-1252 (the
// superset of Latin-1 that old PGN and EPD files are written in) and converted; names, events,
// sites, paths and option values given on a command line or in a configuration are refused,
// naming the byte.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace chess {

// The offset of the first byte where `text` stops being well-formed UTF-8 (overlong forms,
// surrogates and code points past U+10FFFF included), or npos when it all is.
std::size_t invalid_utf8_at(std::string_view text);

inline bool is_utf8(std::string_view text) { return invalid_utf8_at(text) == std::string_view::npos; }

// "is not UTF-8 text (byte 0xFC at offset 1)" for text that is not, "" for text that is.
std::string utf8_problem(std::string_view text);

// Each byte of `text` read as Windows-1252, written as UTF-8. The five bytes Windows-1252 leaves
// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) become U+0081 and the like, as web browsers read them.
std::string windows1252_to_utf8(std::string_view text);

}  // namespace chess
