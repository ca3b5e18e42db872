#include "settings/key_values.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>

#include "core/nearest_names.h"

namespace harness {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// One quoted stretch from text[i] (the opening quote) to its closing quote, appended to `word`;
// the index of the closing quote, or npos when there is none.
std::size_t read_quoted(const std::string& text, std::size_t i, std::string& word) {
  const char quote = text[i];
  for (++i; i < text.size(); ++i) {
    if (text[i] == quote) return i;
    if (quote == '"' && text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
    word += text[i];
  }
  return std::string::npos;
}

}  // namespace

chess::Result<std::vector<std::string>> split_words(const std::string& what, const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_blank(c)) {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'' || c == '"') {
      const std::size_t close = read_quoted(text, i, word);
      if (close == std::string::npos)
        return chess::Error{what + ": the quote (" + std::string(1, c) + ") at character " + std::to_string(i + 1) +
                            " is never closed in '" + text + "'"};
      i = close;
    } else if (c == '\\' && i + 1 < text.size()) {
      word += text[++i];
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

std::string shell_quoted(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string quoted_word(const std::string& word) {
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./:=+,@%-").find(c) != std::string_view::npos;
  });
  return plain ? word : shell_quoted(word);
}

std::string key_value_word(const std::string& key, const std::string& value) { return quoted_word(key + "=" + value); }

bool is_button_press(const std::string& word) {
  return word.rfind(OPTION_PREFIX, 0) == 0 && word.size() > std::strlen(OPTION_PREFIX) && word.find('=') == std::string::npos;
}

chess::Result<std::vector<KeyValue>> parse_key_values(const std::string& what, const std::string& text, Repeats repeats) {
  auto words = split_words(what, text);
  CHESS_RETURN_IF_ERROR(words);
  std::vector<KeyValue> out;
  for (std::size_t i = 0; i < words->size(); ++i) {
    const std::string& word = (*words)[i];
    const std::size_t eq = word.find('=');
    // "option.Skill Level=3" unquoted: the next word finishes this one's key (a word quoted with
    // its space, or followed by another option, is a whole key).
    const bool split_key = eq == std::string::npos && word.find(' ') == std::string::npos && i + 1 < words->size() &&
                           (*words)[i + 1].find('=') != std::string::npos && (*words)[i + 1].rfind(OPTION_PREFIX, 0) != 0;
    if (is_button_press(word) && !split_key) {
      out.push_back({word, ""});
      continue;
    }
    if (eq == std::string::npos || eq == 0) {
      return chess::Error{
          what + ": expected key=value, got '" + word + "'" +
          (split_key ? " (a key with a space is quoted as one word: " + quoted_word(word + " " + (*words)[i + 1]) + ")" : "")};
    }
    KeyValue kv{word.substr(0, eq), word.substr(eq + 1)};
    const bool repeated = std::any_of(out.begin(), out.end(), [&](const KeyValue& o) { return o.key == kv.key; });
    if (repeated && repeats == Repeats::REFUSED) return chess::Error{what + ": '" + kv.key + "' is given twice"};
    out.push_back(std::move(kv));
  }
  return out;
}

chess::Result<bool> check_known_key(const std::string& what, const std::string& key, const std::vector<std::string>& known) {
  if (std::find(known.begin(), known.end(), key) != known.end()) return true;
  return chess::Error{what + ": unknown key '" + key + "'" + chess::did_you_mean(key, known)};
}

}  // namespace harness
