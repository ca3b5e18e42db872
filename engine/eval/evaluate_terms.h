// The evaluation's terms, written once for two builds: the engine's (Trace = NoTrace, every
// trace call an empty inline function the compiler removes) and the tuner's (trace.h), which
// records which weights fired and how often. Only evaluate.cpp and trace.cpp include this.
#pragma once

#include <algorithm>
#include <cassert>

#include "core/position.h"
#include "params.h"

namespace eval::terms {

using namespace chess;

constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

// Receives nothing: the engine's build.
struct NoTrace {
  void record(const int&, Color, int) {}
};

// One side's middle-game and end-game sums. Every term names its weight by reference, so that
// a trace learns which weight it was (its place in EvalParams) as well as the count.
template <class Trace>
struct Sums {
  int mg = 0, eg = 0;
  Trace& trace;
  Color color;
  void add(const int& mg_weight, const int& eg_weight, int count = 1) {
    add_mg(mg_weight, count);
    add_eg(eg_weight, count);
  }
  void add_mg(const int& weight, int count = 1) {
    mg += weight * count;
    trace.record(weight, color, count);
  }
  void add_eg(const int& weight, int count = 1) {
    eg += weight * count;
    trace.record(weight, color, count);
  }
};

// Masks the pawn terms need, made once.
struct PawnMasks {
  Bitboard adjacent_files[FILE_NB];
  Bitboard forward_file[COLOR_NB][SQUARE_NB];            // strictly in front, same file
  Bitboard ranks_behind_inclusive[COLOR_NB][SQUARE_NB];  // ranks at or behind the square
  PawnMasks() {
    for (int f = 0; f < FILE_NB; ++f)
      adjacent_files[f] = (f > FILE_A ? file_bb(File(f - 1)) : 0) | (f < FILE_H ? file_bb(File(f + 1)) : 0);
    for (Color c : {WHITE, BLACK})
      for (int s = 0; s < SQUARE_NB; ++s) {
        const int rank = rank_of(Square(s));
        Bitboard front = 0, behind = 0;
        for (int r = 0; r < 8; ++r) {
          const bool ahead = c == WHITE ? r > rank : r < rank;
          (ahead ? front : behind) |= rank_bb(Rank(r));
        }
        forward_file[c][s] = front & file_bb(file_of(Square(s)));
        ranks_behind_inclusive[c][s] = behind;
      }
  }
};
inline const PawnMasks MASKS;

inline Bitboard adjacent_files(File f) { return MASKS.adjacent_files[f]; }
inline Bitboard forward_file(Color c, Square s) { return MASKS.forward_file[c][s]; }
inline Bitboard ranks_behind_inclusive(Color c, Square s) { return MASKS.ranks_behind_inclusive[c][s]; }

struct Context {
  const Position& pos;
  const EvalParams& p;
  Bitboard pawn_attacks[COLOR_NB];
};

template <class Trace>
void material_and_squares(const Context& ctx, Sums<Trace>& s) {
  const Color c = s.color;
  const int* pst_mg[PIECE_TYPE_NB] = {nullptr,
                                      ctx.p.pst_pawn_mg.data(),
                                      ctx.p.pst_knight_mg.data(),
                                      ctx.p.pst_bishop_mg.data(),
                                      ctx.p.pst_rook_mg.data(),
                                      ctx.p.pst_queen_mg.data(),
                                      ctx.p.pst_king_mg.data()};
  const int* pst_eg[PIECE_TYPE_NB] = {nullptr,
                                      ctx.p.pst_pawn_eg.data(),
                                      ctx.p.pst_knight_eg.data(),
                                      ctx.p.pst_bishop_eg.data(),
                                      ctx.p.pst_rook_eg.data(),
                                      ctx.p.pst_queen_eg.data(),
                                      ctx.p.pst_king_eg.data()};
  for (int pt = PAWN; pt <= KING; ++pt) {
    Bitboard b = ctx.pos.pieces(c, PieceType(pt));
    while (b) {
      Square sq = relative_square(c, pop_lsb(b));
      s.add(pst_mg[pt][sq], pst_eg[pt][sq]);
      if (pt != KING) s.add(ctx.p.piece_value_mg[pt - 1], ctx.p.piece_value_eg[pt - 1]);
    }
  }
}

template <class Trace>
void passed_pawn(const Context& ctx, Square sq, Sums<Trace>& s) {
  const Color c = s.color;
  const int rank = relative_rank(c, rank_of(sq));
  s.add(ctx.p.passed_pawn_mg[rank], ctx.p.passed_pawn_eg[rank]);
  if (rank < RANK_4) return;
  const Square stop_square = sq + pawn_push(c);
  const int margin = distance(ctx.pos.king_square(~c), stop_square) - distance(ctx.pos.king_square(c), stop_square);
  if (margin) s.add_eg(ctx.p.passed_king_distance_eg, margin);
}

template <class Trace>
void pawn_structure(const Context& ctx, Sums<Trace>& s) {
  const Color c = s.color;
  const Bitboard ours = ctx.pos.pieces(c, PAWN), theirs = ctx.pos.pieces(~c, PAWN);
  Bitboard b = ours;
  while (b) {
    Square sq = pop_lsb(b);
    File f = file_of(sq);
    Bitboard front = forward_file(c, sq);
    if (front & ours) s.add(ctx.p.doubled_pawn_mg, ctx.p.doubled_pawn_eg);
    bool isolated = !(adjacent_files(f) & ours);
    if (isolated) s.add(ctx.p.isolated_pawn_mg, ctx.p.isolated_pawn_eg);
    Bitboard span = front | (adjacent_files(f) & ~ranks_behind_inclusive(c, sq));
    if (!(span & theirs)) passed_pawn(ctx, sq, s);
    bool supported = pawn_attacks(~c, sq) & ours;
    bool phalanx = adjacent_files(f) & rank_bb(rank_of(sq)) & ours;
    if (supported || phalanx) s.add(ctx.p.connected_pawn_mg, ctx.p.connected_pawn_eg);
    Square stop = sq + pawn_push(c);
    bool can_be_supported = adjacent_files(f) & ranks_behind_inclusive(c, sq) & ours;
    if (!isolated && !can_be_supported && (ctx.pawn_attacks[~c] & square_bb(stop)))
      s.add(ctx.p.backward_pawn_mg, ctx.p.backward_pawn_eg);
  }
}

// The weights of each piece type's mobility and king attacks, by piece type (knight to queen).
using Weight = int EvalParams::*;
constexpr Weight MOBILITY_MG[PIECE_TYPE_NB] = {nullptr,
                                               nullptr,
                                               &EvalParams::mobility_knight_mg,
                                               &EvalParams::mobility_bishop_mg,
                                               &EvalParams::mobility_rook_mg,
                                               &EvalParams::mobility_queen_mg,
                                               nullptr};
constexpr Weight MOBILITY_EG[PIECE_TYPE_NB] = {nullptr,
                                               nullptr,
                                               &EvalParams::mobility_knight_eg,
                                               &EvalParams::mobility_bishop_eg,
                                               &EvalParams::mobility_rook_eg,
                                               &EvalParams::mobility_queen_eg,
                                               nullptr};
// Each piece type's mobility-by-count weights (middle game, end game) for n safe squares.
struct CountWeights {
  const int& mg;
  const int& eg;
};
inline CountWeights by_count(const EvalParams& p, PieceType pt, int n) {
  const std::size_t i = std::size_t(n);
  switch (pt) {
    case KNIGHT: return {p.mobility_knight_by_count_mg[i], p.mobility_knight_by_count_eg[i]};
    case BISHOP: return {p.mobility_bishop_by_count_mg[i], p.mobility_bishop_by_count_eg[i]};
    case ROOK: return {p.mobility_rook_by_count_mg[i], p.mobility_rook_by_count_eg[i]};
    default: assert(pt == QUEEN); return {p.mobility_queen_by_count_mg[i], p.mobility_queen_by_count_eg[i]};
  }
}
constexpr Weight KING_ATTACK[PIECE_TYPE_NB] = {nullptr,
                                               nullptr,
                                               &EvalParams::king_attack_knight_mg,
                                               &EvalParams::king_attack_bishop_mg,
                                               &EvalParams::king_attack_rook_mg,
                                               &EvalParams::king_attack_queen_mg,
                                               nullptr};

template <class Trace>
void piece_terms(const Context& ctx, PieceType pt, Square sq, Bitboard safe, Bitboard king_zone, Sums<Trace>& s) {
  const Position& pos = ctx.pos;
  const EvalParams& p = ctx.p;
  const Color c = s.color;
  const Bitboard att = attacks_of(pt, sq, pos.pieces());
  const int mobility = popcount(att & safe);
  if (mobility) s.add(p.*MOBILITY_MG[pt], p.*MOBILITY_EG[pt], mobility);
  const CountWeights by_mobility = by_count(p, pt, mobility);
  s.add(by_mobility.mg, by_mobility.eg);
  if (const int near_king = popcount(att & king_zone)) s.add_mg(p.*KING_ATTACK[pt], near_king);
  if (pt <= BISHOP)
    if (const int n = popcount(att & pos.pieces(~c, ROOK, QUEEN))) s.add(p.threat_by_minor_mg, p.threat_by_minor_eg, n);
  if (pt == ROOK) {
    const Bitboard file = file_bb(file_of(sq));
    if (!(file & pos.pieces(PAWN)))
      s.add(p.rook_open_file_mg, p.rook_open_file_eg);
    else if (!(file & pos.pieces(c, PAWN)))
      s.add(p.rook_half_open_file_mg, p.rook_half_open_file_eg);
  }
}

template <class Trace>
void pieces_activity(const Context& ctx, Sums<Trace>& s) {
  const Position& pos = ctx.pos;
  const EvalParams& p = ctx.p;
  const Color c = s.color;
  const Bitboard safe = ~pos.pieces(c) & ~ctx.pawn_attacks[~c];
  const Square enemy_king = pos.king_square(~c);
  const Bitboard king_zone = king_attacks(enemy_king) | square_bb(enemy_king);
  for (int pt = KNIGHT; pt <= QUEEN; ++pt)
    for (Bitboard b = pos.pieces(c, PieceType(pt)); b;) piece_terms(ctx, PieceType(pt), pop_lsb(b), safe, king_zone, s);
  if (more_than_one(pos.pieces(c, BISHOP))) s.add(p.bishop_pair_mg, p.bishop_pair_eg);
  const int pawn_threats = popcount(ctx.pawn_attacks[c] & (pos.pieces(~c, KNIGHT, BISHOP) | pos.pieces(~c, ROOK, QUEEN)));
  if (pawn_threats) s.add(p.threat_by_pawn_mg, p.threat_by_pawn_eg, pawn_threats);
  const Bitboard home_minors = c == WHITE ? (square_bb(SQ_B1) | square_bb(SQ_C1) | square_bb(SQ_F1) | square_bb(SQ_G1))
                                          : (square_bb(SQ_B8) | square_bb(SQ_C8) | square_bb(SQ_F8) | square_bb(SQ_G8));
  if (const int undeveloped = popcount(home_minors & pos.pieces(c, KNIGHT, BISHOP)))
    s.add_mg(p.undeveloped_minor_mg, undeveloped);
}

template <class Trace>
void king_shelter(const Context& ctx, Sums<Trace>& s) {
  const Color c = s.color;
  Square k = ctx.pos.king_square(c);
  Bitboard files = file_bb(file_of(k)) | adjacent_files(file_of(k));
  Bitboard front = 0;
  int r = rank_of(k);
  for (int step = 1; step <= 2; ++step) {
    int rr = r + (c == WHITE ? step : -step);
    if (rr >= 0 && rr < 8) front |= rank_bb(Rank(rr));
  }
  if (const int shield = popcount(files & front & ctx.pos.pieces(c, PAWN))) s.add_mg(ctx.p.king_shield_pawn_mg, shield);
}

inline int game_phase(const Position& pos) {
  int phase = 0;
  for (int pt = KNIGHT; pt <= QUEEN; ++pt) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(PieceType(pt)));
  return std::min(phase, MAX_PHASE);
}

// Centipawns for the side to move; `trace` sees every weight that fired, by colour and count
// (the side to move's tempo counts for it).
template <class Trace>
int evaluate(const Position& pos, const EvalParams& params, bool full, Trace& trace) {
  Context ctx{pos, params, {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)), pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))}};
  Sums<Trace> side[COLOR_NB] = {{0, 0, trace, WHITE}, {0, 0, trace, BLACK}};
  for (Color c : {WHITE, BLACK}) {
    material_and_squares(ctx, side[c]);
    if (full) {
      pawn_structure(ctx, side[c]);
      pieces_activity(ctx, side[c]);
      king_shelter(ctx, side[c]);
    }
  }
  const Color us = pos.side_to_move();
  if (full) side[us].add_mg(params.tempo_mg);
  const int mg = side[us].mg - side[~us].mg;
  const int eg = side[us].eg - side[~us].eg;
  const int phase = game_phase(pos);
  return (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
}

}  // namespace eval::terms
