#include "row_updates.h"

namespace nnue {

namespace {

template <int ADDS, int SUBS>
void fused(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds, const std::int16_t* const* subs, int n) {
  for (int i = 0; i < n; ++i) {
    int v = in[i];
    for (int a = 0; a < ADDS; ++a) v += adds[a][i];
    for (int s = 0; s < SUBS; ++s) v -= subs[s][i];
    out[i] = std::int16_t(v);
  }
}

using Fused = void (*)(const std::int16_t*, std::int16_t*, const std::int16_t* const*, const std::int16_t* const*, int);

constexpr Fused KERNELS[MAX_ROWS_PER_SIDE + 1][MAX_ROWS_PER_SIDE + 1] = {
    {fused<0, 0>, fused<0, 1>, fused<0, 2>},
    {fused<1, 0>, fused<1, 1>, fused<1, 2>},
    {fused<2, 0>, fused<2, 1>, fused<2, 2>},
};

}  // namespace

void update_rows(const std::int16_t* in, std::int16_t* out, const std::int16_t* const* adds, int add_count,
                 const std::int16_t* const* subs, int sub_count, int n) {
  while (add_count > MAX_ROWS_PER_SIDE || sub_count > MAX_ROWS_PER_SIDE) {  // a refresh's long lists, in steps
    const int a = add_count > MAX_ROWS_PER_SIDE ? MAX_ROWS_PER_SIDE : add_count;
    const int s = sub_count > MAX_ROWS_PER_SIDE ? MAX_ROWS_PER_SIDE : sub_count;
    KERNELS[a][s](in, out, adds, subs, n);
    in = out, adds += a, subs += s, add_count -= a, sub_count -= s;
  }
  KERNELS[add_count][sub_count](in, out, adds, subs, n);
}

}  // namespace nnue
