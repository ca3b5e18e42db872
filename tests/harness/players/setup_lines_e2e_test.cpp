// A start-up line the process refuses to write (it holds a control character:
// ChildProcess::write_line, the last guard) fails the start, naming the engine and the line:
// never an engine playing on without one of its settings, never a wait for an answer. The doors
// refuse such text before any process starts; these configurations come in by none of them.
#include <gtest/gtest.h>

#include "players/uci_player.h"
#include "players/xboard_player.h"

namespace {

harness::EngineConfig config_smuggling_a_line(const std::string& mode) {
  harness::EngineConfig e = harness::EngineConfig::named("a", MOCK_ENGINE_PATH);
  e.args = {mode};
  return e;
}

TEST(SetupLines, AnOptionLineTheProcessRefusesFailsTheStart) {
  harness::EngineConfig e = config_smuggling_a_line("random");
  e.options.emplace_back("Threads", "1\nsetoption name Injected value 100");
  harness::UciPlayer player(e, "");
  const chess::Result<bool> started = player.start();
  ASSERT_FALSE(started) << "the engine started without its setting";
  EXPECT_EQ(started.error(),
            "engine 'a': the line 'setoption name Threads value 1\\nsetoption name Injected value 100' holds a control "
            "character and was not sent (an engine reads one command a line)");
}

TEST(SetupLines, AnXboardInitStringTheProcessRefusesFailsTheStart) {
  harness::EngineConfig e = config_smuggling_a_line("xboard");
  e.protocol = harness::Protocol::XBOARD;
  e.init_strings.push_back("post\rquit");
  harness::XboardPlayer player(e, "");
  const chess::Result<bool> started = player.start();
  ASSERT_FALSE(started) << "the engine started without its init string";
  EXPECT_EQ(started.error(),
            "engine 'a': the line 'post\\rquit' holds a control character and was not sent (an engine reads one command a line)");
}

}  // namespace
