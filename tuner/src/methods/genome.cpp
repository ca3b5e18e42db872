#include "methods/genome.h"

#include <algorithm>

namespace tuner {

unsigned gray_to_binary(unsigned g) {
  for (unsigned shift = 1; shift < 32; shift <<= 1) g ^= g >> shift;
  return g;
}

unsigned binary_to_gray(unsigned b) { return b ^ (b >> 1); }

Values decode(const Bits& bits, const std::vector<TunedWeight>& weights, bool gray_code) {
  Values values;
  std::size_t at = 0;
  for (const TunedWeight& w : weights) {
    unsigned raw = 0;
    for (int b = 0; b < w.bits; ++b) raw = (raw << 1) | bits[at++];
    if (gray_code) raw = gray_to_binary(raw);
    values.push_back(std::min(w.max, w.min + int(raw) * w.step));
  }
  return values;
}

Bits encode(const Values& values, const std::vector<TunedWeight>& weights, bool gray_code) {
  Bits bits;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const TunedWeight& w = weights[i];
    int value = std::clamp(values[i], w.min, w.max);
    unsigned raw = std::min(unsigned((value - w.min + w.step / 2) / w.step), (1u << w.bits) - 1);
    if (gray_code) raw = binary_to_gray(raw);
    for (int b = w.bits - 1; b >= 0; --b) bits.push_back(std::uint8_t((raw >> b) & 1));
  }
  return bits;
}

int total_bits(const std::vector<TunedWeight>& weights) {
  int n = 0;
  for (const TunedWeight& w : weights) n += w.bits;
  return n;
}

}  // namespace tuner
