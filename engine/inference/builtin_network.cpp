#include "builtin_network.h"

#include <string_view>

#include "dev_network.h"

namespace nnue {

// The layout is checked when the engine is built: a file of any other size does not compile,
// so parsing it below cannot fail (parse_network refuses only by size).
static_assert(hidden_for_file_bytes(sizeof DEV_NETWORK).has_value(),
              "the built-in network's file is not of the (768->N)x2->1 layout (nnue/layout.h)");

std::string builtin_network_name() { return DEV_NETWORK_PATH; }

std::shared_ptr<const Network> builtin_network() {
  static const std::shared_ptr<const Network> net = std::make_shared<const Network>(
      parse_network(std::string_view(reinterpret_cast<const char*>(DEV_NETWORK), sizeof DEV_NETWORK), builtin_network_name())
          .value());
  return net;
}

}  // namespace nnue
