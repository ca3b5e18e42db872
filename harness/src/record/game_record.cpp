#include "record/game_record.h"

#include <nlohmann/json.hpp>

#include "settings/key_values.h"

namespace harness {

std::string game_params_json(const GameRecord& g) {
  if (g.white_params.empty() && g.black_params.empty()) return "";
  auto side = [](const std::vector<std::pair<std::string, std::string>>& values) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const auto& [name, value] : values) j[name] = value;
    return j;
  };
  return nlohmann::ordered_json{{"white", side(g.white_params)}, {"black", side(g.black_params)}}.dump(
      -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string params_words(const std::vector<std::pair<std::string, std::string>>& values) {
  std::string words;
  for (const auto& [name, value] : values) words += (words.empty() ? "" : " ") + key_value_word(name, value);
  return words;
}

}  // namespace harness
