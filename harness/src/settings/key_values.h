// The one reader of "key=value key=value" settings: --sprt, --resign, --draw, --engine specs
// and the limits stored with a run's engines. Words are split as a POSIX shell splits them, so
// a word may hold spaces: 'single quotes' keep everything as written, "double quotes" keep
// everything but \" and \\, and outside quotes a backslash keeps the next character. An engine
// option with a space in its name is one word: 'option.Skill Level=3'.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct KeyValue {
  std::string key;
  std::string value;
};

// The words of `text` by the quoting rule above; a quote never closed is an error starting with `what`.
chess::Result<std::vector<std::string>> split_words(const std::string& what, const std::string& text);

// `word` in single quotes, a quote inside written '\'' (POSIX sh's form): one word to sh and to
// the rule above alike.
std::string shell_quoted(const std::string& word);
// `word` as the rule and sh read it back: as it is when it holds only letters, digits and
// _ . / : = + , @ % -, else shell_quoted ('Skill Level', 'it'\''s').
std::string quoted_word(const std::string& word);
// "key=value" as one word of a spec: quoted_word(key + "=" + value).
std::string key_value_word(const std::string& key, const std::string& value);

// An engine option's key in a spec, as fastchess and cutechess-cli spell it: "option.Hash=64".
inline constexpr const char* OPTION_PREFIX = "option.";
// "option.Clear Hash" without '=': a button to press (UCI sends a button without a value). The
// key is the whole word and the value empty.
bool is_button_press(const std::string& word);

// Splits the words of `text`; a word without '=' (but a button press) or with an empty key is an
// error that starts with `what` (the option or key the text came from). A key given twice is an error unless
// repeats are allowed (an engine spec's arg= and init=).
enum class Repeats { REFUSED, ALLOWED };
chess::Result<std::vector<KeyValue>> parse_key_values(const std::string& what, const std::string& text,
                                                      Repeats repeats = Repeats::REFUSED);

// "WHAT: unknown key 'K' (did you mean 'L'?)" when `key` is not one of `known`.
chess::Result<bool> check_known_key(const std::string& what, const std::string& key, const std::vector<std::string>& known);

}  // namespace harness
