// The accumulator's row arithmetic: a copy of one perspective's sums with rows added and
// subtracted in one pass over the neurons (each sum read and written once, the rows' counts
// known at compile time so the compiler keeps the loop in vector registers on every
// instruction set), wrapping in 16 bits as bullet's accumulators do.
#pragma once

#include <cstdint>

namespace nnue {

inline constexpr int MAX_ROWS_PER_SIDE = 2;  // a move adds and removes at most two pieces (move_delta.h)

// out = in + the `adds` rows - the `subs` rows, `n` values each; `in` may equal `out`.
void update_rows(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds, int add_count,
                 const std::int16_t* const* subs, int sub_count, int n);

}  // namespace nnue
