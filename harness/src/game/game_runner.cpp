#include "game/game_runner.h"

#include <ctime>
#include <optional>

#include "core/san.h"
#include "core/uci_move.h"
#include "players/line_matches.h"
#include "process/terminal_pause.h"
#include "text/timestamp.h"

namespace harness {

namespace {

// How much earlier than its deadline a wait may end and still be a timeout (clock granularity).
constexpr std::int64_t TIMEOUT_TOLERANCE_MS = 5;

chess::GameResult loss_for(chess::Color loser) {
  return loser == chess::WHITE ? chess::GameResult::BLACK_WINS : chess::GameResult::WHITE_WINS;
}

// A player's own limit if its engine has one (time or node odds), else the run's.
const TimeControl& own_tc(Player& p, const GameSettings& settings) { return p.config().limit ? *p.config().limit : settings.tc; }
std::int64_t own_margin(Player& p, const GameSettings& settings) {
  return p.config().time_margin_ms.value_or(settings.time_margin_ms);
}

// The settings' match_lines patterns (validated with the settings: none is left out here).
std::vector<std::regex> compiled(const std::vector<std::string>& patterns) {
  auto regexes = compile_line_patterns(patterns);
  return regexes ? *std::move(regexes) : std::vector<std::regex>{};
}

class Referee {
 public:
  Referee(Player& white, Player& black, const Opening& opening, const GameSettings& settings, GameRecord& record)
      : players_{&white, &black}, settings_(settings), record_(record), match_lines_(compiled(settings.match_lines)) {
    game_ = chess::Game(chess::Position::from_fen(opening.fen).value());
    for (const std::string& m : opening.moves) (void)game_.play_uci(m, settings.variant);  // checked when the book was read
    for (chess::Color c : {chess::WHITE, chess::BLACK}) {
      tc_[c] = own_tc(*players_[c], settings);
      margin_[c] = own_margin(*players_[c], settings);
      clock_[c] = tc_[c].base_ms;
    }
    first_mover_ = game_.position().side_to_move();
  }

  // Empty when the game was played, else why it could not be: its engines did not get ready,
  // or the runner failed it (runner_fault).
  std::string run() {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) players_[c]->want_ponder(settings_.ponder);
    for (chess::Color c : {chess::WHITE, chess::BLACK})
      if (!players_[c]->new_game(tc_[c], settings_.variant)) {
        players_[c]->stop();
        return "engine '" + players_[c]->name() + "' did not get ready for a new game";
      }
    while (!aborted_ && !finished()) turn();
    // A ponder search still running ends with the game; an engine that ignores stop is restarted.
    for (chess::Color c : {chess::WHITE, chess::BLACK})
      if (ponder_[c] && !aborted_ && !players_[c]->stop_ponder()) players_[c]->stop();
    if (!runner_fault_.empty())
      for (chess::Color c : {chess::WHITE, chess::BLACK}) players_[c]->stop();  // in the state the fault left them
    return runner_fault_;
  }

 private:
  bool finished() {
    if (record_.result != chess::GameResult::ONGOING) return true;
    chess::Outcome o = game_.outcome();
    if (o.result != chess::GameResult::ONGOING) {
      const GameEnd how = rules_end(o.termination);
      end(o.result, how, end_reason(how, ~game_.position().side_to_move()));
      return true;
    }
    if (settings_.tablebases)
      if (auto verdict = settings_.tablebases->probe(game_.position(), settings_.tb_pieces)) {
        end(verdict->result, GameEnd::ADJUDICATED_TABLEBASE, verdict->reason);
        return true;
      }
    Adjudication a = adjudicate(settings_.adjudication, record_.moves, first_mover_, game_.position().fullmove_number());
    if (a.result != chess::GameResult::ONGOING) {
      end(a.result, a.end, a.reason);
      return true;
    }
    return false;
  }

  // What `us` is asked to think about in `game` (the game so far, or a ponder line).
  ThinkRequest request_for(chess::Color us, const chess::Game& game) const {
    ThinkRequest request;
    request.game = &game;
    request.variant = settings_.variant;
    request.check_mate_pvs = settings_.check_mate_pvs;
    if (!match_lines_.empty()) request.match_lines = &match_lines_;
    request.tc = tc_[us];
    request.clock_ms[0] = clock_[0];
    request.clock_ms[1] = clock_[1];
    request.increment_ms[0] = tc_[0].increment_ms;
    request.increment_ms[1] = tc_[1].increment_ms;
    if (tc_[us].moves > 0) request.moves_to_go = tc_[us].moves - moves_made_[us] % tc_[us].moves;
    request.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(allowance(us));
    return request;
  }

  // The engine's move: a ponder hit goes on with the ponder search; a miss stops it first. The
  // request, and with it the deadline of the move, is made once the engine is free to think:
  // the stop of a missed ponder search is not the mover's time.
  ThinkResult think(chess::Color us) {
    Player& player = *players_[us];
    if (ponder_[us]) {
      const bool hit = !game_.moves().empty() && game_.moves().back() == *ponder_[us];
      ponder_[us].reset();
      if (hit) {
        ++record_.ponder_hits;
        return player.ponderhit(request_for(us, game_));
      }
      if (!player.stop_ponder()) return ThinkResult{};  // it did not answer stop: lost as a disconnect
    }
    return player.think(request_for(us, game_));
  }

  // After `us` moved: ponder on the reply it expects, if the run ponders and the reply is legal.
  void start_ponder(chess::Color us, const std::string& expected_text) {
    if (!settings_.ponder || expected_text.empty() || tc_[us].kind != TimeControl::Kind::CLOCK) return;
    const chess::Move expected = chess::parse_uci(game_.position(), expected_text, settings_.variant);
    if (expected.is_none() || game_.outcome().result != chess::GameResult::ONGOING) return;
    chess::Game line = game_;
    line.play(expected);
    if (line.outcome().result != chess::GameResult::ONGOING) return;
    if (players_[us]->start_ponder(request_for(us, line))) ponder_[us] = expected;
  }

  void turn() {
    const chess::Color us = game_.position().side_to_move();
    const Asked asked{std::chrono::steady_clock::now(), paused_so_far()};  // before the request, whose deadline is later
    ThinkResult r = think(us);
    if (r.status == ThinkStatus::ABORTED) {
      aborted_ = true;  // not finished: the caller discards the game
      return;
    }
    if (r.status == ThinkStatus::DISCONNECTED) return lose(us, GameEnd::CRASH, "", true);
    if (r.status == ThinkStatus::OVERLONG) return lose(us, GameEnd::CRASH, "writes a line of more than 1 MiB", true);
    if (r.status == ThinkStatus::TIMEOUT && waited_ms(asked) + TIMEOUT_TOLERANCE_MS < allowance(us))
      return runner_fault(us, waited_ms(asked));
    if (r.status == ThinkStatus::TIMEOUT)
      return lose(us, GameEnd::STALL, tc_[us].kind == TimeControl::Kind::CLOCK || tc_[us].kind == TimeControl::Kind::MOVETIME
                                          ? ""
                                          : "no move within the " + std::to_string(settings_.search_timeout_ms) +
                                                " ms a node or depth search may take (--search-timeout-ms)",
                  true);
    if (r.move == "resign") return lose(us, GameEnd::RESIGNATION, "", false);
    if (over_time(us, r.elapsed_ms)) return lose(us, GameEnd::TIME, "", false);
    chess::Move m = chess::parse_uci(game_.position(), r.move, settings_.variant);
    if (m.is_none()) return lose(us, GameEnd::ILLEGAL_MOVE, r.move, false);
    MoveRecord mr{chess::to_uci(m, settings_.variant),
                  chess::to_san(game_.position(), m),
                  r.elapsed_ms,
                  r.report.has_score,
                  r.report.score_cp,
                  r.report.mate_in,
                  r.report.depth,
                  r.report.nodes,
                  r.pv_mismatch};
    mr.seldepth = r.report.seldepth;
    mr.hashfull = r.report.hashfull;
    mr.nps = r.report.nps;
    mr.engine_time_ms = r.report.time_ms;
    mr.time_us = r.elapsed_us;
    mr.pv_warnings = std::move(r.pv_warnings);
    mr.tbhits = r.report.tbhits;
    mr.pv = std::move(r.report.pv);
    mr.engine_lines = std::move(r.matched_lines);
    if (tc_[us].kind == TimeControl::Kind::CLOCK) mr.clock_left_ms = clock_[us];
    record_.moves.push_back(mr);
    game_.play(m);
    ++moves_made_[us];
    if (tc_[us].moves > 0 && moves_made_[us] % tc_[us].moves == 0) clock_[us] += tc_[us].base_ms;
    start_ponder(us, r.ponder_move);
  }

  // A move that timed out before the time it was allowed had passed was not the engine's fault
  // but the runner's (a deadline it could not keep, as when a clock overflowed its
  // arithmetic): the game is not played, and not stored as a loss; resume plays it again.
  // The time is the referee's own, from before the request was made: a true timeout has waited
  // at least the allowance whatever the machine's load, as the deadline came after it.
  // A Ctrl-Z pause (terminal_pause.h) is not counted.
  struct Asked {
    std::chrono::steady_clock::time_point at;
    std::chrono::nanoseconds paused;
  };
  static std::int64_t waited_ms(const Asked& asked) {
    const auto paused = paused_so_far() - asked.paused;
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - asked.at - paused).count();
  }
  void runner_fault(chess::Color us, std::int64_t waited) {
    runner_fault_ = "the runner gave up on engine '" + players_[us]->name() + "' after " + std::to_string(waited) +
                    " ms of the " + std::to_string(allowance(us)) +
                    " ms its move was allowed: a fault of the runner, not the engine's";
    aborted_ = true;
  }

  std::int64_t allowance(chess::Color us) const {
    switch (tc_[us].kind) {
      case TimeControl::Kind::CLOCK: return std::max<std::int64_t>(clock_[us], 0) + margin_[us] + 1;
      case TimeControl::Kind::MOVETIME: return tc_[us].movetime_ms + margin_[us] + 1;
      default: return settings_.search_timeout_ms;
    }
  }

  // Charges the move's time to the clock; true if it exceeded what was allowed.
  bool over_time(chess::Color us, std::int64_t elapsed) {
    if (tc_[us].kind == TimeControl::Kind::MOVETIME) return elapsed > tc_[us].movetime_ms + margin_[us];
    if (tc_[us].kind != TimeControl::Kind::CLOCK) return false;
    if (elapsed > clock_[us] + margin_[us]) return true;
    clock_[us] = std::max<std::int64_t>(clock_[us] - elapsed, 0) + tc_[us].increment_ms;
    return false;
  }

  void lose(chess::Color loser, GameEnd how, const std::string& detail, bool stop_engine) {
    if (how != GameEnd::RESIGNATION) record_.fault_lines = players_[loser]->last_lines();  // before a stop's lines
    if (stop_engine) players_[loser]->stop();  // a stalled or broken engine is restarted for the next game
    end(loss_for(loser), how, end_reason(how, loser, detail));
  }

  void end(chess::GameResult result, GameEnd how, const std::string& reason) {
    record_.result = result;
    record_.end = how;
    record_.reason = reason;
  }

  Player* players_[2];
  const GameSettings& settings_;
  GameRecord& record_;
  chess::Game game_;
  std::int64_t clock_[2];
  TimeControl tc_[2];
  std::int64_t margin_[2] = {0, 0};
  int moves_made_[2] = {0, 0};
  chess::Color first_mover_;
  bool aborted_ = false;
  std::string runner_fault_;              // why the game could not be played, when the runner failed it
  std::optional<chess::Move> ponder_[2];  // the reply each side ponders on, while it does
  std::vector<std::regex> match_lines_;   // settings_.match_lines, compiled (validated with the settings)
};

}  // namespace

chess::Result<GameRecord> play_game(Player& white, Player& black, const Opening& opening, const GameSettings& settings) {
  GameRecord record;
  record.white = white.name();
  record.black = black.name();
  record.opening = opening;
  record.white_time_control = own_tc(white, settings).pgn_tag();
  record.black_time_control = own_tc(black, settings).pgn_tag();
  record.time_control = record.white_time_control == record.black_time_control ? record.white_time_control : "?";
  record.started_at = utc_timestamp();
  if (std::string not_started = Referee(white, black, opening, settings, record).run(); !not_started.empty())
    return chess::Error{not_started};
  record.finished_at = utc_timestamp();
  record.white_stderr = white.take_stderr();
  record.black_stderr = black.take_stderr();
  return record;
}

}  // namespace harness
