// The trainers' binary formats and the network file: any bytes are decoded or refused without a
// crash. A position decoded is consistent, and encoding it again and decoding that gives the same
// position; the first byte picks the format.
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"
#include "fuzz_input.h"
#include "inference/accumulator.h"
#include "nnue/network.h"

namespace {

void check(const formats::TrainingPosition& p) { FUZZ_CHECK(p.position.consistency_error().empty()); }

void boards(const std::uint8_t* data, std::size_t size, bool bullet) {
  for (std::size_t at = 0; at + 32 <= size; at += 32) {
    auto p = bullet ? formats::decode_bulletformat(data + at) : formats::decode_marlinformat(data + at);
    if (!p) continue;
    check(*p);
    if (bullet) continue;
    const formats::Record32 again = formats::encode_marlinformat(p->position, p->score_white, p->result);
    auto back = formats::decode_marlinformat(again.data());
    FUZZ_CHECK(back && back->position.fen() == p->position.fen() && back->score_white == p->score_white);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t kind = data[0] % 5;
  ++data, --size;
  switch (kind) {
    case 0: boards(data, size, false); break;
    case 1: boards(data, size, true); break;
    case 2: (void)formats::decode_viriformat_game(data, size, "fuzz", check); break;
    case 3: {
      std::size_t chains = 0;
      (void)formats::decode_binpack_chunk(data, size, "fuzz", check, chains);
      break;
    }
    default: {
      // A network of any size but the layout's is refused; one of the layout evaluates.
      auto net = nnue::parse_network(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
      if (net) (void)nnue::evaluate_position(*net, chess::Position::startpos());
    }
  }
  return 0;
}
