// A run's kind has one word in the runs table, read back by one parser; a tuning method's run
// keeps its method's name beside its kind, and a word no kind has is refused by name.
#include "record/run_kind.h"

#include <gtest/gtest.h>

namespace {

using harness::KindAndMethod;
using harness::RunKind;

TEST(RunKind, EveryKindsWordReadsBackAsItself) {
  for (int k = 0; k < harness::RUN_KINDS; ++k) {
    const RunKind kind = RunKind(k);
    const KindAndMethod whole = kind == RunKind::TUNER_METHOD ? KindAndMethod(kind, "spsa") : KindAndMethod(kind);
    const std::string word = harness::run_kind_word(whole);
    auto back = harness::parse_run_kind(word);
    ASSERT_TRUE(back) << word << ": " << back.error();
    EXPECT_EQ(*back, whole) << word;
    for (int other = 0; other < k; ++other) EXPECT_STRNE(harness::run_kind_name(kind), harness::run_kind_name(RunKind(other)));
  }
}

// The words every database has held: they must never change.
TEST(RunKind, TheStoredWordsAreTheOnesDatabasesHold) {
  EXPECT_EQ(harness::run_kind_word(RunKind::MATCH), "match");
  EXPECT_EQ(harness::run_kind_word(RunKind::TOURNAMENT), "tournament");
  EXPECT_EQ(harness::run_kind_word(RunKind::DATAGEN), "datagen");
  EXPECT_EQ(harness::run_kind_word(RunKind::PERFT), "perft");
  EXPECT_EQ(harness::run_kind_word(RunKind::EPD), "epd");
  EXPECT_EQ(harness::run_kind_word(RunKind::BENCH), "bench");
  EXPECT_EQ(harness::run_kind_word(RunKind::BISECT), "bisect");
  EXPECT_EQ(harness::run_kind_word({RunKind::TUNER_METHOD, "pbil"}), "tuner-pbil");
  EXPECT_EQ(harness::run_kind_word(RunKind::TUNER_NNUE), "tuner-nnue");
  EXPECT_EQ(harness::run_kind_word(RunKind::TUNER_LOOP), "tuner-loop");
}

TEST(RunKind, ATuningMethodsRunKeepsItsMethodsName) {
  auto kind = harness::parse_run_kind("tuner-gradient");
  ASSERT_TRUE(kind) << kind.error();
  EXPECT_EQ(kind->kind, RunKind::TUNER_METHOD);
  EXPECT_EQ(kind->method, "gradient");
  EXPECT_EQ(harness::parse_run_kind("tuner-nnue")->kind, RunKind::TUNER_NNUE) << "the network's training is no method";
  EXPECT_EQ(harness::parse_run_kind("tuner-loop")->kind, RunKind::TUNER_LOOP);
}

TEST(RunKind, AnUnknownWordIsRefusedByName) {
  for (const std::string word : {"frobnicate", "Match", "tuner-", "tuner", "", "unknown", " match"}) {
    auto kind = harness::parse_run_kind(word);
    ASSERT_FALSE(kind) << word;
    EXPECT_NE(kind.error().find("'" + word + "'"), std::string::npos) << kind.error();
  }
}

TEST(RunKind, WhatEachKindIs) {
  for (int k = 0; k <= harness::RUN_KINDS; ++k) {
    const RunKind kind = RunKind(k);
    const bool games = kind == RunKind::MATCH || kind == RunKind::TOURNAMENT || kind == RunKind::DATAGEN;
    EXPECT_EQ(harness::plays_games(kind), games) << harness::run_kind_name(kind);
    EXPECT_EQ(harness::is_match_or_tournament(kind), games && kind != RunKind::DATAGEN) << harness::run_kind_name(kind);
    EXPECT_EQ(harness::is_suite(kind), kind == RunKind::PERFT || kind == RunKind::EPD) << harness::run_kind_name(kind);
    EXPECT_EQ(harness::is_tuner_run(kind),
              harness::run_kind_name(kind) == std::string("tuner-") || kind == RunKind::TUNER_NNUE || kind == RunKind::TUNER_LOOP)
        << harness::run_kind_name(kind);
  }
}

}  // namespace
