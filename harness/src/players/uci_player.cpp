#include "uci_player.h"

#include <algorithm>
#include <sstream>

#include "core/nearest_names.h"
#include "core/uci_move.h"
#include "players/line_matches.h"
#include "players/pv_checks.h"
#include "record/game_record.h"
#include "settings/key_values.h"
#include "text/control_characters.h"

namespace harness {

namespace {

constexpr long long MAX_MATE_MOVES = 500;  // mate scores (31000 and beyond) stay apart from centipawns
constexpr long long MAX_CP = 30000;

std::string go_command(const ThinkRequest& r) {
  const TimeControl& tc = r.tc;
  switch (tc.kind) {
    case TimeControl::Kind::MOVETIME: return "go movetime " + std::to_string(tc.movetime_ms);
    case TimeControl::Kind::DEPTH: return "go depth " + std::to_string(tc.depth);
    case TimeControl::Kind::NODES: return "go nodes " + std::to_string(tc.nodes);
    case TimeControl::Kind::CLOCK: break;
  }
  std::string cmd = "go wtime " + std::to_string(std::max<std::int64_t>(r.clock_ms[0], 1)) + " btime " +
                    std::to_string(std::max<std::int64_t>(r.clock_ms[1], 1));
  // Each side's own increment (time odds); a request without them (analysis) uses the limit's.
  const bool own = r.increment_ms[0] > 0 || r.increment_ms[1] > 0;
  const std::int64_t winc = own ? r.increment_ms[0] : tc.increment_ms, binc = own ? r.increment_ms[1] : tc.increment_ms;
  if (winc > 0 || binc > 0) cmd += " winc " + std::to_string(winc) + " binc " + std::to_string(binc);
  if (r.moves_to_go > 0) cmd += " movestogo " + std::to_string(r.moves_to_go);
  return cmd;
}

bool is_chess960_fen(const std::string& fen) {
  auto pos = chess::Position::from_fen(fen);
  return pos && pos->is_chess960();
}

// Whether two configurations set the same options in the same order, values aside: sending one's
// over the other's then leaves no option at what the engine takes for its default, which an
// engine may not hold to (a weight set back to its default value did not restore the engine's
// evaluation).
bool same_option_names(const EngineConfig& a, const EngineConfig& b) {
  if (a.options.size() != b.options.size()) return false;
  for (std::size_t i = 0; i < a.options.size(); ++i)
    if (a.options[i].first != b.options[i].first) return false;
  return true;
}

}  // namespace

void parse_uci_info(const std::string& line, SearchReport& report) {
  std::istringstream is(line);
  std::string word;
  is >> word;  // "info"
  while (is >> word) {
    if (word == "depth")
      is >> report.depth;
    else if (word == "nodes")
      is >> report.nodes;
    else if (word == "seldepth")
      is >> report.seldepth;
    else if (word == "hashfull")
      is >> report.hashfull;
    else if (word == "nps")
      is >> report.nps;
    else if (word == "tbhits")
      is >> report.tbhits;
    else if (word == "time") {
      long long ms = -1;
      if (is >> ms) report.time_ms = std::clamp<long long>(ms, -1, 1LL << 40);
    } else if (word == "score") {
      std::string kind;
      long long value = 0;
      if (!(is >> kind >> value)) return;
      if (kind != "mate" && kind != "cp") return;
      // Engines' numbers are clamped to what a game can mean, so none can overflow.
      report.has_score = true;
      if (kind == "mate") {
        int moves = int(std::clamp<long long>(value, -MAX_MATE_MOVES, MAX_MATE_MOVES));
        report.mate_in = moves;
        report.score_cp = mate_score_cp(moves);
      } else {
        report.mate_in = 0;
        report.score_cp = int(std::clamp<long long>(value, -MAX_CP, MAX_CP));
      }
    } else if (word == "pv") {
      is >> report.pv_move;
      std::getline(is, report.pv);
      report.pv = report.pv_move + report.pv;
      return;  // the rest of the line is the variation
    } else if (word == "string") {
      return;  // free text
    }
  }
}

chess::Result<bool> UciPlayer::start() {
  stderr_offset_ = 0;
  auto p = ChildProcess::start({config_.command, config_.args, config_.working_dir, stderr_path_, cpus_});
  if (!p) return chess::Error{"engine '" + config_.name + "': " + p.error()};
  process_ = std::move(p).value();
  watch(*process_);
  declared_.clear();
  chess960_on_ = false;
  ponder_on_ = false;
  std::string last;  // the engine's last other line: an engine that gives up says why there
  if (!ask("uci", "uciok", deadlines_.startup(), [this, &last](const std::string& line) {
        last = line;
        if (auto o = parse_uci_option(line)) declared_.push_back(std::move(*o));
      }))
    return chess::Error{no_answer("'uci' with 'uciok'", last)};
  CHESS_RETURN_IF_ERROR(send_setup(config_));
  if (!ask("isready", "readyok", deadlines_.startup(), [&last](const std::string& line) { last = line; }))
    return chess::Error{no_answer("'isready'", last)};
  return true;
}

std::string UciPlayer::no_answer(const std::string& question, const std::string& last_line) {
  const std::string said = last_line.empty() ? "" : "; its last line: '" + escaped_controls(last_line.substr(0, 300)) + "'";
  if (last_read_ == ReadStatus::CLOSED) return "engine '" + config_.name + "' exited instead of answering " + question + said;
  if (last_read_ == ReadStatus::OVERLONG)
    return "engine '" + config_.name + "' wrote a line of more than 1 MiB instead of answering " + question;
  return "engine '" + config_.name + "' did not answer " + question + " within " + std::to_string(deadlines_.startup_ms) +
         " ms (--startup-ms)" + said;
}

bool UciPlayer::ask(const std::string& command, const std::string& reply, std::chrono::milliseconds timeout,
                    const std::function<void(const std::string&)>& on_other_line) {
  last_read_ = ReadStatus::CLOSED;  // a question that cannot be written: the engine is gone
  if (!process_ || !process_->write_line(command)) return false;
  auto deadline = ChildProcess::Clock::now() + timeout;
  std::string line;
  while ((last_read_ = process_->read_line(line, deadline)) == ReadStatus::LINE) {
    if (line.rfind(reply, 0) == 0) return true;
    if (on_other_line) on_other_line(line);
  }
  return false;
}

chess::Result<bool> UciPlayer::send_setup(const EngineConfig& config) {
  for (const auto& [name, value] : config.options)
    CHESS_RETURN_IF_ERROR(send_setup_line(*process_, setoption_command(declared_, name, value)));
  for (const std::string& s : config.init_strings) CHESS_RETURN_IF_ERROR(send_setup_line(*process_, s));
  return true;
}

bool UciPlayer::reconfigure(const EngineConfig& next) {
  if (!alive() || !same_program(config_, next) || !same_option_names(config_, next)) return false;
  const bool same_options = config_.options == next.options;
  // Its name and own limits too (a game reads them from the player), first, so that the dialogue
  // log shows the lines sent under the engine they set up.
  config_ = next;
  if (!same_options && !send_setup(config_)) {
    stop();  // set up by halves: it must play no configuration
    return false;
  }
  return true;
}

bool UciPlayer::set_chess960(bool on) {
  if (!process_) return false;
  if (on == chess960_on_ || !find_uci_option(declared_, "UCI_Chess960")) return true;
  chess960_on_ = on;
  return process_->write_line(std::string("setoption name UCI_Chess960 value ") + (on ? "true" : "false"));
}

std::string UciPlayer::cannot_play(chess::Variant variant) const {
  if (variant == chess::Variant::STANDARD || find_uci_option(declared_, "UCI_Chess960")) return {};
  return "engine '" + config_.name + "' does not declare the UCI_Chess960 option, so it cannot play Chess960";
}

bool UciPlayer::new_game(const TimeControl&, chess::Variant variant) {
  if (!process_) return false;
  if (ponder_wanted_ && !ponder_on_ && find_uci_option(declared_, "Ponder")) {
    if (!process_->write_line("setoption name Ponder value true")) return false;
    ponder_on_ = true;
  }
  if (!set_chess960(variant == chess::Variant::FISCHERANDOM) || !process_->write_line("ucinewgame")) return false;
  return ask("isready", "readyok", deadlines_.ucinewgame());
}

ThinkResult UciPlayer::think(const ThinkRequest& request) {
  if (!process_ || !process_->write_line(position_.line_for(*request.game, request.variant))) return {};
  auto start = ChildProcess::Clock::now();
  if (!process_->write_line(go_command(request))) return {};
  return collect_move(request, start);
}

bool UciPlayer::start_ponder(const ThinkRequest& request) {
  if (!ponder_on_ || !process_ || !process_->write_line(position_.line_for(*request.game, request.variant))) return false;
  return process_->write_line("go ponder" + go_command(request).substr(2));
}

ThinkResult UciPlayer::ponderhit(const ThinkRequest& request) {
  // The clock runs from here, as a GUI charges it: the ponder search so far was on the opponent's time.
  auto start = ChildProcess::Clock::now();
  if (!process_ || !process_->write_line("ponderhit")) return {};
  return collect_move(request, start);
}

bool UciPlayer::stop_ponder() {
  if (!process_ || !process_->write_line("stop")) return false;
  std::string line;
  const auto deadline = ChildProcess::Clock::now() + deadlines_.ping();
  while (process_->read_line(line, deadline) == ReadStatus::LINE)
    if (line.rfind("bestmove", 0) == 0) return true;
  return false;  // the engine ignores stop: the game's player is restarted
}

ThinkResult UciPlayer::collect_move(const ThinkRequest& request, ChildProcess::Clock::time_point start) {
  ThinkResult result;
  // Info lines are only kept while the engine searches (an engine may write thousands a
  // second); the last with a score and the last with a PV are read once the move is in.
  std::string last_score_line, last_pv_line;
  std::optional<PvChecker> pv_checker;
  if (request.game) pv_checker.emplace(*request.game, request.variant, request.check_mate_pvs);
  std::optional<LineMatches> matches;
  if (request.match_lines) matches.emplace(*request.match_lines);
  await_move(*process_, request, start, result, [&](const std::string& line) {
    if (matches) matches->line(line);
    if (pv_checker && line.rfind("bestmove", 0) != 0) pv_checker->line(line);
    if (line.rfind("info ", 0) == 0) {
      if (line.find(" score ") != std::string::npos) last_score_line = line;
      if (line.find(" pv ") != std::string::npos) last_pv_line = line;
      return false;
    }
    if (line.rfind("bestmove", 0) != 0) return false;
    std::istringstream is(line);
    std::string word;
    is >> word >> result.move;
    if (is >> word && word == "ponder") is >> result.ponder_move;
    return true;
  });
  if (!last_score_line.empty()) parse_uci_info(last_score_line, result.report);
  if (!last_pv_line.empty() && last_pv_line != last_score_line) {
    SearchReport pv_report;
    parse_uci_info(last_pv_line, pv_report);
    result.report.pv_move = pv_report.pv_move;
    result.report.pv = pv_report.pv;
  }
  if (matches) result.matched_lines = matches->take();
  if (pv_checker && result.status == ThinkStatus::MOVE) {
    pv_checker->finish();
    result.pv_warnings = pv_checker->take();
  }
  result.pv_mismatch =
      result.status == ThinkStatus::MOVE && !result.report.pv_move.empty() && result.report.pv_move != result.move;
  return result;
}

chess::Result<Analysis> UciPlayer::analyse(const std::string& fen, const TimeControl& limit, std::chrono::milliseconds timeout) {
  if (!set_chess960(is_chess960_fen(fen)) || !process_->write_line("ucinewgame") || !process_->write_line("position fen " + fen))
    return chess::Error{"engine '" + config_.name + "' is not running"};
  ThinkRequest request;
  request.tc = limit;
  request.deadline = ChildProcess::Clock::now() + timeout;
  ThinkResult result;
  Analysis analysis;
  auto start = ChildProcess::Clock::now();
  process_->write_line(go_command(request));
  await_move(*process_, request, start, result, [&](const std::string& line) {
    if (line.rfind("info ", 0) == 0) {
      SearchReport r = analysis.lines.empty() ? SearchReport{} : analysis.lines.back().report;
      r.pv_move.clear();
      parse_uci_info(line, r);
      auto now = std::chrono::duration_cast<std::chrono::milliseconds>(ChildProcess::Clock::now() - start).count();
      if (!r.pv_move.empty()) analysis.lines.push_back({now, r});
    }
    if (line.rfind("bestmove", 0) != 0) return false;
    std::istringstream is(line);
    std::string word;
    is >> word >> analysis.best;
    return true;
  });
  analysis.elapsed_ms = result.elapsed_ms;
  if (result.status == ThinkStatus::TIMEOUT) {
    stop();
    return chess::Error{"engine '" + config_.name + "' gave no move within " + std::to_string(timeout.count() / 1000) + " s"};
  }
  if (result.status == ThinkStatus::DISCONNECTED) return chess::Error{"engine '" + config_.name + "' exited during the search"};
  return analysis;
}

chess::Result<PerftOutput> UciPlayer::perft(const std::string& fen, const std::vector<std::string>& moves, int depth,
                                            std::chrono::milliseconds timeout) {
  // A Chess960 position is counted with UCI_Chess960 on, so castling is written king-takes-rook.
  set_chess960(is_chess960_fen(fen));
  std::string position = "position fen " + fen;
  if (!moves.empty()) position += " moves";
  for (const std::string& m : moves) position += " " + m;
  if (!process_ || !process_->write_line(position)) return chess::Error{"engine '" + config_.name + "' is not running"};
  auto start = ChildProcess::Clock::now();
  process_->write_line("go perft " + std::to_string(depth));
  PerftOutput out;
  std::string line;
  while (true) {
    ReadStatus status = process_->read_line(line, start + timeout);
    if (status == ReadStatus::TIMEOUT) {
      stop();  // it may still be counting: a fresh process is started for the next position
      return chess::Error{"engine '" + config_.name + "' did not finish 'go perft " + std::to_string(depth) + "' within " +
                          std::to_string(timeout.count() / 1000) + " s (does it support perft?)"};
    }
    if (status == ReadStatus::CLOSED) return chess::Error{"engine '" + config_.name + "' exited during 'go perft'"};
    if (line.rfind("bestmove", 0) == 0)
      return chess::Error{"engine '" + config_.name + "' does not support 'go perft' (it searched instead)"};
    if (line.rfind("Nodes searched:", 0) == 0) {
      out.total = std::strtoull(line.c_str() + 15, nullptr, 10);
      out.seconds = std::chrono::duration<double>(ChildProcess::Clock::now() - start).count();
      return out;
    }
    std::size_t colon = line.find(':');
    if (colon >= 4 && colon <= 5 && colon + 1 < line.size()) {
      std::string move = line.substr(0, colon);
      if (move[0] >= 'a' && move[0] <= 'h' && move[1] >= '1' && move[1] <= '8')
        out.moves[move] = std::strtoull(line.c_str() + colon + 1, nullptr, 10);
    }
  }
}

void UciPlayer::stop() {
  if (!process_) return;
  process_->write_line("quit");
  process_->stop(QUIT_GRACE);
  process_.reset();
}

// " (did you mean 'option.Skill Level=3'?)": the nearest declared name as an --engine spec writes it.
std::string UciPlayer::spec_suggestion(const std::string& name, const std::string& value) const {
  std::vector<std::string> names;
  for (const UciOption& d : declared_) names.push_back(d.name);
  const std::vector<std::string> near = chess::nearest_names(name, names, 1);
  if (near.empty()) return "";
  return " (did you mean " + key_value_word("option." + near.front(), value) + "?)";
}

std::vector<OptionProblem> UciPlayer::option_problems(const EngineConfig& config) const {
  const std::string where = "engine '" + config.name + "'";
  std::vector<OptionProblem> problems;
  for (const auto& [name, value] : config.options) {
    const UciOption* declared = find_uci_option(declared_, name);
    if (!declared)
      problems.push_back(
          {name, value, false, where + ": the engine has no option '" + name + "'" + spec_suggestion(name, value)});
    else if (auto ok = check_uci_value(*declared, value); !ok)
      problems.push_back({name, value, true, where + ": " + ok.error()});
  }
  return problems;
}

}  // namespace harness
