#include "engines/build_recipe.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "settings/key_values.h"

namespace harness {

namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// OpenBench's choice: CXX= for a compiler whose name has "++", CC= for any other.
std::string compiler_word(const std::string& compiler) {
  return (compiler.find("++") != std::string::npos ? "CXX=" : "CC=") + compiler;
}

}  // namespace

void BuildRecipe::normalize() {
  std::string path = std::filesystem::path(make_path).lexically_normal().generic_string();
  while (!path.empty() && path.back() == '/') path.pop_back();
  make_path = path == "." ? "" : path;
}

SettingProblems BuildRecipe::problems() const {
  SettingProblems p;
  if (custom())
    p.require(command.find("{out}") != std::string::npos || command.find("{name}") != std::string::npos, "build",
              "\"" + command +
                  "\" must say where the binary goes: {out} (its path in the cache) or {name} (a bare name "
                  "in the build folder, moved into the cache)");
  const std::filesystem::path folder(make_path);
  const bool leaves =
      folder.is_absolute() || std::any_of(folder.begin(), folder.end(), [](const auto& part) { return part == ".."; });
  p.require(!leaves, "make_path", "must be a folder inside the repository, relative to its root, got '" + make_path + "'");
  p.require(!custom() || compiler.empty(), "compiler",
            "adds CC=/CXX= to the default make; a build command of one's own says it itself");
  p.require(!custom() || network.empty(), "network",
            "adds EVALFILE= to the default make; a build command of one's own says it itself");
  if (!network.empty()) p.require(std::filesystem::is_regular_file(network), "network", "'" + network + "' is not a file");
  return p;
}

std::vector<std::string> BuildRecipe::words(const std::string& name, const std::string& out) const {
  if (custom()) {
    std::string line = command;
    replace_all(line, "{out}", shell_quoted(out));
    replace_all(line, "{name}", shell_quoted(name));
    return {"sh", "-c", line};
  }
  std::vector<std::string> w = {"make", "-j", "EXE=" + name};
  if (!compiler.empty()) w.push_back(compiler_word(compiler));
  if (!network.empty()) w.push_back("EVALFILE=" + network);
  return w;
}

std::string BuildRecipe::describe() const {
  std::string text = custom() ? command : "make -j EXE={name}";
  if (!custom() && !compiler.empty()) text += " " + compiler_word(compiler);
  if (!custom() && !network.empty()) text += " EVALFILE=" + network;
  return make_path.empty() ? text : text + " in " + make_path + "/";
}

void to_json(nlohmann::json& j, const BuildRecipe& r) {
  j = nlohmann::json::object();
  if (r.custom()) j["build"] = r.command;
  if (!r.make_path.empty()) j["make_path"] = r.make_path;
  if (!r.compiler.empty()) j["compiler"] = r.compiler;
  if (!r.network.empty()) j["network"] = r.network;
}

void from_json(const nlohmann::json& j, BuildRecipe& r) {
  r.command = j.value("build", "");
  r.make_path = j.value("make_path", "");
  r.compiler = j.value("compiler", "");
  r.network = j.value("network", "");
}

}  // namespace harness
