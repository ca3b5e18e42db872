// harness positions from any run's games: a match's move rows carry the engines' scores, and a
// PGN written the way fastchess writes it and then imported carries them in its comments. Both
// export to the trainers' formats; the imported run gives byte for byte the played run's
// viriformat, and a PGN without scores still gives EPD (its label is the game's result).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>

#include "harness/datagen/trainer_readers.h"
#include "support/files.h"
#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

// Each game as text (its start, result, moves and scores), sorted.
std::vector<std::string> game_texts(const std::vector<readers::ViriGame>& games) {
  std::vector<std::string> out;
  for (const readers::ViriGame& g : games) {
    std::string text = g.start.placement() + " " + std::to_string(g.start.result);
    for (const auto& [move, score] : g.moves) text += " " + move.uci_king_takes_rook() + ":" + std::to_string(score);
    out.push_back(text);
  }
  std::sort(out.begin(), out.end());
  return out;
}

HarnessRun positions(const std::string& db, const std::string& out, const std::string& format) {
  return run_harness({"positions", "1", "--db", db, "-o", out, "--format", format});
}

TEST(PositionsFromGames, AFastchessPgnImportedExportsTheViriformatOfThePlayedGames) {
  const std::string played = temp_db("positions_played");
  const std::string dir = std::filesystem::path(played).parent_path().string();
  const std::string pgn = dir + "/fastchess.pgn";
  std::filesystem::remove(pgn);
  HarnessRun run = run_harness({"fastchess",
                                "-engine",
                                "cmd=" + std::string(ENGINE_PATH),
                                "args=--version dev",
                                "name=a",
                                "-engine",
                                "cmd=" + std::string(ENGINE_PATH),
                                "args=--version v0.2",
                                "name=b",
                                "-each",
                                "tc=inf",
                                "nodes=2000",
                                "proto=uci",
                                "-rounds",
                                "2",
                                "-games",
                                "2",
                                "-repeat",
                                "-concurrency",
                                "2",
                                "-openings",
                                std::string("file=") + PROJECT_DIR + "/suites/openings.epd",
                                "-pgnout",
                                "file=" + pgn,
                                "-db",
                                played},
                               300s);
  ASSERT_EQ(run.exit_code, 0) << run.out;
  const std::string imported = temp_db("positions_imported");
  ASSERT_EQ(run_harness({"import", pgn, "--db", imported}).exit_code, 0);

  HarnessRun from_rows = positions(played, dir + "/played.viri", "viriformat");
  ASSERT_EQ(from_rows.exit_code, 0) << from_rows.out;
  HarnessRun from_pgn = positions(imported, dir + "/imported.viri", "viriformat");
  ASSERT_EQ(from_pgn.exit_code, 0) << from_pgn.out;
  const std::string bytes = testing_support::file_bytes(dir + "/played.viri");
  EXPECT_EQ(testing_support::file_bytes(dir + "/imported.viri").size(), bytes.size());
  const auto games = readers::viriformat(bytes),
             imported_games = readers::viriformat(testing_support::file_bytes(dir + "/imported.viri"));
  ASSERT_TRUE(games);
  ASSERT_TRUE(imported_games);
  ASSERT_EQ(games->size(), 4u);
  for (const readers::ViriGame& g : *games) EXPECT_GT(g.moves.size(), 5u);
  // The same games (the import numbers them in the file's order), each with every score.
  EXPECT_EQ(game_texts(*imported_games), game_texts(*games)) << "the PGN's comments carry every score";

  // The text export of the same run agrees with the move rows' scores, from White's view.
  ASSERT_EQ(positions(played, dir + "/played.txt", "text").exit_code, 0);
  std::ifstream text(dir + "/played.txt");
  int lines = 0;
  for (std::string line; std::getline(text, line); ++lines)
    EXPECT_TRUE(std::regex_match(line, std::regex(R"(.+ \| -?\d+ \| (1\.0|0\.5|0\.0))"))) << line;
  EXPECT_GT(lines, 10);
}

// A PGN that real fastchess wrote (fastchess 74deac23, `-pgnout`, this project's engines dev
// and v0.2 at 3,000 nodes from suites/openings.epd), imported: every move's comment gives its
// score, so each game is a whole viriformat record of PlyCount moves.
TEST(PositionsFromGames, ARealFastchessPgnExportsToViriformat) {
  const std::string pgn = std::string(PROJECT_DIR) + "/tests/harness/datagen/fixtures/fastchess-74deac23.pgn";
  const std::string db = temp_db("positions_real_fastchess");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  HarnessRun imported = run_harness({"import", pgn, "--db", db});
  ASSERT_EQ(imported.exit_code, 0) << imported.out;
  HarnessRun exported = positions(db, dir + "/real.viri", "viriformat");
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  const auto games = readers::viriformat(testing_support::file_bytes(dir + "/real.viri"));
  ASSERT_TRUE(games);
  const std::string text = testing_support::file_bytes(pgn);
  std::vector<std::size_t> plies;
  const std::regex ply_count(R"re(\[PlyCount "(\d+)"\])re");
  for (std::sregex_iterator it(text.begin(), text.end(), ply_count), end; it != end; ++it)
    plies.push_back(std::stoul((*it)[1].str()));
  ASSERT_EQ(games->size(), plies.size());
  for (std::size_t i = 0; i < plies.size(); ++i) EXPECT_EQ((*games)[i].moves.size(), plies[i]) << "game " << i + 1;
  // The first game's first comment, {-0.22/5 0.002s}, is White's move: -22 from White's view.
  std::smatch first;
  ASSERT_TRUE(std::regex_search(text, first, std::regex(R"(\{([+-]?\d+\.\d+)/)")));
  EXPECT_EQ((*games)[0].moves.at(0).second, int(std::lround(std::stod(first[1].str()) * 100)));
}

TEST(PositionsFromGames, APgnWithoutScoresGivesEpdAndNoBinaryRecord) {
  const std::string played = temp_db("positions_unscored_played");
  const std::string dir = std::filesystem::path(played).parent_path().string();
  const std::string pgn = dir + "/scored.pgn";
  HarnessRun match = run_harness({"match", "--engine", mock("a", "first"), "--engine", mock("b", "random"), "--games", "2",
                                  "--nodes", "100", "--maxmoves", "30", "--pgn", pgn, "--db", played});
  ASSERT_EQ(match.exit_code, 0) << match.out;
  // The same games without their comments, as many old PGN files are.
  const std::string bare = dir + "/bare.pgn";
  std::ofstream(bare) << std::regex_replace(testing_support::file_bytes(pgn), std::regex(R"(\{[^}]*\})"), "");
  const std::string imported = temp_db("positions_unscored");
  ASSERT_EQ(run_harness({"import", bare, "--db", imported}).exit_code, 0);
  HarnessRun epd = positions(imported, dir + "/bare.epd", "epd");
  ASSERT_EQ(epd.exit_code, 0) << epd.out;
  EXPECT_NE(epd.out.find("positions had no score (written only by epd and bracket)"), std::string::npos) << epd.out;
  EXPECT_FALSE(testing_support::file_bytes(dir + "/bare.epd").empty());
  HarnessRun viri = positions(imported, dir + "/bare.viri", "viriformat");
  ASSERT_EQ(viri.exit_code, 0) << viri.out;
  EXPECT_TRUE(testing_support::file_bytes(dir + "/bare.viri").empty()) << "a game without scores has no viriformat record";
  HarnessRun perft = run_harness({"perft", std::string(PROJECT_DIR) + "/suites/perftsuite.epd", "--engine", "builtin",
                                  "--max-depth", "1", "--db", imported});
  ASSERT_EQ(perft.exit_code, 0) << perft.out;
  HarnessRun refused = run_harness({"positions", "2", "--db", imported, "-o", dir + "/none.epd"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find("run 2 is a perft run: positions come from games"), std::string::npos) << refused.out;
}

TEST(PositionsFromGames, FirstGamesExportsAPrefixOfTheRunAndRefusesGamesItDoesNotHold) {
  const std::string db = temp_db("positions_first_games");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  HarnessRun match = run_harness({"match", "--engine", mock("a", "first"), "--engine", mock("b", "random"), "--games", "4",
                                  "--nodes", "100", "--maxmoves", "30", "--concurrency", "2", "--db", db});
  ASSERT_EQ(match.exit_code, 0) << match.out;
  const auto text = [&](const std::string& name, std::vector<std::string> more) {
    std::vector<std::string> args{"positions", "1", "--db", db, "-o", dir + "/" + name, "--format", "text", "--no-dedup"};
    args.insert(args.end(), more.begin(), more.end());
    return run_harness(args);
  };
  HarnessRun all = text("all.txt", {});
  ASSERT_EQ(all.exit_code, 0) << all.out;
  HarnessRun first = text("first.txt", {"--first-games", "2"});
  ASSERT_EQ(first.exit_code, 0) << first.out;
  EXPECT_NE(first.out.find("run 1: 2 games"), std::string::npos) << first.out;
  const std::string whole = testing_support::file_bytes(dir + "/all.txt"), part = testing_support::file_bytes(dir + "/first.txt");
  ASSERT_FALSE(part.empty());
  EXPECT_LT(part.size(), whole.size());
  EXPECT_EQ(whole.substr(0, part.size()), part) << "the first two games are the start of the whole run's export";
  HarnessRun again = text("again.txt", {"--first-games", "2"});
  ASSERT_EQ(again.exit_code, 0) << again.out;
  EXPECT_EQ(testing_support::file_bytes(dir + "/again.txt"), part);
  HarnessRun beyond = text("beyond.txt", {"--first-games", "5"});
  EXPECT_NE(beyond.exit_code, 0);
  EXPECT_NE(beyond.out.find("run 1 holds 4 of its first 5 games (--first-games)"), std::string::npos) << beyond.out;
  EXPECT_FALSE(std::filesystem::exists(dir + "/beyond.txt")) << "a refused export leaves no file";
  HarnessRun negative = text("negative.txt", {"--first-games", "-1"});
  EXPECT_NE(negative.exit_code, 0);
  EXPECT_NE(negative.out.find("--first-games must be 1 or more"), std::string::npos) << negative.out;
}

// A game lost by a fault (here an illegal move; a stall or a crash alike) has a result the board
// did not give: every position of it would carry that result as its label, so none is written.
TEST(PositionsFromGames, AGameLostByAFaultIsLeftOutWhole) {
  const std::string db = temp_db("positions_forfeits");
  const std::string dir = std::filesystem::path(db).parent_path().string();
  HarnessRun match = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "illegal"), "--games", "2",
                                  "--nodes", "100", "--db", db});
  ASSERT_EQ(match.exit_code, 0) << match.out;
  HarnessRun exported = run_harness({"positions", "1", "--db", db, "-o", dir + "/forfeits.txt", "--format", "text", "--no-dedup"});
  ASSERT_EQ(exported.exit_code, 0) << exported.out;
  EXPECT_NE(exported.out.find("run 1: 0 games, 0 scored positions: 0 written"), std::string::npos) << exported.out;
  EXPECT_NE(exported.out.find("2 games lost by a fault"), std::string::npos) << exported.out;
  EXPECT_TRUE(testing_support::file_bytes(dir + "/forfeits.txt").empty());
  // Left out, they are still stored: the run holds its first two games.
  HarnessRun first = run_harness(
      {"positions", "1", "--db", db, "-o", dir + "/forfeits-first.txt", "--format", "text", "--first-games", "2"});
  EXPECT_EQ(first.exit_code, 0) << first.out;
  EXPECT_NE(first.out.find("2 games lost by a fault"), std::string::npos) << first.out;
}

}  // namespace
