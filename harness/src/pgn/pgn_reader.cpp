#include "pgn/pgn_reader.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "core/bounded_read.h"
#include "core/utf8.h"
#include "text/control_characters.h"
#include "text/trim.h"

namespace harness {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool is_result(const std::string& token) { return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*"; }

// `[Name "value"]` with \" and \\ escapes in the value, or nullopt.
std::optional<std::pair<std::string, std::string>> parse_tag(const std::string& t) {
  std::size_t i = 1;
  std::string name, value;
  while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '_')) name += t[i++];
  while (i < t.size() && is_space(t[i])) ++i;
  if (name.empty() || i >= t.size() || t[i] != '"') return std::nullopt;
  for (++i; i < t.size() && t[i] != '"'; ++i) {
    if (t[i] == '\\' && i + 1 < t.size()) ++i;
    value += t[i];
  }
  if (i >= t.size()) return std::nullopt;
  for (++i; i < t.size() && is_space(t[i]);) ++i;
  if (i + 1 != t.size() || t[i] != ']') return std::nullopt;
  return std::make_pair(name, value);
}

}  // namespace

const std::string* PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return &v;
  return nullptr;
}

chess::Result<PgnReader> PgnReader::open(const std::string& path) {
  auto file = std::make_unique<std::ifstream>(path);
  if (!*file) return chess::Error{path + ": cannot open"};
  return PgnReader(std::move(file), path);
}

PgnReader::PgnReader(std::unique_ptr<std::istream> in, std::string name) : in_(std::move(in)), name_(std::move(name)) {}

chess::Error PgnReader::malformed(int line, const std::string& why) const {
  return chess::Error{name_ + ":" + std::to_string(line) + ": " + why};
}

bool PgnReader::fetch() {
  if (held_) {
    held_ = false;
    return true;
  }
  if (too_long_) return false;
  const chess::LineRead read = chess::read_line(*in_, line_, chess::MAX_PGN_LINE);
  if (read == chess::LineRead::END) return false;
  if (read == chess::LineRead::TOO_LONG) {
    too_long_ = malformed(number_ + 1, "a line of " + chess::more_than(chess::MAX_PGN_LINE) + ": not a PGN file");
    line_.clear();
    return false;
  }
  if (!line_.empty() && line_.back() == '\r') line_.pop_back();
  ++number_;
  if (!chess::is_utf8(line_)) {
    line_ = chess::windows1252_to_utf8(line_);
    if (converted_lines_++ == 0) first_converted_line_ = number_;
  }
  blank_before_ = last_blank_;
  last_blank_ = trim(line_).empty();
  return true;
}

void PgnReader::skip_to_next_game() {
  while (fetch()) {
    const std::string t = trim(line_);
    if (!t.empty() && t[0] == '[' && blank_before_) {
      held_ = true;
      break;
    }
  }
  in_comment_ = false;
  depth_ = 0;
}

std::optional<chess::Result<PgnGame>> PgnReader::next() {
  if (resync_) skip_to_next_game();
  resync_ = false;
  while (fetch()) {
    const std::string t = trim(line_);
    if (t.empty() || t[0] == '%') continue;
    held_ = true;
    PgnGame game;
    game.line = number_;
    std::optional<chess::Error> error = read_tags(game);
    if (!error) error = read_movetext(game);
    if (!error && too_long_) {  // the game was cut off by a line past the bound: not a whole game
      too_long_told_ = true;
      error = *too_long_;
    }
    if (error) {
      resync_ = true;
      return chess::Result<PgnGame>{*error};
    }
    return chess::Result<PgnGame>{std::move(game)};
  }
  if (too_long_ && !too_long_told_) {  // the reading ended at a line past the bound: said once
    too_long_told_ = true;
    return chess::Result<PgnGame>{*too_long_};
  }
  return std::nullopt;
}

std::optional<chess::Error> PgnReader::read_tags(PgnGame& game) {
  bool blank = false;
  while (fetch()) {
    const std::string t = trim(line_);
    if (t.empty()) {
      blank = !game.tags.empty();
      game.text += "\n";
      continue;
    }
    if (t[0] != '[' || (blank && !game.tags.empty())) {
      held_ = true;  // the movetext, or the next game's tags after a game of tags alone
      return std::nullopt;
    }
    game.text += line_ + "\n";
    auto tag = parse_tag(t);
    if (!tag) return malformed(number_, "malformed tag pair: " + t);
    std::replace(tag->second.begin(), tag->second.end(), '\t', ' ');
    if (has_control_character(tag->second))  // a NUL would cut the value in every C string it reaches
      return malformed(number_, "tag " + tag->first + " holds a control character: \"" + escaped_controls(tag->second) + "\"");
    game.tags.push_back(std::move(*tag));
  }
  return std::nullopt;
}

std::optional<chess::Error> PgnReader::read_movetext(PgnGame& game) {
  in_comment_ = false;
  depth_ = 0;
  while (fetch()) {
    const std::string t = trim(line_);
    if (in_comment_ && t.rfind("[Event ", 0) == 0) {
      held_ = true;
      blank_before_ = true;  // where the reader goes on
      return malformed(comment_line_, "'{' comment not closed before the next game");
    }
    if (!in_comment_ && !t.empty() && t[0] == '[') {
      held_ = true;
      if (depth_ > 0) return malformed(depth_line_, "'(' variation not closed before the next game");
      return std::nullopt;  // a game without a result token
    }
    if (!in_comment_ && !t.empty() && t[0] == '%') continue;
    game.text += line_ + "\n";
    auto ended = read_movetext_line(game);
    CHESS_RETURN_IF_ERROR(ended);
    if (*ended) return std::nullopt;
  }
  if (in_comment_) return malformed(comment_line_, "'{' comment not closed at the end of the file");
  if (depth_ > 0) return malformed(depth_line_, "'(' variation not closed at the end of the file");
  return std::nullopt;
}

chess::Result<bool> PgnReader::read_movetext_line(PgnGame& game) {
  auto attach = [&](const std::string& comment) {
    if (depth_ > 0) return;
    (game.moves.empty() ? game.leading_comments : game.moves.back().comments).push_back(trim(comment));
  };
  std::size_t i = 0;
  while (i < line_.size()) {
    if (in_comment_) {
      const std::size_t close = line_.find('}', i);
      comment_ += line_.substr(i, close == std::string::npos ? std::string::npos : close - i);
      if (close == std::string::npos) {
        comment_ += ' ';
        break;
      }
      in_comment_ = false;
      attach(comment_);
      i = close + 1;
      continue;
    }
    const char c = line_[i];
    if (is_space(c)) {
      ++i;
    } else if (c == '{') {
      in_comment_ = true;
      comment_.clear();
      comment_line_ = number_;
      ++i;
    } else if (c == ';') {
      attach(line_.substr(i + 1));
      break;
    } else if (c == '(') {
      if (depth_++ == 0) depth_line_ = number_;
      ++i;
    } else if (c == '}') {
      return malformed(number_, "'}' closes no comment");
    } else if (c == ')') {
      if (depth_ == 0) return malformed(number_, "')' closes no variation");
      --depth_;
      ++i;
    } else {
      std::size_t end = i;
      while (end < line_.size() && !is_space(line_[end]) && std::string_view("{};()").find(line_[end]) == std::string::npos)
        ++end;
      std::string token = line_.substr(i, end - i);
      i = end;
      if (depth_ > 0) continue;
      take_token(game, std::move(token));
      if (!game.result.empty()) return true;
    }
  }
  return false;
}

void PgnReader::take_token(PgnGame& game, std::string token) {
  if (token[0] == '$') return;  // a NAG
  if (is_result(token)) {
    game.result = token;
    return;
  }
  if (std::isdigit(static_cast<unsigned char>(token[0]))) {
    const std::size_t dot = token.find_last_of('.');
    if (dot != std::string::npos) token = token.substr(dot + 1);  // "12.", "12...", "12.e4"
    if (token.empty()) return;
  }
  game.moves.push_back({token, {}, number_});
}

}  // namespace harness
