#include "engines/engine_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

std::string write(const std::string& name, const std::string& text) {
  std::string dir = ::testing::TempDir() + "registry_test/";
  std::filesystem::create_directories(dir);
  std::ofstream(dir + name) << text;
  return dir + name;
}

TEST(EngineRegistry, ResolvesPathsRelativeToTheFile) {
  std::string path = write("engines.json", R"({"engines": [
    {"name": "a", "command": "../bin/a", "args": ["--x"], "protocol": "uci", "options": {"Hash": 16, "Ponder": false}},
    {"name": "b", "command": "stockfish", "working_dir": "work", "protocol": "xboard", "init": ["easy"]}]})");
  auto reg = harness::EngineRegistry::load(path);
  ASSERT_TRUE(reg) << reg.error();
  auto a = reg->find("a").value();
  EXPECT_EQ(a.command, std::filesystem::path(::testing::TempDir() + "bin/a").lexically_normal().string());
  EXPECT_EQ(a.options[0], (std::pair<std::string, std::string>{"Hash", "16"}));
  EXPECT_EQ(a.options[1].second, "false");
  auto b = reg->find("b").value();
  EXPECT_EQ(b.command, "stockfish");
  EXPECT_EQ(b.protocol, harness::Protocol::XBOARD);
  EXPECT_EQ(b.init_strings, std::vector<std::string>{"easy"});
}

TEST(EngineRegistry, UnknownNameListsTheNearest) {
  std::string path = write(
      "e2.json",
      R"({"engines": [{"name": "v0.2", "command": "x"}, {"name": "v0.12", "command": "x"}, {"name": "dev", "command": "x"}]})");
  auto reg = harness::EngineRegistry::load(path).value();
  auto r = reg.find("v0.3");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("no engine named 'v0.3'"), std::string::npos);
  EXPECT_NE(r.error().find("nearest: v0.2, v0.12"), std::string::npos) << r.error();
}

TEST(EngineRegistry, ErrorsNameFileAndKey) {
  EXPECT_NE(harness::EngineRegistry::load(write("bad.json", "{")).error().find("bad.json: not valid JSON"), std::string::npos);
  EXPECT_NE(harness::EngineRegistry::load(write("noarr.json", "{}")).error().find("expected an 'engines' array"),
            std::string::npos);
  auto typo = harness::EngineRegistry::load(write("typo.json", R"({"engines": [{"name": "a", "comand": "x"}]})"));
  EXPECT_NE(typo.error().find("engines[0]: unknown key 'comand' (did you mean 'command'?)"), std::string::npos) << typo.error();
  auto proto =
      harness::EngineRegistry::load(write("proto.json", R"({"engines": [{"name": "a", "command": "x", "protocol": "uic"}]})"));
  EXPECT_NE(proto.error().find("protocol must be 'uci' or 'xboard', got 'uic'"), std::string::npos) << proto.error();
  auto dup = harness::EngineRegistry::load(
      write("dup.json", R"({"engines": [{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]})"));
  EXPECT_NE(dup.error().find("'a' appears twice"), std::string::npos);
}

// An entry built from a commit: repo (relative to the file), ref and build instead of a command.
TEST(EngineRegistry, AnEngineBuiltFromGitHasRepoRefAndBuild) {
  auto reg = harness::EngineRegistry::load(write("git.json", R"({"engines": [
    {"name": "dev", "repo": "../engine", "ref": "main"},
    {"name": "old", "repo": "/src/e", "ref": "v1", "build": "cmake --build b && cp b/e {out}", "options": {"Hash": 8}}]})"));
  ASSERT_TRUE(reg) << reg.error();
  const harness::EngineConfig dev = reg->find("dev").value();
  ASSERT_TRUE(dev.source);
  EXPECT_EQ(dev.source->repo, std::filesystem::path(::testing::TempDir() + "engine").lexically_normal().string());
  EXPECT_EQ(dev.source->build, harness::BuildRecipe{});  // OpenBench's make in the root
  EXPECT_TRUE(dev.command.empty());  // until it is built
  EXPECT_EQ(reg->find("old").value().source->build.command, "cmake --build b && cp b/e {out}");
}

TEST(EngineRegistry, AGitEntryWithoutItsRefOrWithACommandTooIsRefusedByName) {
  auto no_ref = harness::EngineRegistry::load(write("g1.json", R"({"engines": [{"name": "a", "repo": "x"}]})"));
  EXPECT_NE(no_ref.error().find("engines[0] (a): an engine built from git needs both 'repo' and 'ref'"), std::string::npos)
      << no_ref.error();
  auto both =
      harness::EngineRegistry::load(write("g2.json", R"({"engines": [{"name": "a", "repo": "x", "ref": "m", "command": "y"}]})"));
  EXPECT_NE(both.error().find("give either 'command' or 'repo' and 'ref'"), std::string::npos) << both.error();
  auto no_out = harness::EngineRegistry::load(
      write("g3.json", R"({"engines": [{"name": "a", "repo": "x", "ref": "m", "build": "make"}]})"));
  EXPECT_NE(no_out.error().find("'build' \"make\" must say where the binary goes: {out}"), std::string::npos) << no_out.error();
  auto outside = harness::EngineRegistry::load(
      write("g5.json", R"({"engines": [{"name": "a", "repo": "x", "ref": "m", "make_path": "../src"}]})"));
  EXPECT_NE(outside.error().find("'make_path' must be a folder inside the repository"), std::string::npos) << outside.error();
  auto both_ways = harness::EngineRegistry::load(
      write("g6.json", R"({"engines": [{"name": "a", "repo": "x", "ref": "m", "build": "make E={out}", "compiler": "clang"}]})"));
  EXPECT_NE(both_ways.error().find("'compiler' adds CC=/CXX= to the default make"), std::string::npos) << both_ways.error();
  auto neither = harness::EngineRegistry::load(write("g4.json", R"({"engines": [{"name": "a"}]})"));
  EXPECT_NE(neither.error().find("missing string key 'command' (or 'repo' and 'ref'"), std::string::npos) << neither.error();
}

// A registry may spell the protocol as an engine spec does.
TEST(EngineRegistry, TakesProtoAsWellAsProtocol) {
  auto reg = harness::EngineRegistry::load(
      write("proto.json", R"({"engines": [{"name": "x", "command": "/bin/true", "proto": "xboard"}]})"));
  ASSERT_TRUE(reg) << reg.error();
  EXPECT_EQ(reg->find("x").value().protocol, harness::Protocol::XBOARD);
}

TEST(EngineSpec, ParsesAdHocEngines) {
  auto e = harness::parse_engine_spec("name=X cmd=/usr/games/stockfish proto=uci option.Hash=16 option.Threads=1 arg=--foo");
  ASSERT_TRUE(e) << e.error();
  EXPECT_EQ(e->name, "X");
  EXPECT_EQ(e->command, "/usr/games/stockfish");
  EXPECT_EQ(e->options.size(), 2u);
  EXPECT_EQ(e->args, std::vector<std::string>{"--foo"});
  EXPECT_EQ(harness::parse_engine_spec("cmd=/bin/fairymax proto=xboard")->name, "fairymax");
  EXPECT_EQ(harness::parse_engine_spec("name=X").error(), "--engine: missing cmd=PATH in 'name=X'");
  EXPECT_EQ(harness::parse_engine_spec("name=X cmd=y protocol=xboard")->protocol,
            harness::Protocol::XBOARD);  // as the registry spells it
  EXPECT_EQ(harness::parse_engine_spec("name=X cmd=y protcol=uci").error(),
            "--engine: unknown key 'protcol' (did you mean 'proto'?)");
  EXPECT_EQ(harness::parse_engine_spec("name=X cmd").error(), "--engine: expected key=value, got 'cmd'");
  EXPECT_NE(harness::parse_engine_spec("cmd=y proto=winboard").error().find("protocol must be"), std::string::npos);
}

}  // namespace

namespace {

TEST(EngineLimits, ASpecGivesAnEngineLimitsOfItsOwn) {
  auto a = harness::parse_engine_spec("name=a cmd=/bin/true tc=40/60+0.6 timemargin=50");
  ASSERT_TRUE(a) << a.error();
  ASSERT_TRUE(a->limit);
  EXPECT_EQ(a->limit->moves, 40);
  EXPECT_EQ(a->limit->base_ms, 60000);
  EXPECT_EQ(a->limit->increment_ms, 600);
  EXPECT_EQ(a->time_margin_ms, 50);
  EXPECT_EQ(harness::engine_limits_text(*a), "tc=40/60+0.6 timemargin=50");
  auto n = harness::parse_engine_spec("name=n cmd=/bin/true nodes=20000");
  ASSERT_TRUE(n && n->limit);
  EXPECT_EQ(n->limit->kind, harness::TimeControl::Kind::NODES);
  EXPECT_EQ(n->limit->nodes, 20000u);
  auto m = harness::parse_engine_spec("name=m cmd=/bin/true movetime=0.25");
  ASSERT_TRUE(m && m->limit);
  EXPECT_EQ(m->limit->movetime_ms, 250);
  EXPECT_FALSE(harness::parse_engine_spec("name=p cmd=/bin/true")->limit);
}

TEST(EngineLimits, LimitsThatMakeNoSenseAreRefusedWithTheReason) {
  const std::pair<const char*, const char*> bad[] = {
      {"cmd=/bin/true nodes=-5", "nodes=-5: nodes must be a whole number from 1"},
      {"cmd=/bin/true depth=0", "depth=0: depth must be a whole number from 1 to 1000"},
      {"cmd=/bin/true movetime=abc", "movetime=abc: movetime must be seconds"},
      {"cmd=/bin/true timemargin=-1", "timemargin=-1: timemargin must be whole milliseconds from 0"},
      {"cmd=/bin/true tc=1e18", "tc=1e18: "},
      {"cmd=/bin/true tc=5+0.1 nodes=100", "give only one of tc, nodes, depth and movetime"},
      {"name=x cmd=/bin/true proto=xboard nodes=100", "nodes= is for UCI engines ('x' speaks xboard"},
      {"cmd=/bin/true nodez=100", "unknown key 'nodez' (did you mean 'nodes'?)"}};
  for (const auto& [spec, message] : bad) {
    auto e = harness::parse_engine_spec(spec);
    ASSERT_FALSE(e) << spec;
    EXPECT_NE(e.error().find(message), std::string::npos) << spec << ": " << e.error();
  }
}

}  // namespace
