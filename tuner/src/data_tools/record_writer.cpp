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

void RecordWriter::finish() {
  if (chunk_.empty()) return;
  const auto header = formats::encode_binpack_chunk_header(std::uint32_t(chunk_.size()));
  out_.write(header.data(), std::streamsize(header.size()));
  out_.write(chunk_.data(), std::streamsize(chunk_.size()));
  chunk_.clear();
}

}  // namespace tuner
