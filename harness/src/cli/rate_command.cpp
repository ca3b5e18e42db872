// harness rate RUN...: one rating list over the games of several match and tournament runs.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli_common/fail.h"
#include "cli_common/stored_runs.h"
#include "commands.h"
#include "process/executable_path.h"
#include "stats/rating.h"
#include "storage/database.h"
#include "text/words.h"

namespace harness {

namespace {

struct RateOptions {
  std::vector<std::int64_t> runs;
  std::string db = default_database();
  std::string anchor;
  double anchor_elo = 0;
  double prior = 2;
};

void rate(const RateOptions& o) {
  if (o.prior < 0 || o.prior > 1000) fail("--prior must be from 0 to 1000 virtual draws");
  auto db = value_or_fail(Database::open_existing(o.db));
  RatedGames rated;
  for (std::int64_t id : o.runs) {
    const RunRow run = run_or_fail(*db, id);
    if (run.kind != "match" && run.kind != "tournament")
      fail("run " + std::to_string(id) + " is " + a_run_of_kind(run.kind) + ": rate takes match and tournament runs");
    const std::vector<ReportGame> stored = value_or_fail(db->report_games(id));
    if (stored.empty()) fail("run " + std::to_string(id) + " has no finished games yet");
    for (const ReportGame& g : stored) rated.add(g.white, g.black, g.result);
  }
  RatingSettings settings;
  settings.prior_draws = o.prior;
  settings.anchor_elo = o.anchor_elo;
  if (!o.anchor.empty()) {
    const auto it = std::find(rated.names.begin(), rated.names.end(), o.anchor);
    if (it == rated.names.end()) {
      std::string known;
      for (const std::string& n : rated.names) known += (known.empty() ? "" : ", ") + n;
      fail("--anchor: no engine '" + o.anchor + "' in these runs (they have " + known + ")");
    }
    settings.anchor = int(it - rated.names.begin());
  }
  RatingList list = value_or_fail(rate_games(rated.names, rated.games, settings));
  const std::vector<std::string>& names = rated.names;
  std::vector<std::size_t> order(names.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return list.elo[a] > list.elo[b]; });
  std::printf("Rating list of %s from %s (maximum likelihood, anchor %s = %.0f, prior %g draws)\n",
              plural(long(rated.games.size()), "game").c_str(), plural(long(o.runs.size()), "run").c_str(),
              names[std::size_t(settings.anchor)].c_str(), settings.anchor_elo, o.prior);
  std::printf("%-5s %-24s %8s %8s %7s %7s\n", "Rank", "Name", "Elo", "+/-", "Games", "Score");
  int rank = 0;
  for (std::size_t i : order) {
    char error[32] = "anchor";
    if (i != std::size_t(settings.anchor)) std::snprintf(error, sizeof error, "%.1f", list.error[i]);
    std::printf("%-5d %-24s %8.1f %8s %7d %6.1f%%\n", ++rank, names[i].c_str(), list.elo[i] + 0.0, error, list.games[i],
                100.0 * list.points[i] / std::max(1, list.games[i]));
  }
  std::printf("Draw width %.1f Elo, first-move advantage %.1f Elo (fitted with the ratings)\n", list.draw_elo,
              list.white_advantage);
}

}  // namespace

void add_rate_command(CLI::App& app) {
  auto o = std::make_shared<RateOptions>();
  CLI::App* cmd = app.add_subcommand("rate", "One rating list from the games of several runs (Bradley-Terry with draws)");
  cmd->add_option("RUNS", o->runs, "Match and tournament run ids")->required()->check(run_number());
  cmd->add_option("--db", o->db, DATABASE_HELP);
  cmd->add_option("--anchor", o->anchor, "Engine whose rating is fixed (default: the first engine of the first run)");
  cmd->add_option("--anchor-elo", o->anchor_elo, "The anchor's rating")->capture_default_str();
  cmd->add_option("--prior", o->prior, "Virtual draws between every two engines that met (BayesElo's prior; 0: none)")
      ->capture_default_str();
  cmd->callback([o] { rate(*o); });
}

}  // namespace harness
