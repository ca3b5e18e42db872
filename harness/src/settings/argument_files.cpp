#include "settings/argument_files.h"

#include <algorithm>
#include <sstream>

#include "core/bounded_read.h"

namespace harness {

namespace {

chess::Result<bool> append_lines(const std::string& path, const std::string& what, std::vector<ArgumentWord>& out) {
  auto text = chess::read_whole_file(path, "argument file", MAX_ARGUMENT_FILE);
  if (!text) {
    // The reader's message starts with the path, which the "@FILE" before it names already.
    const std::string& why = text.error();
    return chess::Error{what + ": @" + path + ": " + (why.rfind(path + ": ", 0) == 0 ? why.substr(path.size() + 2) : why)};
  }
  std::istringstream in(*text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find('\0') != std::string::npos)
      return chess::Error{what + ": @" + path + ":" + std::to_string(number) + ": a NUL byte; an argument file is text"};
    if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    out.push_back({line, path, number});
  }
  return true;
}

// Where `message` quotes `word` (the word itself, or its key in quotes: 'tc' of "tc=x"), npos
// when it does not.
std::size_t where_quoted(const std::string& message, const std::string& word) {
  const std::size_t eq = word.find('=');
  if (eq == std::string::npos) return message.find("'" + word + "'");
  return std::min(message.find(word), message.find("'" + word.substr(0, eq) + "'"));
}

}  // namespace

chess::Result<std::vector<ArgumentWord>> expand_argument_words(const std::vector<std::string>& words, const std::string& what) {
  std::vector<ArgumentWord> out;
  for (const std::string& word : words) {
    if (word.size() < 2 || word[0] != '@') {
      out.push_back({word, "", 0});
      continue;
    }
    CHESS_RETURN_IF_ERROR(append_lines(word.substr(1), what, out));
  }
  return out;
}

std::vector<std::string> argument_texts(const std::vector<ArgumentWord>& words) {
  std::vector<std::string> texts;
  for (const ArgumentWord& w : words) texts.push_back(w.text);
  return texts;
}

chess::Result<std::vector<std::string>> expand_argument_files(const std::vector<std::string>& words, const std::string& what) {
  auto expanded = expand_argument_words(words, what);
  CHESS_RETURN_IF_ERROR(expanded);
  return argument_texts(*expanded);
}

chess::Error in_argument_file(const chess::Error& error, const std::vector<ArgumentWord>& words, std::size_t from, std::size_t to,
                              const std::string& what, ArgumentBlame blame) {
  const ArgumentWord* source = nullptr;
  std::size_t first_quote = std::string::npos;  // the word quoted first: a suggestion quoted after it is another word
  for (std::size_t i = from; i < to && i < words.size(); ++i) {
    if (words[i].file.empty()) continue;
    if (!source && blame == ArgumentBlame::QUOTED_OR_FIRST) source = &words[i];
    if (const std::size_t quoted_at = where_quoted(error.message, words[i].text); quoted_at < first_quote) {
      first_quote = quoted_at;
      source = &words[i];
    }
  }
  if (!source) return error;
  const std::string at = "@" + source->file + ":" + std::to_string(source->line) + ": ", head = what + ": ";
  if (error.message.rfind(head, 0) == 0) return chess::Error{head + at + error.message.substr(head.size())};
  return chess::Error{at + error.message};
}

}  // namespace harness
