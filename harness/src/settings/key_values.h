// The one reader of "key=value key=value" settings: --sprt, --resign, --draw, --engine specs
// and the limits stored with a run's engines.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

struct KeyValue {
  std::string key;
  std::string value;
};

// Splits the words of `text`; a word without '=' or with an empty key is an error that starts
// with `what` (the option or key the text came from). A key given twice is an error unless
// repeats are allowed (an engine spec's arg= and init=).
enum class Repeats { REFUSED, ALLOWED };
chess::Result<std::vector<KeyValue>> parse_key_values(const std::string& what, const std::string& text,
                                                      Repeats repeats = Repeats::REFUSED);

// "WHAT: unknown key 'K' (did you mean 'L'?)" when `key` is not one of `known`.
chess::Result<bool> check_known_key(const std::string& what, const std::string& key, const std::vector<std::string>& known);

}  // namespace harness
