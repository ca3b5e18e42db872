#include "frontends/foreign_live_output.h"

#include <boost/crc.hpp>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "core/uci_move.h"
#include "pgn/pgn_writer.h"
#include "record/illegal_move.h"
#include "record/termination.h"
#include "stats/sprt.h"
#include "text/format_number.h"

namespace harness {

namespace {

const char* colour(chess::Color c) { return c == chess::WHITE ? "White" : "Black"; }

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
    // fastchess: no move before the clock runs out is a loss on time; a stall is an engine that
    // stopped answering (here: no move within a node or depth search's timeout).
    case GameEnd::STALL:
      return std::string(fault_class(g.end, g.reason)) == "time_loss" ? loser + " loses on time" : loser + "'s connection stalls";
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

ForeignLiveOutput::ForeignLiveOutput(const ForeignRun& run)
    : config_(run.config), output_(run.output), lines_(make_result_lines(config_, output_)) {
  for (const std::string& file : {output_.pgn_file, output_.epd_file}) {
    if (file.empty()) continue;
    const bool append = &file == &output_.pgn_file ? output_.pgn_append : output_.epd_append;
    std::ofstream(file, append ? std::ios::app : std::ios::trunc);
  }
  std::error_code ec;
  if (!output_.pgn_file.empty() && output_.pgn_append && std::filesystem::is_regular_file(output_.pgn_file, ec)) {
    // Appending to an earlier file: its CRC covers what is there already (a device such as
    // /dev/full reads without end, so only a regular file is read).
    std::ifstream in(output_.pgn_file, std::ios::binary);
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) pgn_crc_.process_bytes(buf, std::size_t(in.gcount()));
  }
}

// fastchess's PV warnings: the warning, the engine's line, the game's start and its moves before
// the move, one part a line (joined by " :: " with -testEnv).
int ForeignLiveOutput::pv_warnings(std::ostream& out, const GameRecord& g) const {
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

void ForeignLiveOutput::game_started(std::ostream& out, const GameSpec& spec, int total) {
  out << "Started game " << spec.game_index + 1 << " of " << total << " (" << config_.engines[std::size_t(spec.white)].name
      << " vs " << config_.engines[std::size_t(spec.black)].name << ")\n";
}


int ForeignLiveOutput::warnings(std::ostream& out, const GameRecord& g) {
  if (output_.format == LineFormat::CUTECHESS) return 0;  // cutechess-cli writes its warnings to standard error
  int printed = pv_warnings(out, g);
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (g.moves[i].pv_mismatch) {
      out << "Warning; Bestmove does not match beginning of last PV - move " << g.moves[i].uci << " from "
          << (mover(g, i) == chess::WHITE ? g.white : g.black) << "\n";
      ++printed;
    }
  if (g.end == GameEnd::ILLEGAL_MOVE) {
    const std::string move = illegal_move_text(g);
    if (!is_uci_move_text(move)) {
      out << "Warning; Move does not match uci move format, lowercase and 4/5 chars. Move " << move << " played by "
          << illegal_mover(g) << "\n";
      ++printed;
    }
    out << "Warning; Illegal move " << move << " played by " << illegal_mover(g) << "\n";
    ++printed;
  }
  return printed;
}

void ForeignLiveOutput::write_files(std::ostream& out, const GameRecord& g) {
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
    if (!(file << pgn << std::flush))
      file_error_ = output_.pgn_file + ": cannot write the game's PGN (" + std::strerror(errno) + ")";
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

void ForeignLiveOutput::game_stored(std::ostream& out, const GameRecord& g, const RunTally& tally, const RunProgress& p) {
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
  if (config_.kind == TournamentKind::MATCH) out << lines_->after_game(g, tally, p);
  out << std::flush;
  if (!file_error_.empty()) request_stop(StopRequest::FINISH_GAMES);
}

void ForeignLiveOutput::game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) {
  out << "Warning; Game " << game_index + 1 << " was not played: " << why << " (" << resume << " plays it)\n" << std::flush;
}

void ForeignLiveOutput::ended(std::ostream& out, const RunTally& tally, const RunEnding& e) {
  const bool match = config_.kind == TournamentKind::MATCH;
  if (match && !lines_->printed_final() && tally.match_tally().games() > 0) out << lines_->final_results(tally);
  if (!match) out << e.summary.substr(0, e.summary.find("\n\n"));
  if (e.sprt != SprtDecision::CONTINUE && config_.sprt) out << lines_->sprt_decided(e.sprt);
  if (e.left_out > 0)
    out << "Warning; " << e.left_out << (e.left_out == 1 ? " game" : " games")
        << " ended after the run was decided, or behind a game that was not played, and are not counted\n";
  if (e.kind == RunEnding::INCOMPLETE) out << "Warning; " << e.unplayed << "\n";
  if (e.kind != RunEnding::FINISHED) out << "Tournament was interrupted. To resume the tournament, run: " << e.resume << "\n";
  out << "Finished match\n" << std::flush;
}

}  // namespace harness
