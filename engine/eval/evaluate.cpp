#include "evaluate.h"

#include <algorithm>

namespace eval {

using namespace chess;

namespace {

constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MAX_PHASE = 24;

struct Score {
  int mg = 0, eg = 0;
  void add(int m, int e) {
    mg += m;
    eg += e;
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
const PawnMasks MASKS;

Bitboard adjacent_files(File f) { return MASKS.adjacent_files[f]; }
Bitboard forward_file(Color c, Square s) { return MASKS.forward_file[c][s]; }
Bitboard ranks_behind_inclusive(Color c, Square s) { return MASKS.ranks_behind_inclusive[c][s]; }

struct Context {
  const Position& pos;
  const EvalParams& p;
  Bitboard pawn_attacks[COLOR_NB];
};

void material_and_squares(const Context& ctx, Color c, Score& s) {
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

void pawn_structure(const Context& ctx, Color c, Score& s) {
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
    if (!(span & theirs)) {
      int rank = relative_rank(c, rank_of(sq));
      s.add(ctx.p.passed_pawn_mg[rank], ctx.p.passed_pawn_eg[rank]);
      if (rank >= RANK_4) {
        Square stop_square = sq + pawn_push(c);
        int margin = distance(ctx.pos.king_square(~c), stop_square) - distance(ctx.pos.king_square(c), stop_square);
        s.add(0, ctx.p.passed_king_distance_eg * margin);
      }
    }
    bool supported = pawn_attacks(~c, sq) & ours;
    bool phalanx = adjacent_files(f) & rank_bb(rank_of(sq)) & ours;
    if (supported || phalanx) s.add(ctx.p.connected_pawn_mg, ctx.p.connected_pawn_eg);
    Square stop = sq + pawn_push(c);
    bool can_be_supported = adjacent_files(f) & ranks_behind_inclusive(c, sq) & ours;
    if (!isolated && !can_be_supported && (ctx.pawn_attacks[~c] & square_bb(stop)))
      s.add(ctx.p.backward_pawn_mg, ctx.p.backward_pawn_eg);
  }
}

void pieces_activity(const Context& ctx, Color c, Score& s) {
  const Position& pos = ctx.pos;
  const EvalParams& p = ctx.p;
  const Bitboard occ = pos.pieces();
  const Bitboard safe = ~pos.pieces(c) & ~ctx.pawn_attacks[~c];
  const Square enemy_king = pos.king_square(~c);
  const Bitboard king_zone = king_attacks(enemy_king) | square_bb(enemy_king);
  const int mob_mg[PIECE_TYPE_NB] = {0, 0, p.mobility_knight_mg, p.mobility_bishop_mg, p.mobility_rook_mg, p.mobility_queen_mg,
                                     0};
  const int mob_eg[PIECE_TYPE_NB] = {0, 0, p.mobility_knight_eg, p.mobility_bishop_eg, p.mobility_rook_eg, p.mobility_queen_eg,
                                     0};
  const int attack[PIECE_TYPE_NB] = {
      0, 0, p.king_attack_knight_mg, p.king_attack_bishop_mg, p.king_attack_rook_mg, p.king_attack_queen_mg, 0};
  for (int pt = KNIGHT; pt <= QUEEN; ++pt) {
    Bitboard b = pos.pieces(c, PieceType(pt));
    while (b) {
      Square sq = pop_lsb(b);
      Bitboard att = attacks_of(PieceType(pt), sq, occ);
      int mobility = popcount(att & safe);
      s.add(mob_mg[pt] * mobility, mob_eg[pt] * mobility);
      s.add(attack[pt] * popcount(att & king_zone), 0);
      if (pt <= BISHOP) {
        const int n = popcount(att & pos.pieces(~c, ROOK, QUEEN));
        s.add(p.threat_by_minor_mg * n, p.threat_by_minor_eg * n);
      }
      if (pt == ROOK) {
        Bitboard file = file_bb(file_of(sq));
        if (!(file & pos.pieces(PAWN)))
          s.add(p.rook_open_file_mg, p.rook_open_file_eg);
        else if (!(file & pos.pieces(c, PAWN)))
          s.add(p.rook_half_open_file_mg, p.rook_half_open_file_eg);
      }
    }
  }
  if (more_than_one(pos.pieces(c, BISHOP))) s.add(p.bishop_pair_mg, p.bishop_pair_eg);
  const int pawn_threats = popcount(ctx.pawn_attacks[c] & (pos.pieces(~c, KNIGHT, BISHOP) | pos.pieces(~c, ROOK, QUEEN)));
  s.add(p.threat_by_pawn_mg * pawn_threats, p.threat_by_pawn_eg * pawn_threats);
  const Bitboard home_minors = c == WHITE ? (square_bb(SQ_B1) | square_bb(SQ_C1) | square_bb(SQ_F1) | square_bb(SQ_G1))
                                          : (square_bb(SQ_B8) | square_bb(SQ_C8) | square_bb(SQ_F8) | square_bb(SQ_G8));
  s.add(p.undeveloped_minor_mg * popcount(home_minors & pos.pieces(c, KNIGHT, BISHOP)), 0);
}

void king_shelter(const Context& ctx, Color c, Score& s) {
  Square k = ctx.pos.king_square(c);
  Bitboard files = file_bb(file_of(k)) | adjacent_files(file_of(k));
  Bitboard front = 0;
  int r = rank_of(k);
  for (int step = 1; step <= 2; ++step) {
    int rr = r + (c == WHITE ? step : -step);
    if (rr >= 0 && rr < 8) front |= rank_bb(Rank(rr));
  }
  s.add(ctx.p.king_shield_pawn_mg * popcount(files & front & ctx.pos.pieces(c, PAWN)), 0);
}

}  // namespace

int game_phase(const Position& pos) {
  int phase = 0;
  for (int pt = KNIGHT; pt <= QUEEN; ++pt) phase += PHASE_WEIGHT[pt] * popcount(pos.pieces(PieceType(pt)));
  return std::min(phase, MAX_PHASE);
}

int evaluate(const Position& pos, const EvalParams& params, EvalMode mode) {
  Context ctx{pos, params, {pawn_attacks_bb<WHITE>(pos.pieces(WHITE, PAWN)), pawn_attacks_bb<BLACK>(pos.pieces(BLACK, PAWN))}};
  Score side[COLOR_NB];
  for (Color c : {WHITE, BLACK}) {
    material_and_squares(ctx, c, side[c]);
    if (mode == EvalMode::FULL) {
      pawn_structure(ctx, c, side[c]);
      pieces_activity(ctx, c, side[c]);
      king_shelter(ctx, c, side[c]);
    }
  }
  Color us = pos.side_to_move();
  int mg = side[us].mg - side[~us].mg;
  int eg = side[us].eg - side[~us].eg;
  if (mode == EvalMode::FULL) mg += params.tempo_mg;
  int phase = game_phase(pos);
  return (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
}

}  // namespace eval
