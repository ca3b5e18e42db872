// Merge cost for many shards: writes SHARDS shard databases of GAMES games each (synthetic
// games of PLIES moves, stored through the harness's own Database::save_game), then merges them
// into one run with the harness's merge code, and reads every shard once as the cluster's live
// line does. The reference is the time the same games took to record in the shards: the ratio
// says what merging costs next to playing's storage. Prints medians of ROUNDS rounds.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "bench_stats.h"
#include "cluster/shard_merge.h"
#include "run/schedule.h"
#include "storage/database.h"

namespace fs = std::filesystem;
using bench::median;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

harness::GameRecord synthetic_game(int index, int plies) {
  harness::GameRecord g;
  g.game_index = index;
  g.pair_index = index / 2;
  g.white = index % 2 ? "b" : "a";
  g.black = index % 2 ? "a" : "b";
  g.opening.fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  for (int p = 0; p < plies; ++p) {
    harness::MoveRecord m{"e2e4", "e4", 120, true, 25, 0, 14, 250000, false};
    g.moves.push_back(m);
  }
  g.result = index % 3 == 0   ? chess::GameResult::WHITE_WINS
             : index % 3 == 1 ? chess::GameResult::DRAW
                              : chess::GameResult::BLACK_WINS;
  g.end = harness::GameEnd::MATE;
  g.reason = "synthetic";
  g.time_control = "10+0.1";
  g.started_at = g.finished_at = "2026-01-01T00:00:00Z";
  g.pgn = std::string(plies * 8, 'x');
  return g;
}

}  // namespace

int main(int argc, char** argv) {
  int shards = 1000, games = 100, plies = 80, rounds = 3;
  std::string dir = "/tmp/bench-merge-shards";
  CLI::App app{"bench_merge_shards: merge time for many shard databases"};
  app.add_option("--shards", shards)->capture_default_str();
  app.add_option("--games", games, "Games per shard")->capture_default_str();
  app.add_option("--plies", plies, "Moves per game")->capture_default_str();
  app.add_option("--rounds", rounds)->capture_default_str();
  app.add_option("--dir", dir)->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  harness::MatchConfig config;
  auto no_engine = [](const char* name) {
    harness::EngineConfig e;
    e.name = name;
    e.command = "/bin/true";
    return e;
  };
  config.engines = {no_engine("a"), no_engine("b")};
  config.games = shards * games;
  config.openings_path = "openings.epd";
  std::vector<double> write_s, merge_s, read_s;
  for (int round = 0; round < rounds; ++round) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<std::string> paths;
    const auto schedule = harness::make_schedule(config);
    auto t0 = Clock::now();
    for (int k = 0; k < shards; ++k) {
      harness::MatchConfig c = config;
      c.shard = {k, shards};
      const std::string path = dir + "/shard-" + std::to_string(k + 1) + ".sqlite";
      auto db = harness::Database::open(path).value();
      const std::int64_t run = db->create_run(harness::RunKind::MATCH, c.to_json()).value();
      const std::int64_t a = db->engine_id(c.engines[0]).value(), b = db->engine_id(c.engines[1]).value();
      for (const harness::GameSpec& s : schedule)
        if (c.shard.holds_pair(s.pair_index))
          (void)db->save_game(run, synthetic_game(s.game_index, plies), s.white == 0 ? a : b, s.white == 0 ? b : a).value();
      (void)db->update_run(run, harness::RunStatus::FINISHED, "").value();
      paths.push_back(path);
    }
    write_s.push_back(seconds_since(t0));

    t0 = Clock::now();
    std::size_t seen = 0;
    for (const std::string& p : paths)
      if (auto db = harness::Database::open_readonly(p)) seen += (*db)->game_results(1).value().size();
    read_s.push_back(seconds_since(t0));

    auto out = harness::Database::open(dir + "/merged.sqlite").value();
    t0 = Clock::now();
    auto merged = harness::merge_shards(*out, paths, {});
    merge_s.push_back(seconds_since(t0));
    if (!merged || merged->games != shards * games || int(seen) != shards * games) {
      std::fprintf(stderr, "bench_merge_shards: merged %d of %d games (%s)\n", merged ? merged->games : 0, shards * games,
                   merged ? "" : merged.error().c_str());
      return 1;
    }
  }
  fs::remove_all(dir);
  const double w = median(write_s), m = median(merge_s), r = median(read_s);
  const double total = double(shards) * games;
  std::printf("%d shards x %d games (%d plies): median of %d rounds\n", shards, games, plies, rounds);
  std::printf("  recording the games in the shards (reference): %8.2f s  %9.0f games/s\n", w, total / w);
  std::printf("  harness merge into one run:                    %8.2f s  %9.0f games/s  ratio %.2f\n", m, total / m, m / w);
  std::printf("  reading every shard once (a live-line poll):   %8.2f s  %9.0f games/s  ratio %.2f\n", r, total / r, r / w);
  return 0;
}
