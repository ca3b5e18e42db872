// Records written back as their format holds them, for the tools that move records whole
// (shuffle, interleave): a board or a viriformat game as its bytes, a text line with its end,
// binpack's chains gathered into chunks of "BINP" and their size, each closed at the first
// chain past 1 MiB as the harness's writer closes them.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "data/labeled_positions.h"

namespace tuner {

class RecordWriter {
 public:
  RecordWriter(formats::PositionFormat format, std::ostream& out) : format_(format), out_(out) {}

  // A record as a PositionStream gives it (StreamRecord::bytes).
  void write(std::string_view record);
  // What is held back (a binpack's last chunk) written: called after the last record.
  void finish();

 private:
  formats::PositionFormat format_;
  std::ostream& out_;
  std::string chunk_;  // binpack: the chains of the chunk being gathered
};

}  // namespace tuner
