// How an engine is built from a commit, as OpenBench builds one. By default `make -j
// EXE=<name>` runs in the makefile's folder (`make_path`, relative to the repository's root),
// with `CC=` or `CXX=` for a chosen compiler (CXX= when its name has "++") and `EVALFILE=` for a
// network file; the binary it leaves there is then moved into the build cache. Any other
// command runs under sh in the same folder: `{out}` is the binary's path in the cache, `{name}`
// a bare file name in the build folder that is moved into the cache afterwards.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "settings/setting_problems.h"

namespace harness {

struct BuildRecipe {
  std::string command;    // empty: OpenBench's make
  std::string make_path;  // the folder the build runs in, relative to the repository's root; "" is the root
  std::string compiler;   // default make only: CC= or CXX=
  std::string network;    // default make only: EVALFILE=, an absolute path
  bool operator==(const BuildRecipe&) const = default;

  // A build command of one's own, everything else at its default.
  static BuildRecipe own(std::string command) {
    BuildRecipe r;
    r.command = std::move(command);
    return r;
  }
  bool custom() const { return !command.empty(); }
  // The make path as one spelling: "src/", "./src" and "src" are "src"; "." is the root.
  void normalize();
  // Whether the binary is written straight into the cache ({out}) rather than left in the
  // build folder under its bare name and moved.
  bool writes_to_cache() const { return command.find("{out}") != std::string::npos; }
  // What is wrong, by setting ("build", "make_path", "compiler", "network"): a command with
  // neither {out} nor {name}, a make path that leaves the repository, a compiler or a network
  // given with a command of one's own (it says them itself), a network file that does not exist.
  SettingProblems problems() const;
  // The words that run it for binary `name` written to `out`: make's, or sh -c with the
  // command's {name} and {out} filled in (quoted for sh).
  std::vector<std::string> words(const std::string& name, const std::string& out) const;
  // As runs and messages show it: "make -j EXE={name} CC=clang in src/".
  std::string describe() const;
};

void to_json(nlohmann::json& j, const BuildRecipe& r);
// Reads "build", "make_path", "compiler" and "network" where present (a stored run, a bisect's settings).
void from_json(const nlohmann::json& j, BuildRecipe& r);

}  // namespace harness
