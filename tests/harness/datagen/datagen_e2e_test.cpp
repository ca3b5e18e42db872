// harness datagen and harness positions end to end: the project's engine plays itself at a node
// limit from random-ply openings, every game is stored with its moves packed (no move rows, no
// PGN), and the export replays them: each written position's score and result agree with the
// game, the filters leave out what they say, duplicates go, and a killed run resumes.
#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "core/position.h"
#include "harness/datagen/trainer_readers.h"
#include "support/files.h"
#include "support/harness_cli.h"
#include "support/stored_runs.h"

namespace {

std::vector<std::string> datagen_args(const std::string& db, int games) {
  return {"datagen",        "--engine", project_engine("dev"), "--nodes", "1500", "--games", std::to_string(games),
          "--random-plies", "6",        "--concurrency",       "2",       "--db", db};
}

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(Datagen, SelfPlayIsStoredPackedAndExportedInEveryFormat) {
  const std::string db = temp_db("datagen");
  HarnessRun r = run_harness(datagen_args(db, 8), 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(Games 8/8  positions \d+ \(\d+/s\))"))) << r.out;
  EXPECT_NE(r.out.find("the engines searched"), std::string::npos) << r.out;
  auto d = harness::Database::open(db).value();
  EXPECT_EQ(d->run(1).value()->kind_text(), "datagen");
  const auto games = d->games(1).value();
  ASSERT_EQ(games.size(), 8u);
  for (const auto& g : games) {
    EXPECT_TRUE(g.pgn.empty());
    EXPECT_TRUE(d->game_moves(g.id).value().empty()) << "no move rows";
  }
  EXPECT_NE(games[0].opening_fen + games[0].result, games[1].opening_fen + games[1].result) << "each game its own opening";

  const std::string dir = std::filesystem::path(db).parent_path().string();
  HarnessRun all = run_harness({"positions", "1", "--db", db, "-o", dir + "/all.txt", "--format", "text", "--keep",
                                "checks,tactical,mates", "--no-dedup"});
  ASSERT_EQ(all.exit_code, 0) << all.out;
  HarnessRun quiet = run_harness({"positions", "1", "--db", db, "-o", dir + "/quiet.txt", "--format", "text"});
  ASSERT_EQ(quiet.exit_code, 0) << quiet.out;
  const std::vector<std::string> every = lines_of(dir + "/all.txt"), kept = lines_of(dir + "/quiet.txt");
  ASSERT_GT(every.size(), 100u);
  ASSERT_GT(kept.size(), 20u);
  EXPECT_LT(kept.size(), every.size());
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      quiet.out, m,
      std::regex(
          R"(: (\d+) written; left out (\d+) in check, (\d+) captures or promotions, (\d+) mate scores, 0 before ply 0, (\d+) duplicates)")))
      << quiet.out;
  EXPECT_EQ(std::stoul(m[1].str()), kept.size());
  std::size_t left_out = 0;
  for (int i = 2; i <= 5; ++i) left_out += std::stoul(m[i].str());
  EXPECT_EQ(kept.size() + left_out, every.size()) << "every scored position is written or counted as left out";
  for (const std::string& line : kept) {
    std::smatch f;
    ASSERT_TRUE(std::regex_match(line, f, std::regex(R"((.+) \| (-?\d+) \| (1\.0|0\.5|0\.0))"))) << line;
    auto pos = chess::Position::from_fen(f[1].str());
    ASSERT_TRUE(pos) << line;
    EXPECT_FALSE(pos->in_check()) << line;
  }
  HarnessRun epd = run_harness({"positions", "1", "--db", db, "-o", dir + "/t.epd"});
  ASSERT_EQ(epd.exit_code, 0) << epd.out;
  const std::vector<std::string> texel = lines_of(dir + "/t.epd");
  ASSERT_EQ(texel.size(), kept.size());
  EXPECT_TRUE(std::regex_match(texel[0], std::regex(R"re([^ ]+ [wb] [-KQkqA-Ha-h]+ [-a-h1-8]+ c9 "(1-0|0-1|1/2-1/2)";)re")))
      << texel[0];
  HarnessRun zero = run_harness({"datagen", "--engine", project_engine("dev"), "--nodes", "500", "--games", "2", "--random-plies",
                                 "0", "--db", dir + "/zero.sqlite"},
                                120s);
  EXPECT_EQ(zero.exit_code, 0) << "openings of no random plies are the start position:\n" << zero.out;
  HarnessRun bad = run_harness({"positions", "1", "--db", db, "-o", dir + "/x", "--keep", "quiet"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("--keep takes checks, tactical, mates (comma-separated), got"), std::string::npos) << bad.out;
}

// A text export's line: the FEN, White's score, the result from White's view (0, 1, 2).
struct TextLine {
  std::string fen;
  int score = 0, result = 0;
};

std::vector<TextLine> text_lines(const std::string& path) {
  std::vector<TextLine> out;
  for (const std::string& line : lines_of(path)) {
    std::smatch f;
    EXPECT_TRUE(std::regex_match(line, f, std::regex(R"((.+) \| (-?\d+) \| (1\.0|0\.5|0\.0))"))) << line;
    out.push_back({f[1].str(), std::stoi(f[2].str()), f[3].str() == "1.0" ? 2 : f[3].str() == "0.5" ? 1 : 0});
  }
  return out;
}

// The trainers' formats, read back by readers written from their own layouts, hold exactly what
// the text export holds: the same positions in the same order, scores and results.
TEST(Datagen, TheTrainersBinaryFormatsHoldWhatTheTextHolds) {
  const std::string db = temp_db("datagen_binary");
  ASSERT_EQ(run_harness(datagen_args(db, 6), 300s).exit_code, 0);
  const std::string dir = std::filesystem::path(db).parent_path().string();
  auto exported = [&](const std::string& format, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"positions", "1", "--db", db, "-o", dir + "/x." + format, "--format", format};
    args.insert(args.end(), extra.begin(), extra.end());
    HarnessRun r = run_harness(args);
    EXPECT_EQ(r.exit_code, 0) << r.out;
    return dir + "/x." + format;
  };
  const std::vector<TextLine> kept = text_lines(exported("text"));
  ASSERT_GT(kept.size(), 20u);
  for (const std::string format : {"marlinformat", "bulletformat"}) {
    const std::string bytes = testing_support::file_bytes(exported(format));
    ASSERT_EQ(bytes.size(), 32 * kept.size()) << format;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const auto* record = reinterpret_cast<const std::uint8_t*>(bytes.data()) + 32 * i;
      const chess::Position pos = chess::Position::from_fen(kept[i].fen).value();
      const bool black = pos.side_to_move() == chess::BLACK;
      const readers::Decoded d =
          format == std::string("marlinformat") ? readers::marlinformat(record) : readers::bulletformat(record, black);
      EXPECT_EQ(d.placement(), kept[i].fen.substr(0, kept[i].fen.find(' '))) << format << " " << i;
      const bool stm_view = format == std::string("bulletformat");
      EXPECT_EQ(d.score, stm_view && black ? -kept[i].score : kept[i].score) << format << " " << kept[i].fen;
      EXPECT_EQ(d.result, stm_view && black ? 2 - kept[i].result : kept[i].result) << format << " " << kept[i].fen;
      if (!stm_view) {
        EXPECT_EQ(d.black_to_move, black) << kept[i].fen;
        EXPECT_EQ(d.halfmove, pos.rule50()) << kept[i].fen;
        EXPECT_EQ(d.fullmove, pos.fullmove_number()) << kept[i].fen;
      }
    }
  }
  // viriformat keeps whole games: every scored position, in the order the games played them.
  const std::vector<TextLine> every = text_lines(exported("text", {"--keep", "checks,tactical,mates", "--no-dedup"}));
  const auto games = readers::viriformat(testing_support::file_bytes(exported("viriformat")));
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 6u);
  std::size_t at = 0;
  for (const readers::ViriGame& g : *games) {
    chess::Game game(chess::Position::from_fen(every.at(at).fen).value());
    EXPECT_EQ(g.start.placement(), every.at(at).fen.substr(0, every.at(at).fen.find(' ')));
    EXPECT_EQ(g.start.result, every.at(at).result) << "the header's result is the game's";
    for (const auto& [move, score] : g.moves) {
      ASSERT_LT(at, every.size());
      const std::string fen = game.position().fen();
      EXPECT_EQ(fen, every[at].fen) << "position " << at;
      EXPECT_EQ(score, every[at].score) << "position " << at;
      std::string uci = move.uci_king_takes_rook();
      if (move.kind == 2) uci[2] = move.to > move.from ? 'g' : 'c';  // standard chess's castling in UCI
      ASSERT_TRUE(game.play_uci(uci)) << uci;
      ++at;
    }
  }
  EXPECT_EQ(at, every.size()) << "every scored position is in a game";
  // binpack keeps whole games too: a chain a game, each position as the text holds it.
  const auto pack = readers::binpack(testing_support::file_bytes(exported("binpack")));
  ASSERT_TRUE(pack);
  EXPECT_EQ(pack->chains.size(), 6u);
  ASSERT_EQ(pack->entries.size(), every.size());
  for (std::size_t i = 0; i < every.size(); ++i) {
    const readers::BinpackEntry& e = pack->entries[i];
    const bool black = e.board.black_to_move;
    std::istringstream fen(every[i].fen);
    const std::vector<std::string> fields{std::istream_iterator<std::string>(fen), {}};
    EXPECT_EQ(e.board.placement(), fields[0]) << i;
    EXPECT_EQ(black, fields[1] == "b") << every[i].fen;
    EXPECT_EQ(e.castling, fields[2]) << every[i].fen;
    EXPECT_EQ(e.rule50, std::stoi(fields[4])) << every[i].fen;
    EXPECT_EQ(e.score, black ? -every[i].score : every[i].score) << every[i].fen;
    EXPECT_EQ(e.result, (black ? -1 : 1) * (every[i].result - 1)) << every[i].fen;
  }
  HarnessRun bad = run_harness({"positions", "1", "--db", db, "-o", dir + "/y", "--format", "binpak"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(
      bad.out.find("--format must be one of epd, bracket, text, marlinformat, bulletformat, viriformat, binpack; got 'binpak'"),
      std::string::npos)
      << bad.out;
}

TEST(Datagen, TheScoreIsFromWhitesViewAndTheResultIsTheGames) {
  const std::string db = temp_db("datagen_signs");
  ASSERT_EQ(run_harness(datagen_args(db, 4), 300s).exit_code, 0);
  const std::string dir = std::filesystem::path(db).parent_path().string();
  ASSERT_EQ(run_harness({"positions", "1", "--db", db, "-o", dir + "/p.txt", "--format", "text", "--keep", "mates", "--no-dedup"})
                .exit_code,
            0);
  // In a decided game the winner's positions late in the game score for the winner.
  auto d = harness::Database::open(db).value();
  int agree = 0, disagree = 0;
  for (const std::string& line : lines_of(dir + "/p.txt")) {
    std::smatch f;
    ASSERT_TRUE(std::regex_match(line, f, std::regex(R"((.+) \| (-?\d+) \| (1\.0|0\.5|0\.0))")));
    const int score = std::stoi(f[2].str());
    if (f[3].str() == "0.5" || std::abs(score) < 500) continue;
    ((score > 0) == (f[3].str() == "1.0") ? agree : disagree)++;
  }
  EXPECT_GT(agree, 10 * (disagree + 1)) << agree << " " << disagree;
}

TEST(Datagen, AKilledRunResumesAndNoGameIsLost) {
  const std::string db = temp_db("datagen_resume");
  auto p = start_harness(datagen_args(db, 40), ::testing::TempDir() + "datagen_killed.txt");
  const auto deadline = std::chrono::steady_clock::now() + 300s;
  for (;;) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline);
    if (auto d = harness::Database::open_readonly(db)) {
      auto count = (*d)->game_count(1);
      if (count && *count >= 4) break;
    }
    std::this_thread::sleep_for(50ms);
  }
  ::kill(p->pid(), SIGKILL);
  (void)p->stop(5000ms);
  std::vector<std::string> args = datagen_args(db, 40);
  args.push_back("--resume");
  // The openings are drawn game by game from the seed: no book is written beside the database.
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(db).parent_path())) {
    const std::string name = entry.path().filename().string();
    EXPECT_TRUE(name.find("openings") == std::string::npos && !name.ends_with(".part")) << name;
  }
  HarnessRun r = run_harness(args, 300s);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  auto d = harness::Database::open(db).value();
  EXPECT_EQ(d->game_count(1).value(), 40);
  EXPECT_EQ(d->run(1).value()->status_text(), "finished");
  std::set<std::string> openings;
  for (const harness::StoredGame& g : games_in(db)) openings.insert(g.opening_fen);
  EXPECT_GT(openings.size(), 30u) << "each game its own opening";
}

// datagen plays one engine against itself or two engines, and says so in its own words: before,
// "datagen d --engine 'name=d ...'" (one engine, named by its positional too) and three
// engines were both refused with "a match needs exactly two engines".
TEST(Datagen, ItsEnginesAreCountedInDatagensWords) {
  const std::string db = temp_db("datagen_engines");
  const std::string spec = "name=d cmd=" + std::string(ENGINE_PATH);
  HarnessRun three = run_harness({"datagen", "--engine", spec, "--engine", "name=e cmd=" + std::string(ENGINE_PATH), "--engine",
                                  "name=f cmd=" + std::string(ENGINE_PATH), "--nodes", "300", "--games", "2", "--db", db});
  EXPECT_EQ(three.exit_code, 2) << three.out;
  EXPECT_NE(three.out.find("datagen plays one engine against itself, or two engines against each other; got 3"), std::string::npos)
      << three.out;
  EXPECT_EQ(three.out.find("a match needs"), std::string::npos) << three.out;
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is recorded";

  HarnessRun named = run_harness({"datagen", "d", "--engine", spec, "--nodes", "300", "--games", "2", "--maxmoves", "40",
                                  "--concurrency", "2", "--db", db},
                                 120s);
  ASSERT_EQ(named.exit_code, 0) << "one engine, named twice, plays itself\n" << named.out;
  const std::vector<harness::StoredGame> games = games_in(db);
  ASSERT_EQ(games.size(), 2u);
  for (const harness::StoredGame& g : games)
    EXPECT_TRUE((g.white == "d" && g.black == "d-2") || (g.white == "d-2" && g.black == "d")) << g.white << " " << g.black;
}

// The peak of resident memory of process `pid` (VmHWM), in KiB; 0 when it cannot be read.
long peak_resident_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string key; status >> key;) {
    long kib = 0;
    if (key == "VmHWM:" && status >> kib) return kib;
  }
  return 0;
}

// A run sized by ten billion positions (so by the most games a run plays, ten million) starts
// its games at once, in the memory of a small run, and writes no book: each game's opening is
// drawn from its number and the seed as it starts. Before, an 825 MB book was written first (a
// Ctrl-C during it left a .part) and 2.3 GB were held before the first game.
TEST(Datagen, AHugeTargetHoldsNothingPerPlannedGameAndWritesNoBook) {
  const std::string db = temp_db("datagen_huge");
  const std::filesystem::path dir = std::filesystem::path(db).parent_path();
  auto p = start_harness({"datagen", "--engine", mock("a", "random"), "--nodes", "10", "--positions", "10000000000",
                          "--random-plies", "6", "--maxmoves", "30", "--concurrency", "1", "--db", db},
                         ::testing::TempDir() + "datagen_huge.txt");
  const bool playing = wait_for_games(db, 1, 2, 60s);
  const long peak_kib = peak_resident_kib(p->pid());
  ::kill(p->pid(), SIGTERM);
  const int exit_code = p->stop(30000ms);
  std::vector<std::string> books;  // removed here: the old code's are 825 MB
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find("openings") != std::string::npos || name.ends_with(".part")) books.push_back(name);
  }
  for (const std::string& name : books) std::filesystem::remove(dir / name);
  ASSERT_TRUE(playing) << "no game stored within a minute";
  EXPECT_GT(peak_kib, 0);
  EXPECT_LT(peak_kib, 256 * 1024) << "KiB at the peak";
  EXPECT_TRUE(books.empty()) << books.front();
  EXPECT_EQ(exit_code, 130);
  auto d = harness::Database::open(db).value();
  const auto run = d->run(1).value();
  EXPECT_EQ(run->status_text(), "stopped");
  EXPECT_NE(run->config.find("\"random_plies\":6"), std::string::npos) << run->config;
  EXPECT_GE(d->game_count(1).value(), 2);
}

}  // namespace
