#include "settings/setting_problems.h"

#include <algorithm>

namespace harness {

std::string SettingProblems::describe(const std::function<std::string(const std::string&)>& spell) const {
  std::string out;
  for (const SettingProblem& p : list_) out += (out.empty() ? "" : "\n") + spell(p.setting) + " " + p.message;
  return out;
}

std::string command_line_spelling(const std::string& setting) {
  std::string flag = "--" + setting;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::string json_key_spelling(const std::string& setting) { return "'" + setting + "'"; }

}  // namespace harness
