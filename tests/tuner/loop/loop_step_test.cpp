// The loop's steps have one word each in loop_steps, read back by one parser, and a
// generation's steps (and so the loop's count of them) come from the table and whether the loop
// measures.
#include "loop/loop_step.h"

#include <gtest/gtest.h>

namespace {

using tuner::LoopStep;
using tuner::StepState;

TEST(LoopStep, EveryStepsWordReadsBackAsItself) {
  for (int s = 0; s < tuner::LOOP_STEPS; ++s) {
    const LoopStep step = LoopStep(s);
    auto back = tuner::parse_loop_step(tuner::loop_step_name(step));
    ASSERT_TRUE(back) << tuner::loop_step_name(step) << ": " << back.error();
    EXPECT_EQ(*back, step);
    for (int other = 0; other < s; ++other) EXPECT_STRNE(tuner::loop_step_name(step), tuner::loop_step_name(LoopStep(other)));
  }
  for (StepState state : {StepState::RUNNING, StepState::DONE})
    EXPECT_EQ(tuner::parse_step_state(tuner::step_state_name(state)).value(), state);
}

// The words every loop has stored: they must never change.
TEST(LoopStep, TheStoredWordsAreTheOnesLoopsHold) {
  EXPECT_STREQ(tuner::loop_step_name(LoopStep::DATAGEN), "datagen");
  EXPECT_STREQ(tuner::loop_step_name(LoopStep::EXPORT), "export");
  EXPECT_STREQ(tuner::loop_step_name(LoopStep::TRAIN), "train");
  EXPECT_STREQ(tuner::loop_step_name(LoopStep::GATE), "gate");
  EXPECT_STREQ(tuner::loop_step_name(LoopStep::MEASURE), "measure");
  EXPECT_STREQ(tuner::step_state_name(StepState::RUNNING), "running");
  EXPECT_STREQ(tuner::step_state_name(StepState::DONE), "done");
}

TEST(LoopStep, AnUnknownWordIsRefusedByName) {
  for (const std::string word : {"distill", "Gate", "", "selfplay"}) {
    auto step = tuner::parse_loop_step(word);
    ASSERT_FALSE(step) << word;
    EXPECT_NE(step.error().find("'" + word + "'"), std::string::npos) << step.error();
  }
  auto state = tuner::parse_step_state("finished");
  ASSERT_FALSE(state);
  EXPECT_NE(state.error().find("'finished'"), std::string::npos) << state.error();
}

TEST(LoopStep, AGenerationMeasuresOnlyInALoopThatMeasures) {
  const std::vector<LoopStep> all{LoopStep::DATAGEN, LoopStep::EXPORT, LoopStep::TRAIN, LoopStep::GATE, LoopStep::MEASURE};
  EXPECT_EQ(tuner::generation_steps(true), all);
  EXPECT_EQ(tuner::generation_steps(false), std::vector<LoopStep>(all.begin(), all.end() - 1));
  EXPECT_EQ(tuner::steps_per_generation(true), 5);
  EXPECT_EQ(tuner::steps_per_generation(false), 4);
}

// A stored row of a step or state this tuner does not know is refused, naming its generation
// and the word.
TEST(LoopStep, AStoredRowOfAnUnknownStepNamesItsGenerationAndWord) {
  auto read = tuner::read_stored_steps({{1, "datagen", 3, "done", "{}"}, {2, "distill", 0, "done", "{}"}});
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("generation 2"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("'distill'"), std::string::npos) << read.error();
  read = tuner::read_stored_steps({{3, "gate", 0, "paused", "{}"}});
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().find("generation 3's gate step"), std::string::npos) << read.error();
  EXPECT_NE(read.error().find("'paused'"), std::string::npos) << read.error();
}

TEST(LoopStep, AStoredRowReadsBackToTheSameRow) {
  const std::vector<tuner::LoopStepRow> rows{{1, "train", 7, "running", "{\"job\":\"12\"}"}, {1, "export", 0, "done", "{}"}};
  const std::vector<tuner::StoredStep> steps = tuner::read_stored_steps(rows).value();
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].step, LoopStep::TRAIN);
  EXPECT_EQ(steps[0].state, StepState::RUNNING);
  EXPECT_EQ(tuner::find_step(steps, 1, LoopStep::EXPORT), &steps[1]);
  EXPECT_EQ(tuner::find_step(steps, 2, LoopStep::EXPORT), nullptr);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const tuner::LoopStepRow back = tuner::loop_step_row(steps[i]);
    EXPECT_EQ(back.generation, rows[i].generation);
    EXPECT_EQ(back.step, rows[i].step);
    EXPECT_EQ(back.run_id, rows[i].run_id);
    EXPECT_EQ(back.status, rows[i].status);
    EXPECT_EQ(back.detail, rows[i].detail);
  }
}

}  // namespace
