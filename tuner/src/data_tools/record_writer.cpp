#include "data_tools/record_writer.h"

#include "formats/binpack.h"
#include "formats/format_table.h"

namespace tuner {

void RecordWriter::write(std::string_view record) {
  if (format_ == formats::PositionFormat::BINPACK) {
    chunk_.append(record);
    if (chunk_.size() >= formats::BINPACK_CHUNK_TARGET) finish();
    return;
  }
  out_.write(record.data(), std::streamsize(record.size()));
  if (!formats::position_format_row(format_).binary) out_.put('\n');  // a line, without its end
}

void RecordWriter::finish() { formats::write_binpack_chunk(out_, chunk_); }

}  // namespace tuner
