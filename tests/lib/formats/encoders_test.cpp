// The trainers' boards and moves, read back by the readers written from the formats' own
// layouts (trainer_readers.h), over every position of the project's perft suites (castling on
// any files, en passant legal and not, both sides to move).
#include "formats/binpack.h"
#include "formats/bulletformat.h"
#include "formats/marlinformat.h"
#include "formats/viriformat.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "core/game.h"
#include "harness/datagen/trainer_readers.h"

namespace {

std::vector<chess::Position> suite_positions() {
  std::vector<chess::Position> out;
  for (const char* suite : {"/suites/perftsuite.epd", "/suites/perft960.epd"}) {
    std::ifstream in(std::string(PROJECT_DIR) + suite);
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      out.push_back(chess::Position::from_fen(line.substr(0, line.find(';'))).value());
    }
  }
  return out;
}

std::string placement(const chess::Position& pos) {
  const std::string fen = pos.fen();
  return fen.substr(0, fen.find(' '));
}

const std::uint8_t* bytes(const formats::Record32& b) { return b.data(); }

TEST(TrainerBoards, TheStartPositionIsMarlinformatsOwnExample) {
  const formats::Record32 b = formats::encode_marlinformat(chess::Position::startpos(), 37, formats::WhiteResult::WHITE_WIN);
  EXPECT_EQ(readers::le(b.data(), 8), 0xFFFF00000000FFFFull);
  // a1 rook with its castling right (6) in the low nibble, then b1 knight (1); c1 bishop, d1 queen; ...
  EXPECT_EQ(b[8], 0x16);
  EXPECT_EQ(b[9], 0x42);
  EXPECT_EQ(b[10], 0x25);
  EXPECT_EQ(b[11], 0x61);
  EXPECT_EQ(b[24], 64);  // White to move, no en-passant square
  EXPECT_EQ(b[26], 1);   // fullmove 1
  EXPECT_EQ(b[28], 37);
  EXPECT_EQ(b[30], 2);
}

TEST(TrainerBoards, EveryPerftSuitePositionReadsBackFromMarlinformat) {
  const auto positions = suite_positions();
  ASSERT_GT(positions.size(), 1000u);
  int chess960 = 0, en_passant = 0;
  for (const chess::Position& pos : positions) {
    const formats::Record32 b = formats::encode_marlinformat(pos, -123, formats::WhiteResult::DRAW);
    const readers::Decoded d = readers::marlinformat(bytes(b));
    const std::string fen = pos.fen();
    EXPECT_EQ(d.placement(), placement(pos)) << fen;
    EXPECT_EQ(d.black_to_move, pos.side_to_move() == chess::BLACK) << fen;
    EXPECT_EQ(d.ep, pos.has_legal_en_passant() ? int(pos.ep_square()) : 64) << fen;
    EXPECT_EQ(d.halfmove, pos.rule50()) << fen;
    EXPECT_EQ(d.fullmove, pos.fullmove_number()) << fen;
    EXPECT_EQ(d.score, -123);
    EXPECT_EQ(d.result, 1);
    // The rights as marlinformat's readers take them back: a castling rook before its king's
    // square is the long side's, after it the short side's.
    int rights = 0;
    for (int sq : d.castling_rooks) {
      const bool black = d.squares[std::size_t(sq)] == 'r';
      const int king = int(pos.king_square(black ? chess::BLACK : chess::WHITE));
      rights |= sq < king ? (black ? chess::BLACK_OOO : chess::WHITE_OOO) : (black ? chess::BLACK_OO : chess::WHITE_OO);
    }
    EXPECT_EQ(rights, int(pos.castling_rights())) << fen;
    chess960 += pos.is_chess960();
    en_passant += d.ep != 64;
  }
  EXPECT_GT(chess960, 500);  // the suites hold both kinds
  EXPECT_GT(en_passant, 0);
}

// A record whose en passant square no pawn can take on (g3, black to move, no black pawn on f4
// or h4; found by the fuzzer): the square is dropped when read, so that the position written
// again reads back the same.
TEST(TrainerBoards, AnEnPassantSquareNoPawnCanTakeOnIsDroppedWhenRead) {
  const std::string hex = "000088cae90000000000003588ad88cae99e8840000196969696969600000097";
  formats::Record32 record{};
  for (std::size_t i = 0; i < record.size(); ++i) record[i] = std::uint8_t(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
  ASSERT_EQ(record[24] & 0x7F, 22) << "the record names g3";
  auto read = formats::decode_marlinformat(record.data());
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->position.fen(), "8/8/8/K2R1ppk/1P1P2PP/3P3P/8/8 b - - 150 38550");
  const formats::Record32 again = formats::encode_marlinformat(read->position, read->score_white, read->result);
  auto back = formats::decode_marlinformat(again.data());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->position.fen(), read->position.fen());
}

TEST(TrainerBoards, EveryPerftSuitePositionReadsBackFromBulletformat) {
  for (const chess::Position& pos : suite_positions()) {
    const bool black = pos.side_to_move() == chess::BLACK;
    const formats::Record32 b = formats::encode_bulletformat(pos, 250, formats::WhiteResult::WHITE_WIN);
    const readers::Decoded d = readers::bulletformat(bytes(b), black);
    const std::string fen = pos.fen();
    EXPECT_EQ(d.placement(), placement(pos)) << fen;
    EXPECT_EQ(d.score, black ? -250 : 250) << fen;  // the side to move's view
    EXPECT_EQ(d.result, black ? 0 : 2) << fen;
    const int flip = black ? 56 : 0;
    EXPECT_EQ(d.king, int(pos.king_square(pos.side_to_move())) ^ flip) << fen;
    EXPECT_EQ(d.opp_king, int(pos.king_square(black ? chess::WHITE : chess::BLACK)) ^ flip ^ 56) << fen;
  }
}

TEST(TrainerBoards, EveryPerftSuitePositionThatBinpackCanHoldReadsBack) {
  int held = 0, refused = 0;
  for (const chess::Position& pos : suite_positions()) {
    if (!formats::binpack_can_hold(pos)) {
      ++refused;
      EXPECT_TRUE(pos.is_chess960()) << pos.fen();
      continue;
    }
    ++held;
    const bool black = pos.side_to_move() == chess::BLACK;
    const formats::Record32 b = formats::encode_binpack_entry(pos, chess::Move::none(), -400, formats::WhiteResult::BLACK_WIN);
    const readers::BinpackEntry e = readers::binpack_entry(b.data());
    const std::string fen = pos.fen();
    EXPECT_EQ(e.board.placement(), placement(pos)) << fen;
    EXPECT_EQ(e.board.black_to_move, black) << fen;
    const std::size_t castling_at = fen.find(' ', fen.find(' ') + 1) + 1;
    EXPECT_EQ(e.castling, fen.substr(castling_at, fen.find(' ', castling_at) - castling_at)) << fen;
    EXPECT_EQ(e.ep, pos.has_legal_en_passant() ? int(pos.ep_square()) : -1) << fen;
    EXPECT_EQ(e.score, black ? 400 : -400) << fen;  // the side to move's view
    EXPECT_EQ(e.result, black ? 1 : -1) << fen;
    EXPECT_EQ(e.ply, pos.game_ply()) << fen;
    EXPECT_EQ(e.rule50, pos.rule50()) << fen;
  }
  EXPECT_GT(held, 100);
  EXPECT_GT(refused, 500);  // Chess960 castling rights: binpack has no way to say them
}

TEST(TrainerBoards, BinpackMovesSayTheirKindInTheirOwnOrder) {
  auto entry = [](const std::string& fen, const std::string& uci) {
    chess::Game game(chess::Position::from_fen(fen).value());
    const chess::Position before = game.position();
    return readers::binpack_entry(
        formats::encode_binpack_entry(before, game.play_uci(uci).value(), 0, formats::WhiteResult::DRAW).data());
  };
  const auto castle = entry("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1");
  EXPECT_EQ(castle.move_kind, 2);
  EXPECT_EQ(castle.from, 4);
  EXPECT_EQ(castle.to, 7);  // the king takes its rook
  const auto ep = entry("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6");
  EXPECT_EQ(ep.move_kind, 3);
  EXPECT_EQ(ep.ep, 43);  // d6, from the pawn coded 12 on d5
  const auto promotion = entry("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q");
  EXPECT_EQ(promotion.move_kind, 1);
  EXPECT_EQ(promotion.promotion, 3);
  EXPECT_EQ(promotion.to, 57);
}

TEST(TrainerBoards, ViriformatMovesSayTheirKind) {
  auto move_of = [](const std::string& fen, const std::string& uci) {
    chess::Game game(chess::Position::from_fen(fen).value());
    return formats::encode_viriformat_move(game.play_uci(uci).value());
  };
  auto decode = [](std::uint16_t m) {
    readers::ViriMove v{m & 63, (m >> 6) & 63, 0, m >> 14};
    if (v.kind == 3) v.promotion = "nbrq"[(m >> 12) & 3];
    return v;
  };
  const auto castle = decode(move_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"));
  EXPECT_EQ(castle.kind, 2);
  EXPECT_EQ(castle.uci_king_takes_rook(), "e1h1");
  const auto long_castle = decode(move_of("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8"));
  EXPECT_EQ(long_castle.uci_king_takes_rook(), "e8a8");
  const auto ep = decode(move_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"));
  EXPECT_EQ(ep.kind, 1);
  EXPECT_EQ(ep.uci_king_takes_rook(), "e5d6");
  const auto promotion = decode(move_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"));
  EXPECT_EQ(promotion.kind, 3);
  EXPECT_EQ(promotion.uci_king_takes_rook(), "b7b8n");
  const auto quiet = decode(move_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "e1d2"));
  EXPECT_EQ(quiet.kind, 0);
  EXPECT_EQ(int(formats::encode_viriformat_move(chess::Game(chess::Position::startpos()).play_uci("g1f3").value()) >> 12), 0);
}

}  // namespace
