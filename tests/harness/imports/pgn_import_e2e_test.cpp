// harness import: this harness's own PGN comes back game by game (players, opening, moves with
// their scores, depths, times and nodes, result, end, reason, and the PGN text itself); a
// malformed game in the middle of a file is named by file and line and left out while the
// others are stored; the PGN of `harness fastchess -pgnout` imports with its pairs; reports,
// ratings and show work on the imported run, and resume refuses it.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/files.h"
#include "support/harness_cli.h"

namespace {

std::string engine_spec(const std::string& version) {
  return "name=" + version + " cmd=" + ENGINE_PATH + " arg=--version arg=" + version;
}

void expect_same_games(const std::string& played_db, const std::string& imported_db) {
  auto a = harness::Database::open(played_db).value();
  auto b = harness::Database::open(imported_db).value();
  const auto games_a = a->games(1).value(), games_b = b->games(1).value();
  const auto rows_a = a->report_games(1).value(), rows_b = b->report_games(1).value();
  const auto moves_a = a->report_moves(1).value(), moves_b = b->report_moves(1).value();
  ASSERT_EQ(games_a.size(), games_b.size());
  for (std::size_t i = 0; i < games_a.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    EXPECT_EQ(games_b[i].game_index, games_a[i].game_index);
    EXPECT_EQ(rows_b[i].pair_index, rows_a[i].pair_index);
    EXPECT_EQ(games_b[i].white, games_a[i].white);
    EXPECT_EQ(games_b[i].black, games_a[i].black);
    EXPECT_EQ(games_b[i].opening_fen, games_a[i].opening_fen);
    EXPECT_EQ(games_b[i].opening_moves, games_a[i].opening_moves);
    EXPECT_EQ(games_b[i].result, games_a[i].result);
    EXPECT_EQ(games_b[i].end, games_a[i].end);
    EXPECT_EQ(games_b[i].reason, games_a[i].reason);
    EXPECT_EQ(games_b[i].plies, games_a[i].plies);
    EXPECT_EQ(games_b[i].pgn, games_a[i].pgn);
  }
  ASSERT_EQ(moves_a.size(), moves_b.size());
  for (std::size_t i = 0; i < moves_a.size(); ++i) {
    SCOPED_TRACE("move row " + std::to_string(i));
    EXPECT_EQ(moves_b[i].ply, moves_a[i].ply);
    EXPECT_EQ(moves_b[i].uci, moves_a[i].uci);
    EXPECT_EQ(moves_b[i].san, moves_a[i].san);
    EXPECT_EQ(moves_b[i].time_ms, moves_a[i].time_ms);
    EXPECT_EQ(moves_b[i].has_score, moves_a[i].has_score);
    EXPECT_EQ(moves_b[i].score_cp, moves_a[i].score_cp);
    EXPECT_EQ(moves_b[i].mate_in, moves_a[i].mate_in);
    if (moves_a[i].has_score) {  // PGN writes a depth with a score only
      EXPECT_EQ(moves_b[i].depth, moves_a[i].depth);
    }
    EXPECT_EQ(moves_b[i].nodes, moves_a[i].nodes);
  }
}

// A PGN file of this text in a test's own directory, and a database to import it into.
struct PgnToImport {
  std::string pgn;
  std::string db;
};

PgnToImport pgn_to_import(const std::string& name, const std::string& text) {
  const std::string dir = std::filesystem::path(temp_db("import_" + name + "_dir")).parent_path().string();
  PgnToImport files{dir + "/" + name + ".pgn", temp_db("import_" + name)};
  std::ofstream(files.pgn, std::ios::binary) << text;
  return files;
}

TEST(PgnImport, ThisHarnesssPgnRoundTripsGameByGame) {
  const std::string played = temp_db("import_played");
  const std::string dir = std::filesystem::path(played).parent_path().string();
  const std::string pgn = dir + "/games.pgn";
  std::filesystem::remove(pgn);
  HarnessRun match =
      run_harness({"match", "--engine", engine_spec("v0.1"), "--engine", engine_spec("v0.2"), "--games", "8", "--nodes", "3000",
                   "--pgn", pgn, "--pgn-comments", "nodes,seldepth,nps,hashfull,latency", "--db", played});
  ASSERT_EQ(match.exit_code, 0) << match.out;

  const std::string imported = temp_db("import_imported");
  HarnessRun r = run_harness({"import", pgn, "--db", imported});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("Run 1 in " + imported + ": 8 games imported from 1 file (a match of v0.1, v0.2; 4 game pairs"),
            std::string::npos)
      << r.out;
  expect_same_games(played, imported);
  // The same results block as the match's, under a title that says where the games came from.
  const std::size_t ptnml = match.out.rfind("Ptnml(0-2)");
  ASSERT_NE(ptnml, std::string::npos);
  EXPECT_NE(r.out.find(match.out.substr(ptnml, match.out.find('\n', ptnml) - ptnml)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Results of v0.1 vs v0.2 (-, imported from games.pgn)"), std::string::npos) << r.out;

  for (const std::vector<std::string>& args : {std::vector<std::string>{"show", "1", "--db", imported},
                                               {"rate", "1", "--db", imported},
                                               {"report", "1", "--db", imported, "-o", dir + "/imported.html"}}) {
    HarnessRun works = run_harness(args);
    EXPECT_EQ(works.exit_code, 0) << args[0] << ": " << works.out;
  }
  HarnessRun resume = run_harness({"resume", "1", "--db", imported});
  EXPECT_EQ(resume.exit_code, 2);
  EXPECT_NE(resume.out.find("run 1 holds games imported from " + pgn + ": there is nothing to play"), std::string::npos)
      << resume.out;
}

TEST(PgnImport, AMalformedGameIsNamedAndSkippedWhileTheOthersAreStored) {
  const std::string played = temp_db("import_source");
  const std::string dir = std::filesystem::path(played).parent_path().string();
  const std::string pgn = dir + "/games.pgn";
  std::filesystem::remove(pgn);
  HarnessRun match = run_harness({"match", "--engine", mock("a", "first"), "--engine", mock("b", "random"), "--games", "4",
                                  "--nodes", "100", "--maxmoves", "30", "--pgn", pgn, "--pgn-comments", "nodes", "--db", played});
  ASSERT_EQ(match.exit_code, 0) << match.out;
  // A game with an illegal move between the second and third games, and an unfinished one at the end.
  std::string text = testing_support::file_bytes(pgn);
  std::size_t third = 0;
  for (int n = 0; n < 3; ++n) third = text.find("[Event ", third + 1);
  ASSERT_NE(third, std::string::npos);
  const int bad_line = int(std::count(text.begin(), text.begin() + std::ptrdiff_t(third), '\n')) + 1;
  text.insert(third, "[Event \"broken\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n");
  text += "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. d4 *\n";
  const std::string broken = dir + "/broken.pgn";
  std::ofstream(broken) << text;

  const std::string imported = temp_db("import_broken");
  HarnessRun r = run_harness({"import", broken, "--db", imported});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game skipped: " + broken + ":" + std::to_string(bad_line + 5) + ": 'Ke3' is no legal move"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("an unfinished game (result '*')"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 games skipped (named above); the others are stored"), std::string::npos) << r.out;
  expect_same_games(played, imported);

  HarnessRun missing = run_harness({"import", dir + "/none.pgn", "--db", imported});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find(dir + "/none.pgn: cannot open"), std::string::npos) << missing.out;
  std::ofstream(dir + "/empty.pgn") << "\n";
  HarnessRun empty = run_harness({"import", dir + "/empty.pgn", "--db", imported});
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_NE(empty.out.find("no game to import in " + dir + "/empty.pgn"), std::string::npos) << empty.out;
}

TEST(PgnImport, ALatin1FileImportsWithItsNamesConverted) {
  // Old PGN files are Latin-1 (Windows-1252): this one aborted the import (exit 134) before.
  const auto [pgn, db] = pgn_to_import(
      "latin1",
      "[Event \"M\xFCller Memorial\"]\n[Site \"K\xF6ln\"]\n[Round \"1\"]\n[White \"M\xFCller\"]\n[Black \"G\xF3mez\"]\n"
      "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
      "[Event \"M\xFCller Memorial\"]\n[Round \"1\"]\n[White \"G\xF3mez\"]\n[Black \"M\xFCller\"]\n[Result \"1/2-1/2\"]\n\n"
      "1. d4 {\xE9galit\xE9} d5 1/2-1/2\n");
  HarnessRun r = run_harness({"import", pgn, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(pgn + ": 8 lines are not UTF-8 (the first is line 1): read as Windows-1252 (Latin-1) and converted"),
            std::string::npos)
      << r.out;
  const auto games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].white, "Müller");
  EXPECT_EQ(games[0].black, "Gómez");
  HarnessRun shown = run_harness({"pgn", "1", "--db", db});
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_NE(shown.out.find("[White \"Müller\"]"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("[Event \"Müller Memorial\"]"), std::string::npos) << shown.out;
}

TEST(PgnImport, ANulInATagSkipsItsGameAndCutsNothingElse) {
  // Before, the NUL went into the stored name: the whole import was refused (a name with a
  // control character), and in a stored tag it cut every later output at that byte.
  const std::string game =
      "[Event \"E\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  std::string nul = game;
  nul.replace(nul.find("[Black \"B"), 9, std::string("[Black \"B\0", 10));
  const auto [pgn, db] = pgn_to_import("nul", game + nul + game);
  HarnessRun r = run_harness({"import", pgn, "--db", db});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game skipped: " + pgn + ":12: tag Black holds a control character: \"B\\x00\""), std::string::npos)
      << r.out;
  EXPECT_EQ(games_in(db).size(), 2u);
  HarnessRun shown = run_harness({"pgn", "1", "--db", db});
  ASSERT_EQ(shown.exit_code, 0) << shown.out;
  EXPECT_EQ(shown.out.find('\0'), std::string::npos);
  const std::size_t first = shown.out.find("4. Qxf7# 1-0");
  ASSERT_NE(first, std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("4. Qxf7# 1-0", first + 1), std::string::npos) << "both games whole:\n" << shown.out;
}

TEST(PgnImport, AGameOfAPlayerAgainstItselfIsSkipped) {
  // Before, such a game (found by pgn_import_fuzz) ended the import with an uncaught exception.
  const auto [pgn, db] = pgn_to_import("itself",
                                       "[Event \"E\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
                                       "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                                       "[Event \"E\"]\n[Round \"2\"]\n[White \"A\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n"
                                       "1. e4 e5 2. Nf3 1/2-1/2\n");
  HarnessRun r = run_harness({"import", pgn, "--db", db});
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("game skipped: " + pgn + ":9: White and Black are both 'A': a player's game against itself is not rated"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(games_in(db).size(), 1u);
}

TEST(PgnImport, AFailedImportLeavesNoDatabaseBehind) {
  const std::string dir = std::filesystem::path(temp_db("import_failed_dir")).parent_path().string();
  const std::string pgn = dir + "/empty.pgn";
  std::ofstream(pgn) << "just some text, no game\n";
  const std::string db = dir + "/never.sqlite";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  HarnessRun r = run_harness({"import", pgn, "--db", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("no game to import in " + pgn), std::string::npos) << r.out;
  for (const char* suffix : {"", "-wal", "-shm"}) EXPECT_FALSE(std::filesystem::exists(db + suffix)) << db + suffix;
  // A database that was there before stays, with what it held.
  const std::string kept = temp_db("import_failed_kept");
  ASSERT_EQ(run_harness({"import", pgn, "--db", kept}).exit_code, 2);
  std::ofstream(dir + "/one.pgn") << "[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n";
  ASSERT_EQ(run_harness({"import", dir + "/one.pgn", "--db", kept}).exit_code, 0);
  EXPECT_EQ(run_harness({"import", pgn, "--db", kept}).exit_code, 2);
  EXPECT_EQ(games_in(kept).size(), 1u);
}

TEST(PgnImport, AnImportedRoundRobinIsCompleteAndItsUnknownClockShowsAsUnknown) {
  // Three players, encounters of unequal length, no TimeControl tag: the run list showed
  // "3/12" (the round robin's schedule at the longest encounter's length) and the default 4+0.04.
  auto game = [](const char* white, const char* black, const char* moves) {
    return std::string("[Event \"RR\"]\n[White \"") + white + "\"]\n[Black \"" + black + "\"]\n[Result \"1/2-1/2\"]\n\n" + moves +
           " 1/2-1/2\n\n";
  };
  const auto [pgn, db] = pgn_to_import("rr", game("A", "B", "1. e4") + game("B", "A", "1. e4") + game("A", "B", "1. d4") +
                                                 game("B", "A", "1. d4") + game("A", "C", "1. c4"));
  HarnessRun r = run_harness({"import", pgn, "--db", db});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  HarnessRun runs = run_harness({"runs", "--db", db});
  ASSERT_EQ(runs.exit_code, 0) << runs.out;
  const std::string line = runs.out.substr(runs.out.find("\n1 ") + 1);
  EXPECT_NE(line.find(" 5/5 "), std::string::npos) << runs.out;
  EXPECT_NE(line.find(" ? "), std::string::npos) << runs.out;
  EXPECT_EQ(line.find("4+0.04"), std::string::npos) << runs.out;
}

TEST(PgnImport, FastchessPgnInAnyOrderKeepsItsPairs) {
  const std::string played = temp_db("import_fastchess");
  const std::string dir = std::filesystem::path(played).parent_path().string();
  const std::string pgn = dir + "/fastchess.pgn";
  std::filesystem::remove(pgn);
  const std::string mock_cmd = std::string("cmd=") + MOCK_ENGINE_PATH;
  HarnessRun run = run_harness({"fastchess",
                                "-engine",
                                mock_cmd,
                                "args=first",
                                "name=first",
                                "-engine",
                                mock_cmd,
                                "args=random seed=3",
                                "name=random",
                                "-each",
                                "tc=inf",
                                "nodes=1000",
                                "proto=uci",
                                "-rounds",
                                "3",
                                "-games",
                                "2",
                                "-repeat",
                                "-concurrency",
                                "2",
                                "-openings",
                                std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                                "-maxmoves",
                                "40",
                                "-pgnout",
                                "file=" + pgn,
                                "-db",
                                played});
  ASSERT_EQ(run.exit_code, 0) << run.out;
  // The games in reverse order: pairs are found by opening and colours, not by position in the file.
  std::string text = testing_support::file_bytes(pgn);
  std::vector<std::string> games;
  for (std::size_t at = text.find("[Event "); at != std::string::npos;) {
    const std::size_t next = text.find("[Event ", at + 1);
    games.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  ASSERT_EQ(games.size(), 6u);
  std::ofstream reversed(dir + "/reversed.pgn");
  for (auto it = games.rbegin(); it != games.rend(); ++it) reversed << *it;
  reversed.close();
  const std::string imported = temp_db("import_reversed");
  // fastchess's Round tag numbers the pair, so both games of round 1 qualify as the first engine's: --first says.
  HarnessRun r = run_harness({"import", dir + "/reversed.pgn", "--first", "first", "--db", imported});
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("6 games imported from 1 file (a match of first, random; 3 game pairs"), std::string::npos) << r.out;
  const std::string other = temp_db("import_first");
  HarnessRun random_first = run_harness({"import", dir + "/reversed.pgn", "--first", "random", "--db", other});
  EXPECT_EQ(random_first.exit_code, 0) << random_first.out;
  EXPECT_NE(random_first.out.find("(a match of random, first;"), std::string::npos) << random_first.out;
  HarnessRun nobody = run_harness({"import", dir + "/reversed.pgn", "--first", "nobody", "--db", other});
  EXPECT_EQ(nobody.exit_code, 2);
  EXPECT_NE(nobody.out.find("--first: 'nobody' played none of the games"), std::string::npos) << nobody.out;
  HarnessRun shown = run_harness({"show", "1", "--db", played});
  const std::size_t ptnml = shown.out.find("Ptnml(0-2)");
  ASSERT_NE(ptnml, std::string::npos) << shown.out;
  EXPECT_NE(r.out.find(shown.out.substr(ptnml, shown.out.find('\n', ptnml) - ptnml)), std::string::npos) << shown.out << "\n"
                                                                                                         << r.out;
}

}  // namespace
