#include "network_manifest.h"

#include <filesystem>

#include "json/json_input.h"

namespace engine {

chess::Result<std::optional<nnue::Architecture>> manifest_architecture(const std::string& network_path) {
  const std::string manifest = std::filesystem::path(network_path).replace_extension(".json").string();
  std::error_code ec;
  if (manifest == network_path || !std::filesystem::is_regular_file(manifest, ec)) return std::optional<nnue::Architecture>();
  auto json = json_input::load(manifest, "network manifest");
  CHESS_RETURN_IF_ERROR(json);
  if (!json->is_object() || !json->contains("arch")) return std::optional<nnue::Architecture>();
  std::string spec;
  CHESS_RETURN_IF_ERROR(json_input::read(*json, "arch", spec, manifest));
  std::vector<int> buckets;
  if (json->contains("buckets")) {
    const auto& list = json->at("buckets");
    for (std::size_t i = 0; list.is_array() && i < list.size(); ++i) {
      if (!json_input::holds<int>(list[i])) return chess::Error{manifest + ": 'buckets' must be an array of integers"};
      buckets.push_back(list[i].get<int>());
    }
    if (!list.is_array()) return chess::Error{manifest + ": 'buckets' must be an array of integers"};
  }
  auto arch = nnue::parse_architecture(spec, buckets);
  if (!arch) return chess::Error{manifest + ": " + arch.error()};
  return std::optional<nnue::Architecture>(*arch);
}

}  // namespace engine
