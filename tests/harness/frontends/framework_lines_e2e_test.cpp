// The command lines the frameworks really build, run unchanged through the fastchess front end:
// fishtest's worker (worker/games.py run_games, b8eecff) and OpenBench's client
// (Client/worker.py build_runner_command, 9906bad), options in their order. OpenBench's
// match_line keeps the engines' "info string pgncomment" lines: written to the PGN as fastchess
// writes them, stored with each move, and read back from the PGN by harness import.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/files.h"
#include "support/harness_cli.h"

namespace {

namespace fs = std::filesystem;

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// fishtest's run_games, for a test of 4 games with adjudication and a 2-ply EPD book; the
// engine is this project's (it declares Threads and Hash, as Stockfish does).
TEST(FrameworkLines, FishtestsRunGamesLineRunsUnchanged) {
  const std::string db = temp_db("framework_fishtest");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string pgn = dir + "/fishtest.pgn";
  HarnessRun r = run_harness({"fastchess",
                              "-testEnv",
                              "-recover",
                              "-repeat",
                              "-games",
                              "2",
                              "-rounds",
                              "2",
                              "-ratinginterval",
                              "1",
                              "-scoreinterval",
                              "1",
                              "-autosaveinterval",
                              "0",
                              "-report",
                              "penta=true",
                              "-pgnout",
                              "file=" + pgn,
                              "append=false",
                              "-crc32",
                              "pgn=true",
                              "-site",
                              "https://tests.stockfishchess.org/tests/view/6543210fedcba",
                              "-event",
                              "Batch 7: patch vs master",
                              "-srand",
                              "12345",
                              "-resign",
                              "movecount=3",
                              "score=600",
                              "-draw",
                              "movenumber=34",
                              "movecount=8",
                              "score=20",
                              "-variant",
                              "standard",
                              "-concurrency",
                              "2",
                              "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                              "format=epd",
                              "order=random",
                              "plies=4",
                              "start=3",
                              "-check-mate-pvs",
                              "-engine",
                              "name=New-1a2b3c4d5e",
                              "tc=2+0.02",
                              std::string("cmd=") + ENGINE_PATH,
                              "dir=.",
                              "option.Hash=16",
                              "-engine",
                              "name=Base-5e4d3c2b1a",
                              "tc=2+0.02",
                              std::string("cmd=") + ENGINE_PATH,
                              "dir=.",
                              "option.Hash=16",
                              "-each",
                              "proto=uci",
                              "option.Threads=1",
                              "-db",
                              db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // What fishtest's parser reads: a started and a finished line per game, the pentanomial
  // report, and no warning (each would stop its task).
  EXPECT_EQ(count_of(r.out, "Finished game "), 4) << r.out;
  EXPECT_NE(r.out.find("Ptnml(0-2): ["), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Warning;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("File " + pgn + " has CRC32: 0x"), std::string::npos) << r.out;
  const std::string games = testing_support::file_bytes(pgn);
  EXPECT_EQ(count_of(games, "[Event \"Batch 7: patch vs master\"]"), 4);
  EXPECT_EQ(count_of(games, "[Site \"https://tests.stockfishchess.org/tests/view/6543210fedcba\"]"), 4);
}

// OpenBench's build_runner_command for a DATAGEN workload (-games 1, no reverses) with
// nodes-limited engines, adjudication and its pgnout settings; the mock writes the
// "info string pgncomment" lines that OpenBench keeps.
TEST(FrameworkLines, OpenBenchsRunnerLineKeepsItsMatchLinesThroughPgnAndDatabase) {
  const std::string db = temp_db("framework_openbench");
  const std::string dir = fs::path(db).parent_path().string();
  const std::string pgn = dir + "/openbench.pgn";
  const std::string mock_dir = fs::path(MOCK_ENGINE_PATH).parent_path().string() + "/";
  const std::string mock_name = fs::path(MOCK_ENGINE_PATH).filename().string();
  HarnessRun r = run_harness({"fastchess",
                              "-recover",
                              "-variant",
                              "standard",
                              "-testEnv",
                              "-concurrency",
                              "2",
                              "-rounds",
                              "4",
                              "-games",
                              "1",
                              "-resign",
                              "movecount=3",
                              "score=400",
                              "-draw",
                              "movenumber=40",
                              "movecount=8",
                              "score=10",
                              "-engine",
                              "dir=" + mock_dir,
                              "cmd=./" + mock_name,
                              "proto=uci",
                              "tc=inf",
                              "nodes=500",
                              "args=pgncomment",
                              "name=Mock-dev",
                              "-engine",
                              "dir=" + mock_dir,
                              "cmd=./" + mock_name,
                              "proto=uci",
                              "tc=inf",
                              "nodes=500",
                              "args=random",
                              "name=Mock-base",
                              "-openings",
                              std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                              "format=epd",
                              "order=sequential",
                              "start=1",
                              "-pgnout",
                              "file=" + pgn,
                              "seldepth=true",
                              "nodes=true",
                              "match_line=^info string pgncomment .*",
                              "-maxmoves",
                              "30",
                              "-db",
                              db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(count_of(r.out, "Finished game "), 4) << r.out;
  EXPECT_EQ(r.out.find("Ptnml"), std::string::npos) << r.out;  // no pairs, no pentanomial report
  // Each of Mock-dev's moves carries its last pgncomment line, as fastchess writes it.
  const std::string games = testing_support::file_bytes(pgn);
  EXPECT_NE(games.find(", line=\"info string pgncomment ply "), std::string::npos) << games;
  EXPECT_EQ(games.find("pgncomment early"), std::string::npos);  // only the last matching line
  // One blank line between games, as fastchess writes them: OpenBench's PGN slicer reads a game
  // as headers, a blank line, moves, a blank line (a second blank line hid every game after the first).
  EXPECT_EQ(games.find("\n\n\n"), std::string::npos);
  // Stored with the moves.
  auto stored = harness::Database::open(db).value();
  int stored_lines = 0, dev_moves = 0;
  for (const harness::StoredGame& g : stored->games(1).value()) {
    for (const harness::MoveNote& n : stored->move_notes(g.id).value()) {
      EXPECT_EQ(n.kind, "line");
      EXPECT_EQ(n.text.rfind("info string pgncomment ply ", 0), 0u) << n.text;
      ++stored_lines;
    }
    const int plies = int(stored->game_moves(g.id).value().size());
    dev_moves += g.white == "Mock-dev" ? (plies + 1) / 2 : plies / 2;  // the openings leave White to move
  }
  EXPECT_EQ(stored_lines, dev_moves);
  EXPECT_EQ(count_of(games, "line=\"info string pgncomment ply "), dev_moves);
  // And back from the PGN: harness import stores the same lines.
  const std::string again = temp_db("framework_openbench_import");
  HarnessRun imported = run_harness({"import", pgn, "--db", again});
  ASSERT_EQ(imported.exit_code, 0) << imported.out;
  auto back = harness::Database::open(again).value();
  int imported_lines = 0;
  for (const harness::StoredGame& g : back->games(1).value())
    for (const harness::MoveNote& n : back->move_notes(g.id).value()) imported_lines += n.kind == "line";
  EXPECT_EQ(imported_lines, stored_lines);
}

}  // namespace
