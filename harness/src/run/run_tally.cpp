#include "run/run_tally.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <sstream>

#include "openings/random_ply_openings.h"
#include "stats/elo.h"
#include "stats/results_block.h"
#include "text/format_number.h"

namespace harness {

namespace {

Outcome2 outcome_for(const std::string& result, bool as_white) {
  if (result == "1/2-1/2") return Outcome2::DRAW;
  bool white_won = result == "1-0";
  return white_won == as_white ? Outcome2::WIN : Outcome2::LOSS;
}

void add_to(Tally& t, Outcome2 o) {
  if (o == Outcome2::WIN)
    ++t.wins;
  else if (o == Outcome2::DRAW)
    ++t.draws;
  else
    ++t.losses;
}

}  // namespace

RunTally::RunTally(const MatchConfig& config)
    : config_(config),
      schedule_(config),
      match_(config.paired),
      engines_(config.engines.size()),
      opponents_(config.kind == TournamentKind::GAUNTLET ? config.engines.size() : 0, TallyBuilder(config.paired)) {}

void RunTally::add(int game_index, const std::string& result) {
  const GameSpec spec = schedule_.at(game_index);
  const auto first = outcome_for(result, spec.white == 0);  // the first engine's side
  match_.add(game_index, first);
  if (!opponents_.empty())  // a gauntlet pair is two games of one opponent, as a match's
    opponents_[std::size_t(spec.white == 0 ? spec.black : spec.white)].add(game_index, first);
  add_to(engines_[std::size_t(spec.white)], outcome_for(result, true));
  add_to(engines_[std::size_t(spec.black)], outcome_for(result, false));
  ++games_;
  (result == "1-0" ? white_wins_ : result == "0-1" ? black_wins_ : draws_) += 1;
}

std::string RunTally::title() const {
  std::string t;
  for (std::size_t i = 0; i < config_.engines.size(); ++i) {
    const std::string limits = engine_limits_text(config_.engines[i]);  // time or node odds
    t += (i ? " vs " : "") + config_.engines[i].name + (limits.empty() ? "" : " [" + limits + "]");
  }
  if (config_.imported) {
    const std::vector<std::string>& files = config_.imported->files;
    return t + " (" + config_.imported->time_control + ", imported from " +
           std::filesystem::path(files.front()).filename().string() +
           (files.size() > 1 ? " and " + std::to_string(files.size() - 1) + " more" : "") + ")";
  }
  t += " (" + config_.settings.tc.describe() + ", " +
       (config_.random_plies >= 0 ? describe_random_plies({config_.random_plies, config_.seed})
                                  : std::filesystem::path(config_.openings_path).filename().string());
  if (config_.settings.variant != chess::Variant::STANDARD)
    t += ", " + std::string(chess::variant_name(config_.settings.variant));
  t += ")";
  return config_.shard.active() ? t + " shard " + config_.shard.describe() : t;
}

std::string RunTally::summary() const {
  if (config_.datagen) return datagen_summary();
  return config_.kind == TournamentKind::MATCH ? results_block(title(), match_tally(), config_.sprt)
                                               : ranking_table() + gauntlet_table();
}

std::string RunTally::progress(int total_games) const {
  return config_.kind == TournamentKind::MATCH && !config_.datagen
             ? summary_line(match_tally(), total_games)
             : "Games " + std::to_string(games_) + "/" + std::to_string(total_games);
}

std::string RunTally::datagen_summary() const {
  auto share = [this](int n) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", games_ ? 100.0 * n / games_ : 0.0);
    return std::string(text);
  };
  return "Datagen of " + title() + ":\nGames: " + std::to_string(games_) + ", White wins: " + std::to_string(white_wins_) + " (" +
         share(white_wins_) + "), Draws: " + std::to_string(draws_) + " (" + share(draws_) +
         "), Black wins: " + std::to_string(black_wins_) + " (" + share(black_wins_) + ")\n";
}

std::string RunTally::ranking_table() const {
  std::vector<std::size_t> idx(config_.engines.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  auto score = [&](std::size_t i) {
    const Tally& t = engines_[i];
    return t.games() ? t.points() / t.games() : 0.0;
  };
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return score(a) > score(b); });
  std::ostringstream os;
  os << "Ranking of " << title() << ":\n";
  os << std::left << std::setw(5) << "Rank" << std::setw(20) << "Name" << std::right << std::setw(9) << "Elo" << std::setw(9)
     << "+/-" << std::setw(8) << "Games" << std::setw(9) << "Score" << std::setw(9) << "Draw"
     << "\n";
  int rank = 0;
  for (std::size_t i : idx) {
    const Tally& t = engines_[i];
    EloEstimate e = elo_from_wdl(t.wins, t.draws, t.losses);
    // Not finite while an engine won or lost every game so far: "n/a", never "inf".
    auto shown = [](double v) {
      char b[32] = "n/a";
      if (std::isfinite(v)) std::snprintf(b, sizeof b, "%.1f", v);
      return std::string(b);
    };
    char line[160];
    std::snprintf(line, sizeof line, "%-5d%-20s%9s%9s%8d%8.1f%%%8.1f%%\n", ++rank, config_.engines[i].name.c_str(),
                  shown(e.elo).c_str(), shown(e.elo_error).c_str(), t.games(), t.games() ? 100.0 * t.points() / t.games() : 0.0,
                  t.games() ? 100.0 * t.draws / t.games() : 0.0);
    os << line;
  }
  return os.str();
}

namespace {

// A line of a gauntlet's table, in its columns.
std::string gauntlet_columns(const std::string& opponent, const std::string& games, const std::string& wld,
                             const std::string& score, const std::string& elo) {
  std::ostringstream os;
  os << std::left << std::setw(20) << opponent << std::right << std::setw(8) << games << "  " << std::left << std::setw(18) << wld
     << std::right << std::setw(7) << score << "  " << elo << "\n";
  return os.str();
}

// A row of a gauntlet's table: its first engine's games against `opponent`, "-" for what none gives.
std::string gauntlet_row(const std::string& opponent, const Tally& t) {
  const bool played = t.games() > 0;
  const EloEstimate e = estimate(t);
  return gauntlet_columns(opponent, std::to_string(t.games()),
                          std::to_string(t.wins) + "-" + std::to_string(t.losses) + "-" + std::to_string(t.draws),
                          played ? format_number("%.1f%%", 100.0 * t.points() / t.games()) : "-",
                          played ? elo_text(e.elo, e.elo_error) : "-");
}

}  // namespace

std::string RunTally::gauntlet_table() const {
  if (opponents_.empty()) return "";
  const std::string& first = config_.engines[0].name;
  std::ostringstream os;
  os << "Gauntlet of " << first << " against each opponent (W-L-D from " << first << "'s side):\n";
  os << gauntlet_columns("Opponent", "Games", "W-L-D", "Score", "Elo (95 %)");
  for (std::size_t i = 1; i < opponents_.size(); ++i) os << gauntlet_row(config_.engines[i].name, opponents_[i].tally());
  os << gauntlet_row("all opponents", match_tally());  // the first engine's tally is its games against them all
  return os.str();
}

}  // namespace harness
