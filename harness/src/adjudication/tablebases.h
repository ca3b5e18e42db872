// Endgame tablebases for adjudication (--tb PATH --tb-pieces N): Gaviota tables (.gtb.cp1-4,
// probed through Debian's libgaviotatb) or Syzygy tables (.rtbw, through Debian's Fathom). A
// game is adjudicated as soon as its position is in the tables.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/game.h"
#include "core/result.h"

namespace harness {

enum class TablebaseFormat { GAVIOTA, SYZYGY };

// What the tables say of a position: the game's result and the PGN comment that says why.
struct TablebaseVerdict {
  chess::GameResult result = chess::GameResult::ONGOING;
  std::string reason;
};

class Tablebases {
 public:
  // The tables in directory `path`, their format found by the files' names. Both probing
  // libraries keep process-wide state, so the tables open in this process are shared, and
  // another directory is refused while they are.
  static chess::Result<std::shared_ptr<Tablebases>> open(const std::string& path);
  ~Tablebases();

  // The verdict for this position, or nothing when the position is not in the tables (more than
  // `max_pieces` pieces, kings included, 0 for no limit but the tables', castling rights, a table
  // missing) or the tables cannot yet prove a result within the fifty-move rule.
  std::optional<TablebaseVerdict> probe(const chess::Position& pos, int max_pieces) const;

 private:
  Tablebases(TablebaseFormat format, int largest) : format_(format), largest_(largest) {}
  static chess::Result<std::shared_ptr<Tablebases>> open_new(const std::string& path);
  std::optional<TablebaseVerdict> probe_gaviota(const chess::Position& pos) const;
  std::optional<TablebaseVerdict> probe_syzygy(const chess::Position& pos) const;

  TablebaseFormat format_;
  int largest_;
  mutable std::mutex probing_;  // games on several threads probe one set of tables
};

}  // namespace harness
