#include "formats/training_record.h"

namespace formats {

bool castling_rook(const chess::Position& pos, chess::Square s) {
  for (chess::CastlingRights right : {chess::WHITE_OO, chess::WHITE_OOO, chess::BLACK_OO, chess::BLACK_OOO})
    if ((pos.castling_rights() & right) && pos.castling_path(right).rook_from == s) return true;
  return false;
}

}  // namespace formats
