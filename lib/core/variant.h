// The variants the rules library plays: standard chess and Chess960 (Fischer Random, also
// double Chess960 where the two sides' back ranks differ). They differ only in the start
// positions allowed and in how UCI and xboard write castling.
#pragma once

#include <optional>
#include <string_view>

namespace chess {

enum class Variant { STANDARD, FISCHERANDOM };

// "standard" or "fischerandom", the names xboard's `variant` command and PGN's Variant tag use.
std::string_view variant_name(Variant v);
// Also accepts "chess960" and "960" for fischerandom.
std::optional<Variant> parse_variant(std::string_view text);

}  // namespace chess
