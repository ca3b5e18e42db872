#include "adjudication/adjudication.h"

#include <gtest/gtest.h>

namespace {

using harness::MoveRecord;

std::vector<MoveRecord> scores(std::initializer_list<int> cp) {
  std::vector<MoveRecord> out;
  for (int s : cp) {
    MoveRecord m;
    m.has_score = true;
    m.score_cp = s;
    out.push_back(m);
  }
  return out;
}

TEST(Adjudication, OffUnlessAsked) {
  harness::AdjudicationRules rules;
  auto a = harness::adjudicate(rules, scores({-900, 900, -900, 900, -900, 900, -900, 900}), chess::WHITE, 200);
  EXPECT_EQ(a.result, chess::GameResult::ONGOING);
}

TEST(Adjudication, ResignNeedsBothSidesToAgreeForNMoves) {
  harness::AdjudicationRules rules = harness::parse_resign("movecount=2 score=500", {}).value();
  // White (first mover) scores -600 twice, Black +600 twice: White resigns.
  auto a = harness::adjudicate(rules, scores({-600, 600, -600, 600}), chess::WHITE, 30);
  EXPECT_EQ(a.result, chess::GameResult::BLACK_WINS);
  EXPECT_EQ(a.reason, "White resigns (adjudication)");
  // Only one move of agreement so far.
  EXPECT_EQ(harness::adjudicate(rules, scores({0, 0, -600, 600}), chess::WHITE, 30).result, chess::GameResult::ONGOING);
  // They disagree.
  EXPECT_EQ(harness::adjudicate(rules, scores({-600, -600, -600, -600}), chess::WHITE, 30).result, chess::GameResult::ONGOING);
  // Black moved first: the same scores mean Black is lost.
  EXPECT_EQ(harness::adjudicate(rules, scores({-600, 600, -600, 600}), chess::BLACK, 30).result, chess::GameResult::WHITE_WINS);
}

TEST(Adjudication, DrawAfterMoveNumberWithSmallScores) {
  harness::AdjudicationRules rules = harness::parse_draw("movenumber=30 movecount=2 score=10", {}).value();
  EXPECT_EQ(harness::adjudicate(rules, scores({5, -5, 3, 0}), chess::WHITE, 29).result, chess::GameResult::ONGOING);
  auto a = harness::adjudicate(rules, scores({5, -5, 3, 0}), chess::WHITE, 30);
  EXPECT_EQ(a.result, chess::GameResult::DRAW);
  EXPECT_EQ(harness::adjudicate(rules, scores({5, -5, 30, 0}), chess::WHITE, 30).result, chess::GameResult::ONGOING);
}

TEST(Adjudication, MaximumLength) {
  harness::AdjudicationRules rules;
  rules.max_moves = 50;
  EXPECT_EQ(harness::adjudicate(rules, {}, chess::WHITE, 50).result, chess::GameResult::ONGOING);
  EXPECT_EQ(harness::adjudicate(rules, {}, chess::WHITE, 51).reason, "maximum game length reached");
}

TEST(Adjudication, SpecErrorsNameTheKey) {
  EXPECT_EQ(harness::parse_resign("movecount=3 scor=600", {}).error(), "--resign: unknown key 'scor' (did you mean 'score'?)");
  EXPECT_EQ(harness::parse_draw("movenumber=x", {}).error(), "--draw: 'movenumber' needs a non-negative integer, got 'x'");
}

}  // namespace
