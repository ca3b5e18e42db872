#include "datagen/position_writers.h"

#include <algorithm>
#include <array>
#include <cstdio>

#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"

namespace harness {

namespace {

const char* result_text(WhiteResult r) {
  return r == WhiteResult::WHITE_WIN ? "1-0" : r == WhiteResult::BLACK_WIN ? "0-1" : "1/2-1/2";
}

// EPD, bracket and text: a line a kept, scored position.
class TextWriter : public PositionWriter {
 public:
  TextWriter(PositionFormat format, std::ostream& out) : format_(format), out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move, std::optional<int> score_white, bool kept) override {
    if (!kept || (format_ == PositionFormat::TEXT && !score_white)) return false;
    const std::string fen = before.fen();
    const double white = double(int(result_)) / 2;
    char tail[64];
    switch (format_) {
      case PositionFormat::EPD:
        out_ << fen.substr(0, fen.find(' ', fen.find(' ', fen.find(' ', fen.find(' ') + 1) + 1) + 1)) << " c9 \""
             << result_text(result_) << "\";\n";
        return true;
      case PositionFormat::BRACKET: std::snprintf(tail, sizeof tail, " [%.1f]\n", white); break;
      default: std::snprintf(tail, sizeof tail, " | %d | %.1f\n", *score_white, white); break;
    }
    out_ << fen << tail;
    return true;
  }

 private:
  PositionFormat format_;
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
};

// marlinformat and bulletformat: a board a kept, scored position.
class BoardWriter : public PositionWriter {
 public:
  using Pack = formats::Record32 (*)(const chess::Position&, int, WhiteResult);
  BoardWriter(Pack pack, std::ostream& out) : pack_(pack), out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move, std::optional<int> score_white, bool kept) override {
    if (!kept || !score_white) return false;
    const formats::Record32 b = pack_(before, *score_white, result_);
    out_.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    return true;
  }

 private:
  Pack pack_;
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
};

// viriformat: a game's scored moves, each run of them a record of its own: the position before
// its first move (a marlinformat board holding the game's result), each move with its score,
// four zero bytes. A move without a score ends a record; the next scored move starts another.
class ViriformatWriter : public PositionWriter {
 public:
  explicit ViriformatWriter(std::ostream& out) : out_(out) {}
  void begin_game(const chess::Position&, WhiteResult result) override { result_ = result; }
  bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool) override {
    if (!score_white) {
      end_game();
      return false;
    }
    if (!open_) {
      const formats::Record32 header = formats::encode_marlinformat(before, 0, result_);
      out_.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
      open_ = true;
    }
    const std::array<char, 4> pair = formats::encode_viriformat_move_and_score(move, *score_white);
    out_.write(pair.data(), 4);
    return true;
  }
  void end_game() override {
    if (open_) out_.write(formats::VIRIFORMAT_END.data(), 4);
    open_ = false;
  }

 private:
  std::ostream& out_;
  WhiteResult result_ = WhiteResult::DRAW;
  bool open_ = false;  // a record is being written
};

// Stockfish's .binpack: chunks of "BINP", their size (32 bits, little-endian) and chains, as
// nnue-pytorch's writer makes them: a game's scored moves are a chain, its first position a
// 32-byte entry, then the count of further plies and their moves and scores
// (engine/formats/binpack.h). A move without a score, or a position whose castling rights binpack
// cannot hold (Chess960's), ends a chain; the next scored move starts another. A chunk is
// closed at the first chain past 1 MiB; a chain never spans two.
class BinpackWriter : public PositionWriter {
 public:
  explicit BinpackWriter(std::ostream& out) : out_(out) {}
  ~BinpackWriter() override { flush(); }
  void begin_game(const chess::Position&, WhiteResult result) override {
    end_game();
    result_ = result;
  }
  bool move(const chess::Position& before, chess::Move move, std::optional<int> score_white, bool) override {
    if (!score_white || !formats::binpack_can_hold(before)) {
      end_game();
      return false;
    }
    const int stm = before.side_to_move() == chess::WHITE ? *score_white : -*score_white;
    const std::int16_t score = std::int16_t(std::clamp(stm, -32767, 32767));
    if (chain_ && chain_->plies() < MAX_PLIES) {
      chain_->add(before, move, score);
      return true;
    }
    end_game();
    const formats::Record32 stem = formats::encode_binpack_entry(before, move, *score_white, result_);
    chunk_.append(reinterpret_cast<const char*>(stem.data()), stem.size());
    chain_.emplace(score);
    return true;
  }
  void end_game() override {
    if (!chain_) return;
    const std::uint16_t plies = chain_->plies();
    chunk_ += char(plies >> 8);
    chunk_ += char(plies & 0xFF);
    chunk_ += chain_->bytes();
    chain_.reset();
    if (chunk_.size() >= CHUNK) flush();
  }
  void finish() override { flush(); }

 private:
  static constexpr std::size_t CHUNK = formats::BINPACK_CHUNK_TARGET;
  static constexpr std::uint16_t MAX_PLIES = formats::BINPACK_MAX_PLIES;
  void flush() {
    end_game();
    formats::write_binpack_chunk(out_, chunk_);
  }
  std::ostream& out_;
  std::string chunk_;
  std::optional<formats::BinpackMovetextWriter> chain_;
  WhiteResult result_ = WhiteResult::DRAW;
};

std::unique_ptr<PositionWriter> binpack_writer(std::ostream& out) { return std::make_unique<BinpackWriter>(out); }

template <PositionFormat F>
std::unique_ptr<PositionWriter> text_writer(std::ostream& out) {
  return std::make_unique<TextWriter>(F, out);
}
template <formats::Record32 (*Pack)(const chess::Position&, int, WhiteResult)>
std::unique_ptr<PositionWriter> board_writer(std::ostream& out) {
  return std::make_unique<BoardWriter>(Pack, out);
}
std::unique_ptr<PositionWriter> viriformat_writer(std::ostream& out) { return std::make_unique<ViriformatWriter>(out); }

const PositionFormatInfo FORMATS[] = {
    {PositionFormat::EPD, "epd", "EPD with c9 \"1-0\"; (texel)", false, false, false, text_writer<PositionFormat::EPD>},
    {PositionFormat::BRACKET, "bracket", "EPD with [1.0]", false, false, false, text_writer<PositionFormat::BRACKET>},
    {PositionFormat::TEXT, "text", "FEN | score | result, White's view", false, false, true, text_writer<PositionFormat::TEXT>},
    {PositionFormat::MARLINFORMAT, "marlinformat", "32-byte PackedBoard a position (bullet, marlinflow)", false, true, true,
     board_writer<formats::encode_marlinformat>},
    {PositionFormat::BULLETFORMAT, "bulletformat", "32-byte ChessBoard a position, side to move's view (bullet)", false, true,
     true, board_writer<formats::encode_bulletformat>},
    {PositionFormat::VIRIFORMAT, "viriformat", "whole games: a PackedBoard, then each move and score (bullet)", true, true, true,
     viriformat_writer},
    {PositionFormat::BINPACK, "binpack",
     "whole games: Stockfish's chains of an entry, then each move and score (nnue-pytorch); no Chess960 castling rights", true,
     true, true, binpack_writer},
};

}  // namespace

chess::Result<PositionFormatInfo> parse_position_format(const std::string& name) {
  for (const PositionFormatInfo& f : FORMATS)
    if (name == f.name) return f;
  std::string names;
  for (const PositionFormatInfo& f : FORMATS) names += std::string(names.empty() ? "" : ", ") + f.name;
  return chess::Error{"--format must be one of " + names + "; got '" + name + "'"};
}

std::string position_format_help() {
  std::string help;
  for (const PositionFormatInfo& f : FORMATS) help += std::string(help.empty() ? "" : "; ") + f.name + ": " + f.description;
  return help;
}

}  // namespace harness
