#include "data_tools/record_writer.h"

#include "formats/binpack.h"

namespace tuner {

void RecordWriter::write(std::string_view record) {
  if (format_ == PositionsFormat::BINPACK) {
    chunk_.append(record);
    if (chunk_.size() >= formats::BINPACK_CHUNK_TARGET) finish();
    return;
  }
  out_.write(record.data(), std::streamsize(record.size()));
  if (format_ == PositionsFormat::TEXT) out_.put('\n');
}

void RecordWriter::finish() { formats::write_binpack_chunk(out_, chunk_); }

}  // namespace tuner
