// GameRecord: everything about one finished game, as stored and exported.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "record/pv_warning.h"
#include "record/termination.h"

namespace harness {

// The centipawn number a mate score is kept as (mate in n: 32000 - 2n; mated in n: -32000 + 2n),
// so that scores sort and adjudicate as one scale.
inline int mate_score_cp(int mate_in) { return mate_in > 0 ? 32000 - 2 * mate_in : -32000 - 2 * mate_in; }

struct MoveRecord {
  std::string uci;
  std::string san;
  std::int64_t time_ms = 0;
  bool has_score = false;
  int score_cp = 0;  // from the mover's view
  int mate_in = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  bool pv_mismatch = false;  // the move is not the first move of the engine's last PV (its score is another move's)
  // What --pgn-comments can add: the engine's report, and the clock after the move.
  int seldepth = 0, hashfull = -1;
  std::uint64_t nps = 0;
  std::int64_t engine_time_ms = -1;         // the engine's own time for the search, -1: not reported
  std::int64_t clock_left_ms = -1;          // clock time controls: the mover's clock after the move
  std::int64_t time_us = 0;                 // time_ms in microseconds, while the game is in memory (not stored)
  std::vector<PvWarning> pv_warnings{};     // faults of the PVs the engine reported for this move (not stored yet)
  std::uint64_t tbhits = 0;                 // the engine's report, for -pgnout tbhits=true
  std::string pv{};                         // its last variation, for -pgnout pv=true (written to the PGN, not stored apart)
  std::vector<std::string> engine_lines{};  // lines kept by the run's match_lines patterns, stored with the move
};

struct Opening {
  std::string fen;                 // start position of the game
  std::vector<std::string> moves;  // UCI moves played from it before the engines take over
  std::string name;                // id or line reference, for the PGN
};

struct GameRecord {
  int game_index = 0;
  int pair_index = 0;
  std::string white, black;
  Opening opening;
  std::vector<MoveRecord> moves;                          // the engines' moves only (opening moves are in `opening`)
  chess::GameResult result = chess::GameResult::ONGOING;  // ONGOING: stopped unfinished, never stored
  GameEnd end = GameEnd::UNKNOWN;                         // how it ended; its PGN Termination tag is pgn_termination(end)
  std::string reason;                                  // human-readable: "White mates", "Black makes an illegal move: e7e9", ...
  std::string time_control;                            // PGN TimeControl value ("?" when the engines' differ)
  std::string white_time_control, black_time_control;  // each engine's own (time or node odds)
  std::string started_at, finished_at;                 // ISO 8601 UTC
  std::string white_stderr, black_stderr;
  int ponder_hits = 0;  // moves that came from a ponder search the opponent's reply confirmed
  // The last lines between the harness and the engine that lost by a fault (crash, stall, time,
  // illegal move), "> " to it and "< " from it, when the run keeps them (an event stream does).
  std::vector<std::string> fault_lines{};
  // With a parameters file: the option values each side played this game with (name, value).
  std::vector<std::pair<std::string, std::string>> white_params{}, black_params{};
  std::string pgn;
};

// fastchess's sign check of mate scores: a move whose mate score has the same sign as the
// opponent's mate score of the move before (both claim to mate, or both to be mated). `move` is
// the later move's index in GameRecord::moves; each score is its own engine's view.
struct MateSignMismatch {
  std::size_t move = 0;
  int them_mate = 0, us_mate = 0;
};

inline std::vector<MateSignMismatch> mate_sign_mismatches(const GameRecord& g) {
  std::vector<MateSignMismatch> out;
  for (std::size_t i = 1; i < g.moves.size(); ++i) {
    const MoveRecord& them = g.moves[i - 1];
    const MoveRecord& us = g.moves[i];
    if (them.has_score && us.has_score && them.mate_in != 0 && us.mate_in != 0 && (them.mate_in > 0) == (us.mate_in > 0))
      out.push_back({i, them.mate_in, us.mate_in});
  }
  return out;
}

// {"white": {"NAME": "VALUE", ...}, "black": {...}}: the values a parameters file set for the
// game's sides, as the database, the PGN and the events keep them; empty without any.
std::string game_params_json(const GameRecord& g);
// "NAME=VALUE NAME=VALUE": one side's values as a PGN tag holds them (each a spec word).
std::string params_words(const std::vector<std::pair<std::string, std::string>>& values);

// Who made the engines' move `i` of the game (the opening's moves come before it).
inline chess::Color mover(const GameRecord& g, std::size_t i) {
  auto start = chess::Position::from_fen(g.opening.fen);
  const chess::Color first = start ? start->side_to_move() : chess::WHITE;
  return (g.opening.moves.size() + i) % 2 == 0 ? first : ~first;
}

}  // namespace harness
