#include "accumulator.h"

#include <algorithm>

#include "output.h"
#include "row_updates.h"

namespace nnue {

namespace {

void add_row(const std::int16_t* row, std::int16_t* out, int n) {
  for (int i = 0; i < n; ++i) out[i] = std::int16_t(out[i] + row[i]);
}

// out = in + the rows of what entered - the rows of what left, for one perspective.
void apply_delta(const Network& net, const MoveDelta& d, chess::Color perspective, PerspectiveView view, const std::int16_t* in,
                 std::int16_t* out) {
  const std::int16_t* adds[MAX_ROWS_PER_SIDE];
  const std::int16_t* subs[MAX_ROWS_PER_SIDE];
  for (int k = 0; k < d.added_count; ++k) adds[k] = net.feature_row(feature_index(view, perspective, d.added[k].piece, d.added[k].square));
  for (int k = 0; k < d.removed_count; ++k)
    subs[k] = net.feature_row(feature_index(view, perspective, d.removed[k].piece, d.removed[k].square));
  update_rows(in, out, adds, d.added_count, subs, d.removed_count, net.stride);
}

}  // namespace

PerspectiveView view_of(const Network& net, const chess::Position& pos, chess::Color perspective) {
  return perspective_view(net.arch, perspective, pos.king_square(perspective));
}

// The output bucket of `net` for a board of `pieces` pieces: always 0 with a single output.
int bucket_for(const Network& net, int pieces) { return net.arch.output == OutputLayer::SINGLE ? 0 : output_bucket(pieces); }

void refresh_perspective(const Network& net, const chess::Position& pos, chess::Color perspective, std::int16_t* out) {
  std::copy(net.l0b.begin(), net.l0b.end(), out);
  const PerspectiveView view = view_of(net, pos, perspective);
  for (chess::Bitboard b = pos.pieces(); b; b &= b - 1) {
    const auto s = chess::Square(__builtin_ctzll(b));
    add_row(net.feature_row(feature_index(view, perspective, pos.piece_on(s), s)), out, net.stride);
  }
}

void refresh(const Network& net, const chess::Position& pos, std::int16_t* white, std::int16_t* black) {
  refresh_perspective(net, pos, chess::WHITE, white);
  refresh_perspective(net, pos, chess::BLACK, black);
}

int evaluate_position(const Network& net, const chess::Position& pos) {
  std::vector<std::int16_t> white(std::size_t(net.stride)), black(std::size_t(net.stride));
  refresh(net, pos, white.data(), black.data());
  const bool white_to_move = pos.side_to_move() == chess::WHITE;
  return network_output(net, white_to_move ? white.data() : black.data(), white_to_move ? black.data() : white.data(),
                        bucket_for(net, __builtin_popcountll(pos.pieces())));
}

AccumulatorStack::AccumulatorStack(const Network& net, int capacity)
    : net_(&net),
      values_(std::size_t(capacity) * 2 * std::size_t(net.stride)),
      plies_(std::size_t(capacity)),
      boards_(std::size_t(capacity)),
      cache_(net) {}

void AccumulatorStack::reset(const chess::Position& pos) {
  top_ = 0;
  refresh(*net_, pos, values(0, chess::WHITE), values(0, chess::BLACK));
  Ply& root = plies_[0];
  for (chess::Color c : {chess::WHITE, chess::BLACK}) root.views[c] = view_of(*net_, pos, c);
  root.pieces = __builtin_popcountll(pos.pieces());
  root.computed = true;
}

void AccumulatorStack::push(const chess::Position& before, chess::Move m) {
  const Ply& parent = plies_[std::size_t(top_)];
  Ply& ply = plies_[std::size_t(++top_)];
  ply.delta = delta_of(before, m);
  ply.pieces = parent.pieces + ply.delta.added_count - ply.delta.removed_count;
  ply.computed = false;
  const chess::Color mover = before.side_to_move();
  ply.views[chess::WHITE] = parent.views[chess::WHITE];
  ply.views[chess::BLACK] = parent.views[chess::BLACK];
  ply.refresh[chess::WHITE] = ply.refresh[chess::BLACK] = false;
  if (net_->arch.inputs == InputSet::CHESS768 || chess::type_of(before.piece_on(m.from())) != chess::KING) return;
  ++cache_.stats().king_moves;
  const PerspectiveView after = perspective_view(net_->arch, mover, ply.delta.added[0].square);
  if (after == parent.views[mover]) return;
  ply.views[mover] = after;
  ply.refresh[mover] = true;
  chess::Position& board = boards_[std::size_t(top_)];
  board = before;
  chess::Undo undo;
  board.do_move(m, undo);
}

void AccumulatorStack::push_null() {
  const Ply& parent = plies_[std::size_t(top_)];
  Ply& ply = plies_[std::size_t(++top_)];
  ply = Ply{};
  ply.views[chess::WHITE] = parent.views[chess::WHITE];
  ply.views[chess::BLACK] = parent.views[chess::BLACK];
  ply.pieces = parent.pieces;
}

void AccumulatorStack::update(int ply, chess::Color c) {
  const Ply& p = plies_[std::size_t(ply)];
  if (p.refresh[c])
    cache_.refresh(boards_[std::size_t(ply)], c, p.views[c], values(ply, c));
  else
    apply_delta(*net_, p.delta, c, p.views[c], values(ply - 1, c), values(ply, c));
}

void AccumulatorStack::bring_up_to_date() {
  int from = top_;
  while (!plies_[std::size_t(from)].computed) --from;
  for (int ply = from + 1; ply <= top_; ++ply) {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) update(ply, c);
    plies_[std::size_t(ply)].computed = true;
  }
}

const std::int16_t* AccumulatorStack::current(chess::Color perspective) {
  bring_up_to_date();
  return values(top_, perspective);
}

int AccumulatorStack::evaluate(chess::Color side_to_move) {
  bring_up_to_date();
  return network_output(*net_, values(top_, side_to_move), values(top_, ~side_to_move), bucket_for(*net_, plies_[std::size_t(top_)].pieces));
}

}  // namespace nnue
