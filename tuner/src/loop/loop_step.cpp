#include "loop/loop_step.h"

#include <array>

namespace tuner {

namespace {

struct LoopStepEntry {
  LoopStep step;
  const char* name;
  bool when_measuring;  // only in a loop that measures
};

// One row per step, in the enum's order, which is the order of a generation.
constexpr std::array<LoopStepEntry, LOOP_STEPS> LOOP_STEP_ENTRIES = {{
    {LoopStep::DATAGEN, "datagen", false},
    {LoopStep::EXPORT, "export", false},
    {LoopStep::TRAIN, "train", false},
    {LoopStep::GATE, "gate", false},
    {LoopStep::MEASURE, "measure", true},
}};

constexpr std::array<const char*, 2> STEP_STATE_NAMES = {"running", "done"};

}  // namespace

const char* loop_step_name(LoopStep step) { return LOOP_STEP_ENTRIES[std::size_t(step)].name; }

chess::Result<LoopStep> parse_loop_step(const std::string& word) {
  for (const LoopStepEntry& entry : LOOP_STEP_ENTRIES)
    if (word == entry.name) return entry.step;
  return chess::Error{"unknown loop step '" + word + "'"};
}

std::vector<LoopStep> generation_steps(bool measures) {
  std::vector<LoopStep> steps;
  for (const LoopStepEntry& entry : LOOP_STEP_ENTRIES)
    if (measures || !entry.when_measuring) steps.push_back(entry.step);
  return steps;
}

int steps_per_generation(bool measures) { return int(generation_steps(measures).size()); }

const char* step_state_name(StepState state) { return STEP_STATE_NAMES[std::size_t(state)]; }

chess::Result<StepState> parse_step_state(const std::string& word) {
  for (StepState state : {StepState::RUNNING, StepState::DONE})
    if (word == step_state_name(state)) return state;
  return chess::Error{"unknown loop step status '" + word + "'"};
}

chess::Result<std::vector<StoredStep>> read_stored_steps(const std::vector<LoopStepRow>& rows) {
  std::vector<StoredStep> steps;
  for (const LoopStepRow& row : rows) {
    auto step = parse_loop_step(row.step);
    if (!step) return chess::Error{"generation " + std::to_string(row.generation) + ": " + step.error()};
    auto state = parse_step_state(row.status);
    if (!state) return chess::Error{step_place(row.generation, *step) + ": " + state.error()};
    steps.push_back({row.generation, *step, row.run_id, *state, row.detail});
  }
  return steps;
}

LoopStepRow loop_step_row(const StoredStep& step) {
  return {step.generation, loop_step_name(step.step), step.run_id, step_state_name(step.state), step.detail};
}

const StoredStep* find_step(const std::vector<StoredStep>& steps, int generation, LoopStep step) {
  for (const StoredStep& s : steps)
    if (s.generation == generation && s.step == step) return &s;
  return nullptr;
}

std::string step_place(int generation, LoopStep step) {
  return "generation " + std::to_string(generation) + "'s " + loop_step_name(step) + " step";
}

}  // namespace tuner
