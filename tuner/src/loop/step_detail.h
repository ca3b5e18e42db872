// What each step of the network loop stores of itself and hands to the steps after it: a struct
// per step, written to the JSON object the loop stores (loop_steps.detail) and read back by one
// reader. A key a stored detail lacks, or holds with another type, is an error that names the
// step and the key ("generation 2's train step: its stored detail has no 'network' (a
// string)"), never read as "" or 0.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "loop/loop_step.h"
#include "stats/tally.h"

namespace tuner {

// Reads the keys of one stored JSON object, keeping the first problem; `result` gives it.
class DetailReader {
 public:
  // `where` names the object in messages: "generation 2's train step", "run 9's superbatch 3".
  DetailReader(std::string where, const std::string& text);

  std::string text(const char* key);
  double number(const char* key);
  std::int64_t integer(const char* key);
  int count(const char* key);  // an integer that fits an int
  bool flag(const char* key);
  std::optional<double> number_or_null(const char* key);  // null: an Elo one-sided games leave unbounded
  std::vector<std::string> texts(const char* key);
  std::array<int, 5> pentanomial(const char* key);
  bool has(const char* key) const;
  // The object under `key`, read by a reader of its own whose problems name "KEY.INNER".
  DetailReader object(const char* key);
  // A problem of a reader made by object().
  void take_problem(const DetailReader& inner);

  template <class T>
  chess::Result<T> result(T value) const {
    if (!problem_.empty()) return chess::Error{problem_};
    return value;
  }

 private:
  DetailReader(std::string where, std::string prefix, nlohmann::json object);
  // The value of `key`, or null after noting why there is none of `type`.
  const nlohmann::json* find(const char* key, const char* type);
  const nlohmann::json* value(const char* key, const char* type, bool (*holds)(const nlohmann::json&));
  void note(const std::string& problem);

  std::string where_, prefix_, problem_;
  nlohmann::json object_;
};

// The share of the machine a step used, in the session that finished it (missing in steps
// stored before it was measured).
struct StepUsage {
  double seconds = 0;
  bool resumed = false;
  double cores = 0, engines_cpu_share = 0, loop_cpu_share = 0;
};

// A match step's games (self-play, gate, measure): the run, its counts, and the Elo estimated
// from them (null when one-sided games leave it unbounded).
struct MatchFigures {
  std::int64_t run = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  std::array<int, 5> pentanomial{};
  std::optional<double> elo, elo_error, nelo, nelo_error, los;
};
MatchFigures match_figures(std::int64_t run, const harness::Tally& tally);

struct DatagenDetail {
  static constexpr LoopStep STEP = LoopStep::DATAGEN;
  static constexpr StepState STATE = StepState::DONE;
  MatchFigures games;
  std::string network;  // the network it played with; "" for the first network
  int parent_generation = 0;
};

struct ExportDetail {
  static constexpr LoopStep STEP = LoopStep::EXPORT;
  static constexpr StepState STATE = StepState::DONE;
  std::string file, format, sha256;
  std::int64_t positions = 0, games = 0, scored = 0;
};

struct TrainDetail {
  static constexpr LoopStep STEP = LoopStep::TRAIN;
  static constexpr StepState STATE = StepState::DONE;
  std::int64_t run = 0;
  std::string network, raw, sha256;
  std::vector<std::string> data;  // the exported files it read, in order
  std::int64_t positions = 0;
  int parent_generation = 0;
  std::string started_from;  // the parent's float weights, or "" for a network trained from scratch
  std::int64_t superbatches = 0;
  double seconds = 0;
  std::optional<double> train_loss, validation_loss;  // the last superbatch's, stored when there is one
};

// A train step under way on a cluster: the Slurm job training it, once it was submitted.
struct TrainProgress {
  static constexpr LoopStep STEP = LoopStep::TRAIN;
  static constexpr StepState STATE = StepState::RUNNING;
  std::optional<std::string> job;
};

// The gate's SPRT, when it has one: the LLR, its bounds and the decision ("H1", "H0", "none").
struct GateSprt {
  double llr = 0, lower_bound = 0, upper_bound = 0;
  std::string decision;
};

struct GateDetail {
  static constexpr LoopStep STEP = LoopStep::GATE;
  static constexpr StepState STATE = StepState::DONE;
  MatchFigures games;
  bool promoted = false;
  std::optional<GateSprt> sprt;
  std::string candidate, best;  // the networks played
  int best_generation = 0;
};

struct MeasureDetail {
  static constexpr LoopStep STEP = LoopStep::MEASURE;
  static constexpr StepState STATE = StepState::DONE;
  MatchFigures games;
};

void to_json(nlohmann::json& j, const StepUsage& usage);
void to_json(nlohmann::json& j, const DatagenDetail& detail);
void to_json(nlohmann::json& j, const ExportDetail& detail);
void to_json(nlohmann::json& j, const TrainDetail& detail);
void to_json(nlohmann::json& j, const TrainProgress& progress);
void to_json(nlohmann::json& j, const GateDetail& detail);
void to_json(nlohmann::json& j, const MeasureDetail& detail);

// A stored step's detail: Detail is one of the structs above, of the step's kind and state.
template <class Detail>
chess::Result<Detail> read_detail(const StoredStep& step);

// Generation g's step of Detail's kind: an error when the loop has not stored it.
template <class Detail>
chess::Result<Detail> read_detail(const std::vector<StoredStep>& steps, int generation) {
  const StoredStep* step = find_step(steps, generation, Detail::STEP);
  if (!step) return chess::Error{step_place(generation, Detail::STEP) + " is not stored"};
  return read_detail<Detail>(*step);
}

// The usage stored with a done step, or none for a step stored before it was measured.
chess::Result<std::optional<StepUsage>> read_usage(const StoredStep& step);

}  // namespace tuner
