// What is wrong with a run's settings, each problem by the setting it belongs to. The type that
// owns the settings finds the problems (MatchConfig::validate); each door (command line, stored
// run, tuner configuration) says them in its own words: "--games" on the command line, "games"
// in a stored run.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace harness {

struct SettingProblem {
  std::string setting;  // the field's name in the stored configuration: "games", "tc", "engines"
  std::string message;  // what is wrong, without the setting's name: "must be at least 1, got 0"
};

class SettingProblems {
 public:
  void add(std::string setting, std::string message) { list_.push_back({std::move(setting), std::move(message)}); }
  // Adds `message` when `condition` does not hold.
  void require(bool condition, const std::string& setting, const std::string& message) {
    if (!condition) add(setting, message);
  }
  bool empty() const { return list_.empty(); }
  const std::vector<SettingProblem>& list() const { return list_; }
  // One line per problem, "NAME MESSAGE", NAME from `spell` (the setting as the door calls it).
  std::string describe(const std::function<std::string(const std::string&)>& spell) const;

 private:
  std::vector<SettingProblem> list_;
};

// How the command line calls a setting: "--games", "--tb-pieces".
std::string command_line_spelling(const std::string& setting);
// How a stored configuration or a JSON file calls it: "'games'".
std::string json_key_spelling(const std::string& setting);

}  // namespace harness
