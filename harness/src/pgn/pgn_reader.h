// Reads PGN files one game at a time: the tag pairs, the main line's moves each with the
// comments that follow it, and the result. A malformed game is an error naming the file and
// line; the reader then goes on at the next game (the next tag line after a blank line), so
// one bad game never takes the rest of the file with it. A line that is not UTF-8 is read as
// Windows-1252 (Latin-1's superset, as old PGN files are written) and converted (core/utf8.h).
#pragma once

#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace harness {

struct PgnMove {
  std::string text;                   // as written: "Nf3", "O-O", "e8=Q+", or a UCI move
  std::vector<std::string> comments;  // the comments after it, without braces, trimmed
  int line = 0;
};

struct PgnGame {
  int line = 0;  // the game's first line
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> leading_comments;  // before the first move
  std::vector<PgnMove> moves;                 // the main line; variations and NAGs are left out
  std::string result;                         // "1-0", "0-1", "1/2-1/2", "*", or "" when the game has none
  std::string text;                           // the game's lines as the file has them

  // The tag's value, or nullptr when the game has no such tag.
  const std::string* tag(std::string_view name) const;
};

class PgnReader {
 public:
  static chess::Result<PgnReader> open(const std::string& path);
  // Reads from a stream; `name` is what messages call it.
  PgnReader(std::unique_ptr<std::istream> in, std::string name);

  // The next game; nullopt at the end of the input. An error names "NAME:LINE".
  std::optional<chess::Result<PgnGame>> next();
  const std::string& name() const { return name_; }
  // Lines read so far that were not UTF-8, and the first of them (0 when none).
  int converted_lines() const { return converted_lines_; }
  int first_converted_line() const { return first_converted_line_; }

 private:
  bool fetch();  // the next line into line_ (a held line first); false at the end
  void skip_to_next_game();
  chess::Error malformed(int line, const std::string& why) const;
  std::optional<chess::Error> read_tags(PgnGame& game);
  std::optional<chess::Error> read_movetext(PgnGame& game);
  // One line of movetext from `i`; true when the game's result token ended it.
  chess::Result<bool> read_movetext_line(PgnGame& game);
  void take_token(PgnGame& game, std::string token);

  std::unique_ptr<std::istream> in_;
  std::string name_;
  std::string line_;
  int number_ = 0;            // line_'s number
  bool held_ = false;         // line_ was read but belongs to what comes next
  bool blank_before_ = true;  // the line before line_ was blank (or line_ is the first)
  bool last_blank_ = true;    // line_ itself is blank
  bool resync_ = false;       // after a malformed game: skip to the next game's tags
  // Movetext state that spans lines: an open comment and the variations' depth.
  bool in_comment_ = false;
  std::string comment_;
  int comment_line_ = 0, depth_ = 0, depth_line_ = 0;
  int converted_lines_ = 0, first_converted_line_ = 0;
  std::optional<chess::Error> too_long_;  // a line past MAX_PGN_LINE ended the reading
  bool too_long_told_ = false;
};

}  // namespace harness
