#include "data_tools/file_validation.h"

namespace tuner {

chess::Result<ValidatedFile> validate_records(PositionStream& in) {
  ValidatedFile valid;
  const PositionStream::Take take = [&](LabeledPosition&&) { ++valid.positions; };
  for (;;) {
    auto record = in.next(take);
    CHESS_RETURN_IF_ERROR(record);
    if (!*record) return valid;
    ++valid.records;
  }
}

}  // namespace tuner
