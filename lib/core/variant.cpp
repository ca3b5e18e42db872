#include "variant.h"

namespace chess {

std::string_view variant_name(Variant v) { return v == Variant::FISCHERANDOM ? "fischerandom" : "standard"; }

std::optional<Variant> parse_variant(std::string_view text) {
  if (text == "standard" || text == "normal") return Variant::STANDARD;
  if (text == "fischerandom" || text == "chess960" || text == "960") return Variant::FISCHERANDOM;
  return std::nullopt;
}

}  // namespace chess
