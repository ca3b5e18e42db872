// The network loop's steps, declared once: the word each is stored by (loop_steps.step), in the
// order a generation goes through them, and the state a stored step is in. A generation
// measures only when the loop's configuration has a measure section, so its number of steps
// comes from this table and the configuration.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "storage/loop_store.h"

namespace tuner {

enum class LoopStep {
  DATAGEN,  // self-play with the current best network (a datagen run)
  EXPORT,   // its positions written to the generation's file (no run)
  TRAIN,    // the next network trained on the window of generations' files (a tuner nnue run)
  GATE,     // the candidate against the current best, promoted when it passes (a match run)
  MEASURE,  // the candidate against the first network, when the loop measures (a match run)
};
inline constexpr int LOOP_STEPS = int(LoopStep::MEASURE) + 1;

// "datagen", "export", "train", "gate", "measure".
const char* loop_step_name(LoopStep step);
// The step of a stored word; an unknown word is an error that names it.
chess::Result<LoopStep> parse_loop_step(const std::string& word);

// The steps of one generation, in order: MEASURE only when the loop measures.
std::vector<LoopStep> generation_steps(bool measures);
int steps_per_generation(bool measures);

// A stored step: under way (its run started, the loop stopped before its end) or done (its
// detail stored).
enum class StepState { RUNNING, DONE };
// "running", "done".
const char* step_state_name(StepState state);
chess::Result<StepState> parse_step_state(const std::string& word);

// A row of loop_steps with its step and state read.
struct StoredStep {
  int generation = 0;
  LoopStep step = LoopStep::DATAGEN;
  std::int64_t run_id = 0;  // 0: none (export, or a step that has not started its run)
  StepState state = StepState::RUNNING;
  std::string detail;  // a JSON object: done, the step's detail (loop/step_detail.h); under way, what it keeps until then
};

// The rows read, in their order; a word of another step or state is an error that names the
// generation and the word.
chess::Result<std::vector<StoredStep>> read_stored_steps(const std::vector<LoopStepRow>& rows);
LoopStepRow loop_step_row(const StoredStep& step);
// Generation g's step, or null when the loop has not stored it.
const StoredStep* find_step(const std::vector<StoredStep>& steps, int generation, LoopStep step);

// "generation 2's train step", as messages name a stored step.
std::string step_place(int generation, LoopStep step);

}  // namespace tuner
