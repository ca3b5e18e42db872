// harness openings: writes a Chess960 or DFRC opening book, optionally a few random plies deep
// with each position checked by an engine's search.
#include <fstream>
#include <iostream>
#include <memory>

#include "command_support/fail.h"
#include "commands.h"
#include "openings/chess960_openings.h"
#include "paths.h"
#include "players/uci_player.h"
#include "settings/output_file.h"

namespace harness {

namespace {

struct OpeningsOptions {
  int chess960 = -1, dfrc = -1;  // -1: not given
  std::uint64_t seed = 1;
  int plies = 0;
  std::string check, registry;
  int check_depth = 8;
  int max_score = 100;
  int tries = 20;
  std::string out;
};

// The engine's score of the position, from the side to move, in centipawns (mates are huge).
int score_of(UciPlayer& engine, const std::string& fen, int depth) {
  Analysis a = value_or_fail(engine.analyse(fen, TimeControl::fixed_depth(depth), std::chrono::seconds(120)));
  for (auto it = a.lines.rbegin(); it != a.lines.rend(); ++it)
    if (it->report.has_score) return it->report.score_cp;
  fail("engine '" + engine.name() + "' gave no score for " + fen);
}

// The random plies for one start: the first draw within --max-score when an engine checks, or
// the most balanced of --tries draws.
std::vector<chess::Move> opening_moves(const OpeningsOptions& o, const Chess960Start& start, UciPlayer* checker,
                                       std::mt19937_64& rng) {
  const chess::Position position = chess960_game(start).position();
  std::vector<chess::Move> best;
  int best_score = 1 << 30;
  for (int attempt = 0; attempt < o.tries; ++attempt) {
    std::vector<chess::Move> moves = random_plies(position, o.plies, rng);
    if (moves.empty()) continue;
    if (!checker) return moves;
    const int score =
        std::abs(score_of(*checker, chess960_game(start, moves).position().fen(chess::FenCastling::SHREDDER), o.check_depth));
    if (score < best_score) best_score = score, best = moves;
    if (score <= o.max_score) break;
  }
  if (best.empty())
    fail("no " + std::to_string(o.plies) + "-ply opening from start " + std::to_string(start.first) + "/" +
         std::to_string(start.second) + " in " + std::to_string(o.tries) + " tries");
  return best;
}

void write_openings(const OpeningsOptions& o) {
  if ((o.chess960 >= 0) == (o.dfrc >= 0)) fail("give one of --chess960 N and --dfrc N");
  if (o.plies < 0 || o.plies > 40) fail("--plies must be from 0 to 40, got " + std::to_string(o.plies));
  if (o.tries < 1) fail("--tries must be at least 1");
  if (o.check_depth < 1 || o.check_depth > 60) fail("--check-depth must be from 1 to 60");
  if (!o.check.empty() && o.plies == 0) fail("--check needs --plies: start positions are written as they are");
  const bool dfrc = o.dfrc >= 0;
  const std::vector<Chess960Start> starts = value_or_fail(draw_chess960_starts(dfrc ? o.dfrc : o.chess960, dfrc, o.seed));
  std::unique_ptr<UciPlayer> checker;
  if (!o.check.empty()) {
    EngineConfig e = engine_from_command_line(o.check, o.registry);
    if (e.protocol != Protocol::UCI) fail("--check needs a UCI engine; '" + e.name + "' speaks xboard");
    checker = std::make_unique<UciPlayer>(e, "");
    value_or_fail(checker->start());
    if (std::string why = checker->cannot_play(chess::Variant::FISCHERANDOM); !why.empty()) fail(why);
  }
  std::unique_ptr<OutputFile> file;
  if (!o.out.empty()) file = value_or_fail(OutputFile::open("-o", o.out));
  std::ostream& out = file ? file->stream() : std::cout;
  out << "# " << (dfrc ? "DFRC" : "Chess960") << " openings written by harness openings (" << starts.size() << " positions, seed "
      << o.seed << ", " << o.plies << " random plies"
      << (checker ? ", kept within " + std::to_string(o.max_score) + " cp by " + checker->name() + " at depth " +
                        std::to_string(o.check_depth)
                  : std::string())
      << ")\n";
  std::mt19937_64 rng(o.seed ^ 0x9e3779b97f4a7c15ULL);
  for (const Chess960Start& start : starts) {
    std::vector<chess::Move> moves = o.plies > 0 ? opening_moves(o, start, checker.get(), rng) : std::vector<chess::Move>{};
    out << chess960_book_line(start, moves, dfrc) << '\n';
  }
  if (file) value_or_fail(file->commit());
  if (!out) fail("standard output: write failed");
  if (!o.out.empty()) std::cerr << "wrote " << starts.size() << " openings to " << o.out << '\n';
}

}  // namespace

void add_openings_command(CLI::App& app) {
  auto o = std::make_shared<OpeningsOptions>();
  CLI::App* cmd = app.add_subcommand("openings", "Write a Chess960 or DFRC opening book (EPD, Shredder-FEN)");
  cmd->add_option("--chess960", o->chess960, "Chess960 start positions (960: all of them, in order)");
  cmd->add_option("--dfrc", o->dfrc, "Double Chess960 start positions (each side's back rank drawn apart)");
  cmd->add_option("--seed", o->seed, "Seed of the draw and of the random plies")->capture_default_str();
  cmd->add_option("--plies", o->plies, "Random plies played from each start position")->capture_default_str();
  cmd->add_option("--check", o->check, "UCI engine (registry name or spec) that scores each position; with --plies");
  cmd->add_option("--check-depth", o->check_depth, "Depth of the check's search")->capture_default_str();
  cmd->add_option("--max-score", o->max_score, "Keep positions the check scores within this many centipawns")
      ->capture_default_str();
  cmd->add_option("--tries", o->tries, "Random plies drawn per start before the most balanced is kept")->capture_default_str();
  cmd->add_option("--registry", o->registry, "Engine registry (default: configs/engines.json)");
  cmd->add_option("-o,--out", o->out, "Output file (default: standard output)");
  cmd->callback([o] { write_openings(*o); });
}

}  // namespace harness
