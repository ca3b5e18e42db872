#include "frontends/foreign_reporter.h"

#include <boost/crc.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "core/uci_move.h"
#include "pgn/pgn_writer.h"
#include "stats/elo.h"
#include "stats/sprt.h"
#include "text/format_number.h"

namespace harness {

namespace {

std::string f2(double v) { return format_number("%.2f", v); }

// fmt's "{}" of a double: the shortest text that reads back to it (10, 0.5, 2.5).
std::string shortest(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return ec == std::errc() ? std::string(buf, end) : format_number("%g", v);
}

const char* colour(chess::Color c) { return c == chess::WHITE ? "White" : "Black"; }

// fastchess's text of an engine's limit: "10+0.1", "40/60", "0.1/move", "5000 nodes", "8 plies".
std::string limit_text(const TimeControl& tc) {
  switch (tc.kind) {
    case TimeControl::Kind::CLOCK: {
      std::string t = (tc.moves > 0 ? std::to_string(tc.moves) + "/" : "") + shortest(double(tc.base_ms) / 1000);
      if (tc.increment_ms > 0) t += "+" + format_number("%.2g", double(tc.increment_ms) / 1000);
      return t;
    }
    case TimeControl::Kind::MOVETIME: return shortest(double(tc.movetime_ms) / 1000) + "/move";
    case TimeControl::Kind::NODES: return std::to_string(tc.nodes) + " nodes";
    case TimeControl::Kind::DEPTH: return std::to_string(tc.depth) + " plies";
  }
  return "";
}

// One value per engine, or "A - B" when the two differ.
template <typename F>
std::string per_engine(const MatchConfig& c, F text) {
  const std::string a = text(c.engines[0]), b = text(c.engines[1]);
  return a == b ? a : a + " - " + b;
}

std::string option_text(const EngineConfig& e, const char* name, const char* unit) {
  const std::string* v = e.option(name);
  return v ? *v + unit : "NULL";
}

chess::Position final_position(const GameRecord& g, chess::Variant variant) {
  chess::Game game(chess::Position::from_fen(g.opening.fen).value());
  for (const std::string& m : g.opening.moves) (void)game.play_uci(m, variant);
  for (const MoveRecord& m : g.moves) (void)game.play_uci(m.uci, variant);
  return game.position();
}

}  // namespace

std::string foreign_reason(const GameRecord& g, LineFormat format) {
  const bool white_won = g.result == chess::GameResult::WHITE_WINS;
  const std::string winner = colour(white_won ? chess::WHITE : chess::BLACK);
  const std::string loser = colour(white_won ? chess::BLACK : chess::WHITE);
  const bool draw = g.result == chess::GameResult::DRAW;
  const bool cutechess = format == LineFormat::CUTECHESS;
  switch (g.end) {
    case GameEnd::MATE: return winner + " mates";
    case GameEnd::RESIGNATION: return loser + " resigns";
    case GameEnd::STALEMATE: return "Draw by stalemate";
    case GameEnd::REPETITION: return "Draw by 3-fold repetition";
    case GameEnd::FIFTY_MOVES: return "Draw by fifty moves rule";
    case GameEnd::INSUFFICIENT_MATERIAL: return "Draw by insufficient mating material";
    case GameEnd::ADJUDICATED_RESIGN: return winner + " wins by adjudication";
    case GameEnd::ADJUDICATED_DRAW: return "Draw by adjudication";
    case GameEnd::ADJUDICATED_TABLEBASE:
      return draw ? "Draw by adjudication: SyzygyTB" : winner + " wins by adjudication: SyzygyTB";
    case GameEnd::ADJUDICATED_MAX_MOVES: return cutechess ? "Draw by adjudication: maximal game length" : "Draw by adjudication";
    case GameEnd::TIME: return loser + " loses on time";
    case GameEnd::STALL: return loser + "'s connection stalls";
    case GameEnd::CRASH: return loser + " disconnects";
    case GameEnd::ILLEGAL_MOVE: {
      const std::size_t colon = g.reason.rfind(": ");
      const std::string move = colon == std::string::npos ? "" : g.reason.substr(colon + 2);
      return loser + " makes an illegal move" + (cutechess && !move.empty() ? ": " + move : "");
    }
    case GameEnd::UNKNOWN: break;
  }
  return g.reason;
}

ForeignReporter::ForeignReporter(const ForeignRun& run) : config_(run.config), output_(run.output) {
  for (const std::string& file : {output_.pgn_file, output_.epd_file}) {
    if (file.empty()) continue;
    const bool append = &file == &output_.pgn_file ? output_.pgn_append : output_.epd_append;
    std::ofstream(file, append ? std::ios::app : std::ios::trunc);
  }
  if (!output_.pgn_file.empty() && output_.pgn_append) {
    // Appending to an earlier file: its CRC covers what is there already.
    std::ifstream in(output_.pgn_file, std::ios::binary);
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) pgn_crc_.process_bytes(buf, std::size_t(in.gcount()));
  }
}

// fastchess's PV warnings: the warning, the engine's line, the game's start and its moves before
// the move, one part a line (joined by " :: " with -testEnv).
int ForeignReporter::pv_warnings(std::ostream& out, const GameRecord& g) const {
  int printed = 0;
  const std::string sep = output_.test_env ? " :: " : "\n";
  const bool startpos = g.opening.fen.empty() || g.opening.fen == chess::Position::startpos().fen();
  std::string moves;
  for (const std::string& m : g.opening.moves) moves += (moves.empty() ? "" : " ") + m;
  const std::string position = "Position; " + (startpos ? std::string("startpos") : "fen " + g.opening.fen);
  const std::vector<MateSignMismatch> mismatches = mate_sign_mismatches(g);
  auto mismatch = mismatches.begin();
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const bool white = mover(g, i) == chess::WHITE;
    for (const PvWarning& w : g.moves[i].pv_warnings)
      out << pv_warning_text(w, white ? g.white : g.black) << sep << "Info; " << w.info_line << sep << position << sep
          << "Moves; " << moves << "\n";
    printed += int(g.moves[i].pv_warnings.size());
    moves += (moves.empty() ? "" : " ") + g.moves[i].uci;
    if (mismatch == mismatches.end() || mismatch->move != i) continue;
    // fastchess's words: "them" moved before, "us" made this move.
    out << "Warning; Sign mismatch in mate scores " << mismatch->them_mate << " and " << mismatch->us_mate << " from "
        << (white ? g.black : g.white) << " (" << (white ? "Black" : "White") << ") and " << (white ? g.white : g.black) << " ("
        << (white ? "White" : "Black") << ")" << sep << position << sep << "Moves; " << moves << "\n";
    ++mismatch;
    ++printed;
  }
  return printed;
}

void ForeignReporter::game_started(std::ostream& out, const GameSpec& spec, int total) {
  out << "Started game " << spec.game_index + 1 << " of " << total << " (" << config_.engines[std::size_t(spec.white)].name
      << " vs " << config_.engines[std::size_t(spec.black)].name << ")\n";
}

namespace {

// fastchess's uci::isUciMove: four or five characters, a-h and 1-8 squares, a lowercase
// promotion piece.
bool is_uci_move_text(const std::string& move) {
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  if (move.size() != 4 && move.size() != 5) return false;
  if (!file(move[0]) || !rank(move[1]) || !file(move[2]) || !rank(move[3])) return false;
  return move.size() == 4 || std::string("nbrq").find(move[4]) != std::string::npos;
}

}  // namespace

int ForeignReporter::warnings(std::ostream& out, const GameRecord& g) {
  if (output_.format == LineFormat::CUTECHESS) return 0;  // cutechess-cli writes its warnings to standard error
  int printed = pv_warnings(out, g);
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (g.moves[i].pv_mismatch) {
      out << "Warning; Bestmove does not match beginning of last PV - move " << g.moves[i].uci << " from "
          << (mover(g, i) == chess::WHITE ? g.white : g.black) << "\n";
      ++printed;
    }
  if (g.end == GameEnd::ILLEGAL_MOVE) {
    const std::size_t colon = g.reason.rfind(": ");
    const std::string move = colon == std::string::npos || colon + 2 >= g.reason.size() ? "<none>" : g.reason.substr(colon + 2);
    const bool white_lost = g.result == chess::GameResult::BLACK_WINS;
    if (!is_uci_move_text(move)) {
      out << "Warning; Move does not match uci move format, lowercase and 4/5 chars. Move " << move << " played by "
          << (white_lost ? g.white : g.black) << "\n";
      ++printed;
    }
    out << "Warning; Illegal move " << move << " played by " << (white_lost ? g.white : g.black) << "\n";
    ++printed;
  }
  return printed;
}

void ForeignReporter::write_files(std::ostream& out, const GameRecord& g) {
  if (!output_.pgn_file.empty()) {
    PgnContext ctx;
    ctx.event = config_.event;
    ctx.site = output_.site;
    ctx.round = std::to_string(output_.format == LineFormat::CUTECHESS ? g.game_index + 1 : g.pair_index + 1);
    ctx.comments = output_.pgn_extras;
    ctx.variant = config_.settings.variant;
    ctx.termination_words = output_.format == LineFormat::CUTECHESS ? TerminationWords::CUTECHESS : TerminationWords::FASTCHESS;
    const std::string pgn = to_pgn(g, ctx);  // one blank line between games, as both programs write them
    std::ofstream file(output_.pgn_file, std::ios::app | std::ios::binary);
    if (!(file << pgn << std::flush)) file_error_ = output_.pgn_file + ": cannot write the game's PGN";
    pgn_crc_.process_bytes(pgn.data(), pgn.size());
    if (output_.crc32) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "0x%x", unsigned(pgn_crc_.checksum()));
      out << "File " << output_.pgn_file << " has CRC32: " << hex << "\n";
    }
  }
  for (const auto& [name, text] : {std::pair{g.white, g.white_stderr}, std::pair{g.black, g.black_stderr}}) {
    auto file = output_.stderr_files.find(name);
    if (file == output_.stderr_files.end() || text.empty()) continue;
    std::ofstream err(file->second, std::ios::app);
    if (!(err << text)) file_error_ = file->second + ": cannot append " + name + "'s standard error";
  }
  if (!output_.epd_file.empty()) {
    std::ofstream file(output_.epd_file, std::ios::app);
    if (!(file << final_position(g, config_.settings.variant).fen() << "\n"))
      file_error_ = output_.epd_file + ": cannot write the game's final position";
  }
}

void ForeignReporter::game_stored(std::ostream& out, const GameRecord& g, const RunTally& tally, const RunProgress& p) {
  if (warnings(out, g) > 0 && output_.strict && !stopped_by_warning_) {
    stopped_by_warning_ = true;  // as fastchess's -strict: the games in progress are dropped
    request_stop(StopRequest::ABORT);
  }
  write_files(out, g);
  const bool crash = g.end == GameEnd::CRASH || g.end == GameEnd::STALL;
  if (crash && !output_.recover) {
    out << "Game " << g.game_index + 1 << " stalled / disconnected and no recover option set for engine, stopping tournament.\n";
    request_stop(StopRequest::ABORT);
  }
  out << "Finished game " << g.game_index + 1 << " (" << g.white << " vs " << g.black << "): " << chess::result_string(g.result)
      << " {" << foreign_reason(g, output_.format) << "}\n";
  if (config_.kind == TournamentKind::MATCH) interval_lines(out, g, tally, p);
  out << std::flush;
  if (!file_error_.empty()) request_stop(StopRequest::FINISH_GAMES);
}

// The score and results lines that follow a game, at their intervals and after the last.
void ForeignReporter::interval_lines(std::ostream& out, const GameRecord& g, const RunTally& tally, const RunProgress& p) {
  const bool last = p.done == p.total;
  auto due = [&](int interval, int count) { return last || (interval > 0 && count % interval == 0); };
  if (output_.format != LineFormat::FASTCHESS) {
    if (due(output_.score_interval, p.done)) {
      const Tally t = tally.match_tally();
      out << "Score of " << config_.engines[0].name << " vs " << config_.engines[1].name << ": " << t.wins << " - " << t.losses
          << " - " << t.draws << "  [" << format_number("%.3f", t.games() ? t.points() / t.games() : 0.0) << "] " << t.games()
          << "\n";
    }
    if (due(output_.rating_interval, p.done)) {
      out << cutechess_elo_lines(tally);
      printed_final_block_ = last;
    }
    return;
  }
  // Pentanomial: a block when a pair completes at the interval; otherwise every N games.
  const Tally paired = tally.paired_match_tally();
  const bool pair_complete = paired.games() > 0 && paired.pairs() * 2 == paired.games() && tally.match_tally().games() % 2 == 0;
  const bool at_interval =
      output_.penta ? pair_complete && due(output_.rating_interval, g.pair_index + 1) : due(output_.rating_interval, p.done);
  if (at_interval || last) {
    out << results_block(tally);
    printed_final_block_ = last;
  }
}

std::string ForeignReporter::results_block(const RunTally& tally) const {
  const std::string rule(50, '-');
  const Tally t = output_.penta ? tally.paired_match_tally() : tally.match_tally();
  const EloEstimate e = output_.penta ? elo_from_pentanomial(t.pentanomial) : elo_from_wdl(t.wins, t.draws, t.losses);
  const auto& p = t.pentanomial;
  std::string book = config_.openings_path.empty() ? "" : ", " + std::filesystem::path(config_.openings_path).filename().string();
  auto tc = [&](const EngineConfig& x) { return limit_text(x.limit ? *x.limit : config_.settings.tc); };
  std::string s = rule + "\n";
  s += "Results of " + config_.engines[0].name + " vs " + config_.engines[1].name + " (" + per_engine(config_, tc) + ", " +
       per_engine(config_, [](const EngineConfig& x) { return option_text(x, "Threads", "t"); }) + ", " +
       per_engine(config_, [](const EngineConfig& x) { return option_text(x, "Hash", "MB"); }) + book + "):\n";
  s += "Elo: " + f2(e.elo) + " +/- " + f2(e.elo_error) + ", nElo: " + f2(e.nelo) + " +/- " + f2(e.nelo_error) + "\n";
  // A share of nothing is 0, never NaN (a block after a run stopped before its first counted game).
  auto percent = [](double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; };
  const double draw_ratio = output_.penta ? percent(p[2], t.pairs()) : percent(t.draws, t.games());
  s += "LOS: " + f2(e.los * 100) + " %, DrawRatio: " + f2(draw_ratio) + " %";
  if (output_.penta) s += ", PairsRatio: " + f2(double(p[3] + p[4]) / double(p[0] + p[1]));
  s += "\n";
  s += "Games: " + std::to_string(t.games()) + ", Wins: " + std::to_string(t.wins) + ", Losses: " + std::to_string(t.losses) +
       ", Draws: " + std::to_string(t.draws) + ", Points: " + format_number("%.1f", t.points()) + " (" +
       f2(percent(t.points(), t.games())) + " %)\n";
  if (output_.penta)
    s += "Ptnml(0-2): [" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
         std::to_string(p[3]) + ", " + std::to_string(p[4]) +
         "], WL/DD Ratio: " + f2(double(t.split_pairs) / double(p[2] - t.split_pairs)) + "\n";
  if (config_.sprt) {
    const SprtConfig& sp = *config_.sprt;
    const double llr = sprt_llr(t, sp);
    const double share = llr >= 0 ? llr / sp.upper_bound() : -llr / sp.lower_bound();
    s += "LLR: " + f2(llr) + " (" + format_number("%.1f", share * 100) + "%) (" + f2(sp.lower_bound()) + ", " +
         f2(sp.upper_bound()) + ") [" + f2(sp.elo0) + ", " + f2(sp.elo1) + "]\n";
  }
  return s + rule + "\n";
}

std::string ForeignReporter::cutechess_elo_lines(const RunTally& tally) const {
  const Tally t = tally.match_tally();
  const EloEstimate e = elo_from_wdl(t.wins, t.draws, t.losses);
  const char* number = output_.format == LineFormat::CUTECHESS ? "%.1f" : "%.2f";  // cutechess-cli: one decimal
  std::string s = "Elo difference: " + format_number(number, e.elo) + " +/- " + format_number(number, e.elo_error) +
                  ", LOS: " + format_number(number, e.los * 100) +
                  " %, DrawRatio: " + format_number(number, t.games() ? 100.0 * t.draws / t.games() : 0.0) + " %\n";
  if (config_.sprt) {
    const SprtConfig& sp = *config_.sprt;
    const double llr = sprt_llr(t, sp);
    const double share = llr < 0 ? llr / sp.lower_bound() : llr / sp.upper_bound();
    const char* g3 = output_.format == LineFormat::CUTECHESS ? "%.3g" : "%.2f";
    s += "SPRT: llr " + format_number(g3, llr) + " (" + format_number("%.1f", share * 100) + "%), lbound " +
         format_number(g3, sp.lower_bound()) + ", ubound " + format_number(g3, sp.upper_bound());
    const SprtDecision d = sprt_decision(llr, sp);
    if (d == SprtDecision::ACCEPT_H1) s += " - H1 was accepted";
    if (d == SprtDecision::ACCEPT_H0) s += " - H0 was accepted";
    s += "\n";
  }
  return s;
}

void ForeignReporter::game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) {
  out << "Warning; Game " << game_index + 1 << " was not played: " << why << " (" << resume << " plays it)\n" << std::flush;
}

void ForeignReporter::ended(std::ostream& out, const RunTally& tally, const RunEnding& e) {
  const bool match = config_.kind == TournamentKind::MATCH;
  if (match && !printed_final_block_ && tally.match_tally().games() > 0)
    out << (output_.format == LineFormat::FASTCHESS ? results_block(tally) : cutechess_elo_lines(tally));
  if (!match) out << e.summary.substr(0, e.summary.find("\n\n"));
  if (e.stop_reason.rfind("SPRT", 0) == 0 && config_.sprt) {
    const std::string hypothesis = e.stop_reason.find("H1") != std::string::npos ? "H1" : "H0";
    if (output_.format == LineFormat::FASTCHESS)
      out << "SPRT ([" << f2(config_.sprt->elo0) << ", " << f2(config_.sprt->elo1) << "]) completed - " << hypothesis
          << " was accepted\n";
    else
      out << "Tournament finished\n";
  }
  if (e.kind == RunEnding::INCOMPLETE) out << "Warning; " << e.unplayed << "\n";
  if (e.kind != RunEnding::FINISHED) out << "Tournament was interrupted. To resume the tournament, run: " << e.resume << "\n";
  out << "Finished match\n" << std::flush;
}

}  // namespace harness
