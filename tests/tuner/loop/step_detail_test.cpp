// A loop step's detail is written from its struct and read back by one reader: the keys are the
// ones loops have stored, and a key a stored detail lacks (or holds with another type) is an
// error naming the step and the key, never read as "" or 0.
#include "loop/step_detail.h"

#include <gtest/gtest.h>

#include <set>

namespace {

using nlohmann::json;
using tuner::LoopStep;
using tuner::StepState;

tuner::StoredStep stored(int generation, LoopStep step, const json& detail, StepState state = StepState::DONE) {
  return {generation, step, 0, state, detail.dump()};
}

std::set<std::string> keys(const json& j) {
  std::set<std::string> out;
  for (const auto& [key, value] : j.items()) out.insert(key);
  return out;
}

tuner::MatchFigures some_games() {
  harness::Tally t;
  t.wins = 5;
  t.draws = 2;
  t.losses = 3;
  t.pentanomial = {0, 1, 2, 1, 1};
  return tuner::match_figures(41, t);
}

tuner::TrainDetail some_training() {
  tuner::TrainDetail d;
  d.run = 7;
  d.network = "/l/gen2.nnue";
  d.raw = "/l/gen2.raw.bin";
  d.sha256 = "ab12";
  d.data = {"/l/gen1.bf", "/l/gen2.bf"};
  d.positions = 123456;
  d.parent_generation = 1;
  d.started_from = "/l/gen1.raw.bin";
  d.superbatches = 3;
  d.seconds = 12.5;
  d.train_loss = 0.031;
  d.validation_loss = 0.034;
  return d;
}

const std::set<std::string> MATCH_KEYS{"run", "games",     "wins", "draws",      "losses", "pentanomial",
                                       "elo", "elo_error", "nelo", "nelo_error", "los"};

std::set<std::string> match_keys_and(std::initializer_list<std::string> more) {
  std::set<std::string> all = MATCH_KEYS;
  all.insert(more);
  return all;
}

TEST(StepDetail, EachStepsDetailIsWrittenWithTheKeysLoopsHaveStored) {
  EXPECT_EQ(keys(json(tuner::DatagenDetail{some_games(), "", 0})), match_keys_and({"network", "parent_generation"}));
  EXPECT_EQ(keys(json(tuner::ExportDetail{"f.bf", "bulletformat", "ab", 10, 2, 9})),
            (std::set<std::string>{"file", "format", "positions", "games", "scored", "sha256"}));
  EXPECT_EQ(keys(json(some_training())),
            (std::set<std::string>{"run", "network", "raw", "sha256", "data", "positions", "parent_generation", "started_from",
                                   "superbatches", "seconds", "train_loss", "validation_loss"}));
  tuner::GateDetail gate{some_games(), true, tuner::GateSprt{1.5, -2.94, 2.94, "none"}, "c.nnue", "b.nnue", 1};
  EXPECT_EQ(keys(json(gate)), match_keys_and({"promoted", "llr", "lower_bound", "upper_bound", "decision", "candidate", "best",
                                              "best_generation"}));
  gate.sprt.reset();
  EXPECT_EQ(keys(json(gate)), match_keys_and({"promoted", "candidate", "best", "best_generation"}));
  EXPECT_EQ(keys(json(tuner::MeasureDetail{some_games()})), MATCH_KEYS);
  EXPECT_EQ(json(tuner::TrainProgress{}), json::object());
  EXPECT_EQ(json(tuner::TrainProgress{"123"}), (json{{"job", "123"}}));
}

TEST(StepDetail, EachStepsDetailReadsBackAsWritten) {
  const tuner::TrainDetail train = some_training();
  const tuner::TrainDetail read = tuner::read_detail<tuner::TrainDetail>(stored(2, LoopStep::TRAIN, train)).value();
  EXPECT_EQ(json(read), json(train));
  EXPECT_EQ(read.data, train.data);
  const tuner::GateDetail gate{some_games(), false, tuner::GateSprt{-0.5, -2.94, 2.94, "none"}, "c.nnue", "b.nnue", 0};
  const tuner::GateDetail gate_back = tuner::read_detail<tuner::GateDetail>(stored(1, LoopStep::GATE, gate)).value();
  EXPECT_EQ(json(gate_back), json(gate));
  ASSERT_TRUE(gate_back.sprt);
  EXPECT_EQ(gate_back.sprt->decision, "none");
  EXPECT_EQ(gate_back.games.pentanomial, (std::array<int, 5>{0, 1, 2, 1, 1}));
  const tuner::DatagenDetail datagen{some_games(), "/l/gen1.nnue", 1};
  EXPECT_EQ(json(tuner::read_detail<tuner::DatagenDetail>(stored(2, LoopStep::DATAGEN, datagen)).value()), json(datagen));
  const tuner::ExportDetail exported{"f.bf", "bulletformat", "ab", 10, 2, 9};
  EXPECT_EQ(json(tuner::read_detail<tuner::ExportDetail>(stored(2, LoopStep::EXPORT, exported)).value()), json(exported));
  const tuner::TrainProgress progress{"4242"};
  EXPECT_EQ(tuner::read_detail<tuner::TrainProgress>(stored(2, LoopStep::TRAIN, progress, StepState::RUNNING)).value().job,
            "4242");
  EXPECT_FALSE(
      tuner::read_detail<tuner::TrainProgress>(stored(2, LoopStep::TRAIN, json::object(), StepState::RUNNING)).value().job);
}

// One-sided games leave the Elo unbounded: it is stored as null, and read back as none.
TEST(StepDetail, AnUnboundedEloIsStoredAsNullAndReadAsNone) {
  harness::Tally won;
  won.wins = 4;
  won.pentanomial = {0, 0, 0, 0, 2};
  const tuner::MatchFigures figures = tuner::match_figures(3, won);
  EXPECT_FALSE(figures.elo);
  const tuner::MeasureDetail measure{figures};
  const std::string text = json(measure).dump();
  EXPECT_NE(text.find("\"elo\":null"), std::string::npos) << text;
  EXPECT_FALSE(tuner::read_detail<tuner::MeasureDetail>(stored(1, LoopStep::MEASURE, json::parse(text))).value().games.elo);
}

TEST(StepDetail, AMissingKeyNamesTheStepAndTheKey) {
  json train = some_training();
  train.erase("network");
  auto read = tuner::read_detail<tuner::TrainDetail>(stored(2, LoopStep::TRAIN, train));
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("generation 2's train step"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("'network'"), std::string::npos) << read.error();

  json gate = tuner::GateDetail{some_games(), true, std::nullopt, "c", "b", 0};
  gate.erase("pentanomial");
  auto gate_read = tuner::read_detail<tuner::GateDetail>(stored(3, LoopStep::GATE, gate));
  ASSERT_FALSE(gate_read);
  EXPECT_NE(gate_read.error().find("generation 3's gate step"), std::string::npos) << gate_read.error();
  EXPECT_NE(gate_read.error().find("'pentanomial'"), std::string::npos) << gate_read.error();
}

TEST(StepDetail, AKeyOfAnotherTypeNamesTheStepAndTheKey) {
  json exported = tuner::ExportDetail{"f.bf", "bulletformat", "ab", 10, 2, 9};
  exported["positions"] = "ten";
  auto read = tuner::read_detail<tuner::ExportDetail>(stored(1, LoopStep::EXPORT, exported));
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("generation 1's export step"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("'positions' must be an integer"), std::string::npos) << read.error();
  auto not_json = tuner::read_detail<tuner::ExportDetail>({1, LoopStep::EXPORT, 0, StepState::DONE, "{oops"});
  ASSERT_FALSE(not_json);
  EXPECT_NE(not_json.error().find("generation 1's export step"), std::string::npos) << not_json.error();
}

TEST(StepDetail, AStepIsReadAsItsOwnKindAndStateOnly) {
  const tuner::StoredStep gate =
      stored(1, LoopStep::GATE, json(tuner::GateDetail{some_games(), true, std::nullopt, "c", "b", 0}));
  EXPECT_FALSE(tuner::read_detail<tuner::MeasureDetail>(gate));
  tuner::StoredStep under_way = gate;
  under_way.state = StepState::RUNNING;
  auto read = tuner::read_detail<tuner::GateDetail>(under_way);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("generation 1's gate step is not done"), std::string::npos) << read.error();
  auto missing = tuner::read_detail<tuner::TrainDetail>(std::vector<tuner::StoredStep>{gate}, 1);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("generation 1's train step is not stored"), std::string::npos) << missing.error();
}

// A training that stored no superbatch has no losses; steps stored before usage was measured
// have none, and a usage without one of its keys names it.
TEST(StepDetail, OptionalPartsAreOptionalAndTheirKeysAreNot) {
  tuner::TrainDetail train = some_training();
  train.train_loss.reset();
  train.validation_loss.reset();
  const tuner::TrainDetail back = tuner::read_detail<tuner::TrainDetail>(stored(1, LoopStep::TRAIN, train)).value();
  EXPECT_FALSE(back.train_loss);
  EXPECT_FALSE(back.validation_loss);

  json detail = tuner::MeasureDetail{some_games()};
  EXPECT_FALSE(tuner::read_usage(stored(1, LoopStep::MEASURE, detail)).value());
  detail["usage"] = tuner::StepUsage{2.5, true, 4, 0.5, 0.25};
  const auto usage = tuner::read_usage(stored(1, LoopStep::MEASURE, detail)).value();
  ASSERT_TRUE(usage);
  EXPECT_EQ(usage->seconds, 2.5);
  EXPECT_TRUE(usage->resumed);
  detail["usage"].erase("seconds");
  auto broken = tuner::read_usage(stored(2, LoopStep::MEASURE, detail));
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().find("generation 2's measure step"), std::string::npos) << broken.error();
  EXPECT_NE(broken.error().find("'usage.seconds'"), std::string::npos) << broken.error();
}

}  // namespace
