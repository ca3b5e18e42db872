// The formats' writers (each format's row of formats/format_table.h), fed by hand as harness
// positions feeds them: a viriformat game with a move that has no score becomes two records, a
// binpack chain ends there too and where Chess960's castling rights begin, and random games
// come back move for move from binpack's chains.
#include "formats/format_table.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>

#include "core/game.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "harness/datagen/trainer_readers.h"

namespace {

std::unique_ptr<formats::PositionWriter> writer(const std::string& format, std::ostream& out) {
  return formats::position_format_row(formats::parse_position_format(format).value()).writer(out);
}

TEST(PositionWriters, AViriformatMoveWithoutAScoreEndsARecordAndTheNextScoredMoveStartsOne) {
  std::ostringstream out;
  auto w = writer("viriformat", out);
  chess::Game game;
  w->begin_game(game.position(), formats::WhiteResult::WHITE_WIN);
  const std::pair<const char*, std::optional<int>> moves[] = {{"e2e4", 30}, {"e7e5", std::nullopt}, {"g1f3", 25}, {"b8c6", -20}};
  std::string second_start;
  for (const auto& [uci, score] : moves) {
    const chess::Position before = game.position();
    if (std::string(uci) == "g1f3") second_start = before.fen();
    EXPECT_EQ(w->move(before, game.play_uci(uci).value(), score, true), score.has_value()) << uci;
  }
  w->end_game();
  const auto games = readers::viriformat(out.str());
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].moves.size(), 1u);
  EXPECT_EQ((*games)[0].start.placement(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  ASSERT_EQ((*games)[1].moves.size(), 2u);
  EXPECT_EQ((*games)[1].start.placement(), second_start.substr(0, second_start.find(' ')));
  EXPECT_EQ((*games)[1].start.result, 2);
  EXPECT_EQ((*games)[1].moves[1].second, -20);
}

// A binpack chain ends at a move without a score, and where castling rights binpack cannot
// hold (Chess960's) begin; the next scored move starts another.
TEST(PositionWriters, ABinpackChainEndsAtAMoveWithoutAScoreAndAtChess960CastlingRights) {
  std::ostringstream out;
  auto w = writer("binpack", out);
  chess::Game game;
  w->begin_game(game.position(), formats::WhiteResult::BLACK_WIN);
  const std::pair<const char*, std::optional<int>> moves[] = {{"e2e4", 30}, {"e7e5", std::nullopt}, {"g1f3", 25}, {"b8c6", -20}};
  for (const auto& [uci, score] : moves) {
    const chess::Position before = game.position();
    EXPECT_EQ(w->move(before, game.play_uci(uci).value(), score, true), score.has_value()) << uci;
  }
  w->end_game();
  chess::Game chess960(chess::Position::from_fen("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1").value());
  w->begin_game(chess960.position(), formats::WhiteResult::DRAW);
  const chess::Position before = chess960.position();
  EXPECT_FALSE(w->move(before, chess960.play_uci("e2e4", chess::Variant::FISCHERANDOM).value(), 10, true));
  w->end_game();
  w->finish();
  const auto read = readers::binpack(out.str());
  ASSERT_TRUE(read);
  EXPECT_EQ(read->chains, (std::vector<std::size_t>{1, 2}));
  ASSERT_EQ(read->entries.size(), 3u);
  EXPECT_EQ(read->entries[2].score, 20) << "Black's -20 from White's view is +20 from Black's";
  EXPECT_EQ(read->entries[2].result, 1) << "Black won: +1 from Black's view";
}

// Random legal games (captures, castling, en passant, every promotion) with scores over the
// whole 16-bit range, written as chains and read back move for move by the test tree's reader;
// the chunks hold at least 1 MiB each but the last, and a chain never spans two.
TEST(PositionWriters, BinpackChainsHoldRandomGamesMoveForMoveInChunksOfAMebibyte) {
  struct Fed {
    chess::Key key;  // pieces, side to move, castling rights and an en-passant capture that is legal
    int rule50;
    chess::Move move;
    int score_stm, result_stm;
  };
  std::mt19937 rng(39);
  std::ostringstream out;
  auto w = writer("binpack", out);
  std::vector<Fed> fed;
  const int games = 3000;
  std::map<chess::MoveKind, int> kinds;
  std::map<chess::PieceType, int> promotions;
  for (int g = 0; g < games; ++g) {
    chess::Game game;
    const auto result = formats::WhiteResult(rng() % 3);
    w->begin_game(game.position(), result);
    const int range = g % 2 ? 32767 : 300;
    for (int ply = 0; ply < 150; ++ply) {
      const chess::MoveList legal = chess::legal_moves(game.position());
      if (legal.empty()) break;
      const chess::Move m = legal[int(rng() % unsigned(legal.size()))];
      const int score_white = int(rng() % unsigned(2 * range + 1)) - range;
      const chess::Position before = game.position();
      const bool black = before.side_to_move() == chess::BLACK;
      ASSERT_TRUE(w->move(before, m, score_white, true));
      fed.push_back({before.key(), before.rule50(), m, black ? -score_white : score_white, (black ? -1 : 1) * (int(result) - 1)});
      ++kinds[m.kind()];
      if (m.is_promotion()) ++promotions[m.promotion()];
      game.play_uci(chess::to_uci(m, chess::Variant::FISCHERANDOM), chess::Variant::FISCHERANDOM).value();
    }
    w->end_game();
  }
  w->finish();
  for (chess::MoveKind k : {chess::MoveKind::CASTLING, chess::MoveKind::EN_PASSANT, chess::MoveKind::PROMOTION})
    EXPECT_GT(kinds[k], 0) << "the games hold every kind of move";
  for (chess::PieceType p : {chess::KNIGHT, chess::BISHOP, chess::ROOK, chess::QUEEN})
    EXPECT_GT(promotions[p], 0) << "the games promote to every piece";
  const std::string bytes = out.str();
  std::vector<std::size_t> chunks;
  for (std::size_t at = 0; at + 8 <= bytes.size(); at += 8 + chunks.back()) {
    ASSERT_EQ(bytes.compare(at, 4, "BINP"), 0) << at;
    chunks.push_back(std::size_t(readers::le(reinterpret_cast<const std::uint8_t*>(bytes.data()) + at + 4, 4)));
  }
  ASSERT_GE(chunks.size(), 2u);
  // Closed at the first chain past 1 MiB: a chain of these games is under 1 KiB.
  for (std::size_t i = 0; i + 1 < chunks.size(); ++i) {
    EXPECT_GE(chunks[i], std::size_t(1) << 20);
    EXPECT_LT(chunks[i], (std::size_t(1) << 20) + 1024);
  }
  EXPECT_GT(chunks.back(), 0u);
  const auto read = readers::binpack(bytes);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->chains.size(), std::size_t(games)) << "a chain a game";
  ASSERT_EQ(read->entries.size(), fed.size());
  static constexpr int KIND[] = {0, 1, 3, 2};  // the library's normal, promotion, en passant, castling in binpack's codes
  for (std::size_t i = 0; i < fed.size(); ++i) {
    const readers::BinpackEntry& e = read->entries[i];
    const chess::Position pos = chess::Position::from_fen(readers::fen_of(e)).value();
    ASSERT_EQ(pos.key(), fed[i].key) << i << ": " << pos.fen();
    EXPECT_EQ(pos.rule50(), fed[i].rule50) << i;
    EXPECT_EQ(e.from, fed[i].move.from()) << i;
    EXPECT_EQ(e.to, fed[i].move.to()) << i;
    EXPECT_EQ(e.move_kind, KIND[int(fed[i].move.kind())]) << i;
    EXPECT_EQ(e.score, fed[i].score_stm) << i;
    EXPECT_EQ(e.result, fed[i].result_stm) << i;
  }
}

// The games of fixtures/binpack_games.txt, written by this harness's writer, are the bytes
// nnue-pytorch's own writer wrote from them (scripts/interop/make_binpack_fixture.sh): en passant, both
// castlings, every promotion, scores whose differences wrap around 16 bits, and a move without
// a score that ends a chain.
TEST(PositionWriters, ChainsAreTheBytesNnuePytorchsOwnWriterWrites) {
  const std::string dir = std::string(PROJECT_DIR) + "/tests/harness/datagen/fixtures/";
  std::ifstream games(dir + "binpack_games.txt");
  std::ostringstream out;
  auto w = writer("binpack", out);
  int played = 0;
  for (std::string line; std::getline(games, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t bar = line.find(" | "), bar2 = line.find(" | ", bar + 3);
    chess::Game game(chess::Position::from_fen(line.substr(0, bar)).value());
    const std::string result = line.substr(bar + 3, bar2 - bar - 3);
    w->begin_game(game.position(), result == "1-0"   ? formats::WhiteResult::WHITE_WIN
                                   : result == "0-1" ? formats::WhiteResult::BLACK_WIN
                                                     : formats::WhiteResult::DRAW);
    std::istringstream moves(line.substr(bar2 + 3));
    for (std::string token; moves >> token; ++played) {
      const std::size_t colon = token.find(':');
      const std::string score = token.substr(colon + 1);
      const chess::Position before = game.position();
      auto move = game.play_uci(token.substr(0, colon));
      ASSERT_TRUE(move) << token;
      w->move(before, *move, score == "-" ? std::nullopt : std::optional<int>(std::stoi(score)), true);
    }
    w->end_game();
  }
  w->finish();
  ASSERT_EQ(played, 19);
  std::ifstream fixture(dir + "nnue-pytorch-chains.binpack", std::ios::binary);
  const std::string expected{std::istreambuf_iterator<char>(fixture), {}};
  ASSERT_EQ(expected.size(), 140u);
  EXPECT_EQ(out.str(), expected);
}

}  // namespace
