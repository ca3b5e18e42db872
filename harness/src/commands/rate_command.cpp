// harness rate RUN...: one rating list over the games of several match and tournament runs.
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "command_support/fail.h"
#include "command_support/stored_runs.h"
#include "commands.h"
#include "process/executable_path.h"
#include "stats/rating.h"
#include "stats/rating_anchors.h"
#include "storage/database.h"
#include "text/format_number.h"
#include "text/words.h"

namespace harness {

namespace {

struct RateOptions {
  std::vector<std::int64_t> runs;
  std::string db = default_database();
  std::vector<std::string> anchors;  // "NAME=ELO" or "NAME", each as given
  std::string anchors_file;
  double anchor_elo = 0;  // the rating of a NAME given without =ELO
  double prior = 2;
};

// The anchors the options name, before any game is read: --anchor's, then the file's.
std::vector<NamedAnchor> named_anchors(const RateOptions& o) {
  std::vector<NamedAnchor> out;
  for (const std::string& text : o.anchors) out.push_back(value_or_fail(parse_anchor("--anchor", text, o.anchor_elo)));
  if (!o.anchors_file.empty())
    for (const NamedAnchor& a : value_or_fail(with_option("--anchors", read_anchors_file(o.anchors_file)))) out.push_back(a);
  return out;
}

// Every finished game of the runs, which must be matches or tournaments.
RatedGames gather_games(Database& db, const std::vector<std::int64_t>& runs) {
  RatedGames rated;
  for (std::int64_t id : runs) {
    const RunRow run = run_or_fail(db, id);
    if (!is_match_or_tournament(run.kind))
      fail("run " + std::to_string(id) + " is " + a_run_of_kind(run.kind_text()) + ": rate takes match and tournament runs");
    const std::vector<ReportGame> stored = value_or_fail(db.report_games(id));
    if (stored.empty()) fail("run " + std::to_string(id) + " has no finished games yet");
    for (const ReportGame& g : stored) rated.add(g.white, g.black, g.result);
  }
  return rated;
}

// "anchor b = 1500", "anchors a = 1500, c = 1600".
std::string anchors_title(const std::vector<std::string>& names, const std::vector<RatingAnchor>& anchors) {
  std::string out = anchors.size() > 1 ? "anchors " : "anchor ";
  for (std::size_t k = 0; k < anchors.size(); ++k)
    out += (k ? ", " : "") + names[std::size_t(anchors[k].engine)] + " = " + format_number("%.0f", anchors[k].elo);
  return out;
}

bool is_anchor(const std::vector<RatingAnchor>& anchors, std::size_t engine) {
  return std::any_of(anchors.begin(), anchors.end(), [&](const RatingAnchor& a) { return std::size_t(a.engine) == engine; });
}

void print_rating_list(const RatedGames& rated, const RatingSettings& settings, const RatingList& list, const RateOptions& o) {
  const std::vector<std::string>& names = rated.names;
  std::vector<std::size_t> order(names.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return list.elo[a] > list.elo[b]; });
  std::printf("Rating list of %s from %s (maximum likelihood, %s, prior %g draws)\n",
              plural(long(rated.games.size()), "game").c_str(), plural(long(o.runs.size()), "run").c_str(),
              anchors_title(names, settings.anchors).c_str(), o.prior);
  std::printf("%-5s %-24s %8s %8s %7s %7s\n", "Rank", "Name", "Elo", "+/-", "Games", "Score");
  int rank = 0;
  for (std::size_t i : order) {
    char error[32] = "anchor";
    if (!is_anchor(settings.anchors, i)) std::snprintf(error, sizeof error, "%.1f", list.error[i]);
    std::printf("%-5d %-24s %8.1f %8s %7d %6.1f%%\n", ++rank, names[i].c_str(), list.elo[i] + 0.0, error, list.games[i],
                100.0 * list.points[i] / std::max(1, list.games[i]));
  }
  std::printf("Draw width %.1f Elo, first-move advantage %.1f Elo (fitted with the ratings)\n", list.draw_elo,
              list.white_advantage);
}

void rate(const RateOptions& o) {
  if (o.prior < 0 || o.prior > 1000) fail("--prior must be from 0 to 1000 virtual draws");
  const std::vector<NamedAnchor> named = named_anchors(o);
  auto db = value_or_fail(Database::open_existing(o.db));
  const RatedGames rated = gather_games(*db, o.runs);
  RatingSettings settings;
  settings.prior_draws = o.prior;
  settings.anchors =
      named.empty() ? std::vector<RatingAnchor>{{0, o.anchor_elo}} : value_or_fail(resolve_anchors(named, rated.names));
  const RatingList list = value_or_fail(rate_games(rated.names, rated.games, settings));
  print_rating_list(rated, settings, list, o);
}

}  // namespace

void add_rate_command(CLI::App& app) {
  auto o = std::make_shared<RateOptions>();
  CLI::App* cmd = app.add_subcommand("rate", "One rating list from the games of several runs (Bradley-Terry with draws)");
  cmd->add_option("RUNS", o->runs, "Match and tournament run ids")->required()->check(run_number());
  cmd->add_option("--db", o->db, DATABASE_HELP);
  cmd->add_option("--anchor", o->anchors,
                  "Engine whose rating is fixed, NAME=ELO (NAME alone: at --anchor-elo); once per anchor, the others are fitted "
                  "with every anchor held (default: the first engine of the first run)")
      ->allow_extra_args(false);
  cmd->add_option("--anchors", o->anchors_file,
                  "File of anchors, one 'NAME ELO' a line (Ordo's '\"NAME\",ELO' too), with any --anchor")
      ->type_name("FILE");
  cmd->add_option("--anchor-elo", o->anchor_elo, "The rating of an --anchor given without =ELO, and of the default anchor")
      ->capture_default_str();
  cmd->add_option("--prior", o->prior, "Virtual draws between every two engines that met (BayesElo's prior; 0: none)")
      ->capture_default_str();
  cmd->callback([o] { rate(*o); });
}

}  // namespace harness
