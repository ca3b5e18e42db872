#include "accumulator.h"

#include <algorithm>

#include "features.h"
#include "output.h"

namespace nnue {

namespace {

// out = in + the rows of what entered - the rows of what left, for one perspective.
void apply_delta(const Network& net, const MoveDelta& d, chess::Color perspective, const std::int16_t* in, std::int16_t* out) {
  const int n = net.stride;
  std::copy(in, in + n, out);
  for (int k = 0; k < d.added_count; ++k) {
    const std::int16_t* row = net.feature_row(feature_index(perspective, d.added[k].piece, d.added[k].square));
    for (int i = 0; i < n; ++i) out[i] = std::int16_t(out[i] + row[i]);
  }
  for (int k = 0; k < d.removed_count; ++k) {
    const std::int16_t* row = net.feature_row(feature_index(perspective, d.removed[k].piece, d.removed[k].square));
    for (int i = 0; i < n; ++i) out[i] = std::int16_t(out[i] - row[i]);
  }
}

}  // namespace

void refresh(const Network& net, const chess::Position& pos, std::int16_t* white, std::int16_t* black) {
  std::copy(net.l0b.begin(), net.l0b.end(), white);
  std::copy(net.l0b.begin(), net.l0b.end(), black);
  for (chess::Bitboard b = pos.pieces(); b; b &= b - 1) {
    const auto s = chess::Square(__builtin_ctzll(b));
    const chess::Piece p = pos.piece_on(s);
    const std::int16_t* w = net.feature_row(feature_index(chess::WHITE, p, s));
    const std::int16_t* k = net.feature_row(feature_index(chess::BLACK, p, s));
    for (int i = 0; i < net.stride; ++i) {
      white[i] = std::int16_t(white[i] + w[i]);
      black[i] = std::int16_t(black[i] + k[i]);
    }
  }
}

int evaluate_position(const Network& net, const chess::Position& pos) {
  std::vector<std::int16_t> white(std::size_t(net.stride)), black(std::size_t(net.stride));
  refresh(net, pos, white.data(), black.data());
  const bool white_to_move = pos.side_to_move() == chess::WHITE;
  return network_output(net, white_to_move ? white.data() : black.data(), white_to_move ? black.data() : white.data());
}

AccumulatorStack::AccumulatorStack(const Network& net, int capacity)
    : net_(&net),
      values_(std::size_t(capacity) * 2 * std::size_t(net.stride)),
      deltas_(std::size_t(capacity)),
      computed_(std::size_t(capacity), false) {}

void AccumulatorStack::reset(const chess::Position& pos) {
  top_ = 0;
  refresh(*net_, pos, values(0, chess::WHITE), values(0, chess::BLACK));
  computed_[0] = true;
}

void AccumulatorStack::push(const chess::Position& before, chess::Move m) {
  ++top_;
  deltas_[std::size_t(top_)] = delta_of(before, m);
  computed_[std::size_t(top_)] = false;
}

void AccumulatorStack::push_null() {
  ++top_;
  deltas_[std::size_t(top_)] = MoveDelta{};
  computed_[std::size_t(top_)] = false;
}

void AccumulatorStack::bring_up_to_date() {
  int from = top_;
  while (!computed_[std::size_t(from)]) --from;
  for (int ply = from + 1; ply <= top_; ++ply) {
    for (chess::Color c : {chess::WHITE, chess::BLACK}) apply_delta(*net_, deltas_[std::size_t(ply)], c, values(ply - 1, c), values(ply, c));
    computed_[std::size_t(ply)] = true;
  }
}

const std::int16_t* AccumulatorStack::current(chess::Color perspective) {
  bring_up_to_date();
  return values(top_, perspective);
}

int AccumulatorStack::evaluate(chess::Color side_to_move) {
  bring_up_to_date();
  return network_output(*net_, values(top_, side_to_move), values(top_, ~side_to_move));
}

}  // namespace nnue
