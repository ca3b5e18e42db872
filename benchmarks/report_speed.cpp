// Report and dashboard speed on a large run: writes a match of GAMES synthetic games (PLIES
// moves each, stored through the harness's Database::save_game) into a fresh database, then
// times `harness report`'s work (the report JSON, the page, the file) and the dashboard's
// start-up (it makes every run's page before it answers) and its answer to GET /run/1 over
// HTTP: the first request, the next one (the run unchanged), and the first request to a server
// up for 3 s. The
// references are the goals of issue 16: 2 s for the report, 200 ms for a dashboard page.
// Medians of ROUNDS rounds.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "bench_stats.h"
#include "process/stop_request.h"
#include "views/dashboard_server.h"
#include "views/html_page.h"
#include "views/run_report.h"
#include "run/match_config.h"
#include "storage/database.h"

namespace fs = std::filesystem;
using bench::median;
using bench::ms_since;
namespace http = boost::beast::http;
using Clock = std::chrono::steady_clock;

namespace {

harness::GameRecord synthetic_game(int index, int plies) {
  static const char* const moves[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
  static const char* const sans[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  harness::GameRecord g;
  g.game_index = index;
  g.pair_index = index / 2;
  g.white = index % 2 ? "b" : "a";
  g.black = index % 2 ? "a" : "b";
  g.opening.fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (int p = 0; p < plies; ++p)
    g.moves.push_back({moves[p % 4], sans[p % 4], std::int64_t(40 + p % 17), true, (p * 7) % 90 - 45, 0, 8 + p % 9,
                       std::uint64_t(90000 + 1000 * (p % 13)), false});
  const int r = (index * 7919) % 10;
  g.result = r < 4 ? chess::GameResult::WHITE_WINS : r < 7 ? chess::GameResult::DRAW : chess::GameResult::BLACK_WINS;
  g.end = r < 4 || r >= 7 ? harness::GameEnd::MATE : harness::GameEnd::REPETITION;
  g.reason = r < 4 ? "White mates" : r < 7 ? "threefold repetition" : "Black mates";
  g.time_control = "10+0.1";
  g.started_at = g.finished_at = "2026-01-01T00:00:00Z";
  g.pgn = "[Event \"synthetic\"]\n";
  return g;
}

// GET target from the dashboard; returns the body size.
std::size_t get(int port, const std::string& target) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, "127.0.0.1");
  http::write(socket, request);
  boost::beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1ull << 32);
  http::read(socket, buffer, parser);
  return parser.get().body().size();
}

}  // namespace

int main(int argc, char** argv) {
  int games = 20000, plies = 80, rounds = 3;
  std::string dir = "/tmp/bench-report-speed";
  CLI::App app{"bench_report_speed: report and dashboard time on a large run"};
  app.add_option("--games", games)->capture_default_str();
  app.add_option("--plies", plies, "Moves per game")->capture_default_str();
  app.add_option("--rounds", rounds)->capture_default_str();
  app.add_option("--dir", dir)->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = dir + "/large.sqlite";
  {
    harness::MatchConfig c;
    auto no_engine = [](const char* name) {
      harness::EngineConfig e;
      e.name = name;
      e.command = "/bin/true";
      return e;
    };
    c.engines = {no_engine("a"), no_engine("b")};
    c.games = games;
    c.openings_path = "openings.epd";
    c.settings.tc = harness::TimeControl::clock(0, 10000, 100);
    auto db = harness::Database::open(path).value();
    const std::int64_t run = db->create_run(harness::RunKind::MATCH, c.to_json()).value();
    const std::int64_t a = db->engine_id(c.engines[0]).value(), b = db->engine_id(c.engines[1]).value();
    for (int i = 0; i < games; ++i) {
      const harness::GameRecord g = synthetic_game(i, plies);
      (void)db->save_game(run, g, i % 2 ? b : a, i % 2 ? a : b).value();
    }
    (void)db->update_run(run, harness::RunStatus::FINISHED, "").value();
  }

  std::vector<double> report_ms, cold_ms, warm_ms, ready_ms, startup_ms;
  std::size_t file_size = 0, page_size = 0;
  for (int round = 0; round < rounds; ++round) {
    auto t0 = Clock::now();
    {
      auto db = harness::Database::open_readonly(path).value();
      const auto report = harness::run_report(*db, {1}).value();
      std::ofstream(dir + "/report.html") << harness::html_page("Workbench report: run 1", report);
    }
    report_ms.push_back(ms_since(t0));
    file_size = fs::file_size(dir + "/report.html");

    // A fresh server each round, so that its first request is cold.
    harness::clear_stop_request();
    int port = 0;
    t0 = Clock::now();
    std::thread server([&] { (void)harness::serve_dashboard({path, "127.0.0.1", 0}, [&](int p) { port = p; }); });
    while (!port) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    startup_ms.push_back(ms_since(t0));
    t0 = Clock::now();
    page_size = get(port, "/run/1");
    cold_ms.push_back(ms_since(t0));
    t0 = Clock::now();
    get(port, "/run/1");
    warm_ms.push_back(ms_since(t0));
    harness::request_stop(harness::StopRequest::FINISH_GAMES);
    server.join();

    // A server that has been up a few seconds: its refresher has the page ready.
    harness::clear_stop_request();
    port = 0;
    std::thread started([&] { (void)harness::serve_dashboard({path, "127.0.0.1", 0}, [&](int p) { port = p; }); });
    while (!port) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::seconds(3));
    t0 = Clock::now();
    get(port, "/run/1");
    ready_ms.push_back(ms_since(t0));
    harness::request_stop(harness::StopRequest::FINISH_GAMES);
    started.join();
  }
  fs::remove_all(dir);
  std::printf("%d games of %d plies, median of %d rounds\n", games, plies, rounds);
  std::printf("  harness report (JSON, page, %zu MB file): %8.0f ms  ratio to the 2,000 ms goal %.2f\n", file_size >> 20,
              median(report_ms), median(report_ms) / 2000);
  std::printf("  dashboard start-up (pages made):          %8.0f ms\n", median(startup_ms));
  std::printf("  dashboard GET /run/1, first request:      %8.0f ms  ratio to the 200 ms goal %.2f (%zu MB page)\n",
              median(cold_ms), median(cold_ms) / 200, page_size >> 20);
  std::printf("  dashboard GET /run/1, run unchanged:      %8.0f ms  ratio to the 200 ms goal %.2f\n", median(warm_ms),
              median(warm_ms) / 200);
  std::printf("  dashboard GET /run/1, server up 3 s:      %8.0f ms  ratio to the 200 ms goal %.2f\n", median(ready_ms),
              median(ready_ms) / 200);
  return 0;
}
