#include "loop/network_loop.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <thread>
#include <unordered_set>

#include "datagen/position_export.h"
#include "driver/network_training.h"
#include "json/json_input.h"
#include "loop/cluster_training.h"
#include "loop/loop_lineage.h"
#include "loop/step_detail.h"
#include "network_training/file_checksum.h"
#include "builds/git_engines.h"
#include "cluster/cluster_runner.h"
#include "cluster/slurm.h"
#include "core/bounded_read.h"
#include "process/cpu_times.h"
#include "process/executable_path.h"
#include "process/stop_request.h"
#include "launch/run_door.h"
#include "run/run_inputs.h"
#include "run/run_tally.h"
#include "settings/output_file.h"
#include "stats/elo.h"

namespace tuner {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The gate's verdict on a tally: with an SPRT its decision (an undecided SPRT does not pass),
// without one a score above half.
void judge(const harness::Tally& t, const LoopMatch& gate, GateDetail& detail) {
  if (!gate.sprt) {
    detail.promoted = t.points() * 2 > t.games();
    return;
  }
  const double llr = harness::sprt_llr(t, *gate.sprt);
  const harness::SprtDecision decision = harness::sprt_decision(llr, *gate.sprt);
  detail.sprt = GateSprt{llr, gate.sprt->lower_bound(), gate.sprt->upper_bound(),
                         decision == harness::SprtDecision::ACCEPT_H1   ? "H1"
                         : decision == harness::SprtDecision::ACCEPT_H0 ? "H0"
                                                                        : "none"};
  detail.promoted = decision == harness::SprtDecision::ACCEPT_H1;
}

// The step's wall time in the session that finished it, and the share of the machine's cores
// the loop (training) and its engines (self-play, matches) used in it.
StepUsage step_usage(std::chrono::steady_clock::time_point began, const harness::CpuTimes& before, bool resumed) {
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  const harness::CpuTimes after = harness::cpu_times();
  const double cores = std::max(1u, std::thread::hardware_concurrency());
  const double capacity = std::max(wall, 1e-9) * cores;
  return {wall, resumed, cores, (after.children - before.children) / capacity, (after.self - before.self) / capacity};
}

}  // namespace

NetworkLoop::NetworkLoop(const LoopConfig& config, TunerDatabase& db, std::int64_t loop_run, fs::path dir,
                         std::ostream& out)
    : config_(config), db_(db), loop_run_(loop_run), dir_(std::move(dir)), out_(out) {}

bool NetworkLoop::stopping() const {
  return harness::stop_requested() != harness::StopRequest::NONE ||
         (stop_after_steps_ >= 0 && steps_this_session_ >= stop_after_steps_);
}

chess::Result<bool> NetworkLoop::save(int generation, LoopStep name, std::int64_t run_id, StepState state, const json& detail) {
  const StoredStep row{generation, name, run_id, state, detail.dump()};
  CHESS_RETURN_IF_ERROR(db_.save_loop_step(loop_run_, loop_step_row(row)));
  for (StoredStep& r : steps_)
    if (r.generation == generation && r.step == name) return (r = row, true);
  steps_.push_back(row);
  return true;
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::step(int generation, LoopStep name, const StepBody& body) {
  const StoredStep* row = stored(generation, name);
  if (row && row->state == StepState::DONE) return StepDetail(json_input::parse_or_discarded(row->detail));
  if (stopping()) return StepDetail();
  const std::int64_t resume = row ? row->run_id : 0;
  out_ << "Generation " << generation << ": " << loop_step_name(name);
  if (resume) out_ << " (run " << resume << ", resumed)";
  out_ << std::endl;
  const Started started = [&](std::int64_t run_id) { return save(generation, name, run_id, StepState::RUNNING, json::object()); };
  const auto began = std::chrono::steady_clock::now();
  const harness::CpuTimes cpu = harness::cpu_times();
  auto ran = body(resume, started);
  CHESS_RETURN_IF_ERROR(ran);
  StepDetail detail = std::move(ran).value();
  if (!detail) return detail;
  (*detail)["usage"] = step_usage(began, cpu, resume != 0);
  const StoredStep* now = stored(generation, name);
  CHESS_RETURN_IF_ERROR(save(generation, name, now ? now->run_id : 0, StepState::DONE, *detail));
  ++steps_this_session_;
  if (events_)
    events_->write(harness::EventKind::TUNER_STEP,
                   {{"run", loop_run_},
                    {"method", "loop"},
                    {"step", int(steps_.size())},
                    {"of", steps_per_generation(bool(config_.measure)) * config_.generations},
                    {"detail", {{"generation", generation}, {"name", loop_step_name(name)}, {"result", *detail}}}});
  return detail;
}

chess::Result<NetworkLoop::Best> NetworkLoop::best_before(int g) const {
  Best best{config_.first_network, "", 0};
  for (int k = 1; k < g; ++k) {
    const StoredStep* gate = stored(k, LoopStep::GATE);
    if (!gate || gate->state != StepState::DONE) continue;
    auto verdict = read_detail<GateDetail>(*gate);
    CHESS_RETURN_IF_ERROR(verdict);
    if (!verdict->promoted) continue;
    auto trained = read_detail<TrainDetail>(steps_, k);
    CHESS_RETURN_IF_ERROR(trained);
    best = {trained->network, trained->raw, k};
  }
  return best;
}

std::string NetworkLoop::engine_label(int generation) const { return config_.name + "-gen" + std::to_string(generation); }

fs::path NetworkLoop::generation_dir(int g) const { return dir_ / ("gen" + std::to_string(g)); }

harness::MatchConfig NetworkLoop::match_of(const LoopMatch& m, harness::EngineConfig first, harness::EngineConfig second,
                                           const std::string& event) const {
  harness::MatchConfig c;
  c.engines = {std::move(first), std::move(second)};
  c.games = m.games;
  c.settings.tc = m.limit;
  c.openings_path = m.openings;
  c.concurrency = m.concurrency;
  c.sprt = m.sprt;
  c.event = event;
  return c;
}

harness::RunPlay NetworkLoop::how_to_play(const harness::MatchConfig& match, std::int64_t run_id) const {
  harness::RunPlay how;
  how.events = events_;
  how.resume_with = "tuner loop --resume";
  if (cluster_.shards > 0) {
    const std::filesystem::path base =
        cluster_.dir.empty() ? fs::absolute(db_.path()).parent_path() / "cluster" : fs::absolute(cluster_.dir);
    how.cluster = harness::ClusterSettings{(base / ("run-" + std::to_string(run_id))).string(),
                                           std::max(1, std::min(cluster_.shards, match.games / 2)),
                                           cluster_.partition,
                                           {},
                                           harness::sibling_program("harness"),
                                           1000};
  }
  return how;
}

chess::Result<harness::RunRow> NetworkLoop::resumed_run(std::int64_t run_id, std::optional<harness::RunKind> kind) const {
  auto row = db_.run(run_id);
  CHESS_RETURN_IF_ERROR(row);
  if (!*row || (kind && (*row)->kind != *kind))
    return chess::Error{"run " + std::to_string(run_id) + " of the loop is missing from " + db_.path() +
                        (kind ? " (or is no " + harness::run_kind_word(*kind) + " run)" : "")};
  return **row;
}

chess::Result<std::optional<NetworkLoop::Played>> NetworkLoop::play(harness::MatchConfig match, std::int64_t resume_run,
                                                                    const Started& started) {
  if (resume_run) {
    auto row = resumed_run(resume_run, std::nullopt);
    CHESS_RETURN_IF_ERROR(row);
    auto stored = harness::MatchConfig::from_json(row->config);
    CHESS_RETURN_IF_ERROR(stored);
    const int concurrency = match.concurrency;
    match = *stored;
    match.concurrency = concurrency;
  }
  // An engine built from git with the network as EVALFILE=: built, or taken from the cache
  // beside the database. Its bench is recorded, not checked: the network is not the commit's own.
  auto built = harness::build_git_engines(match.engines, harness::EngineBuilds(harness::build_cache_beside(db_.path())),
                                          harness::BenchCheck::RECORD_ONLY, out_);
  CHESS_RETURN_IF_ERROR(built);
  match.tested.insert(match.tested.end(), built->begin(), built->end());
  if (harness::SettingProblems problems = match.validate(); !problems.empty())
    return chess::Error{problems.describe(harness::json_key_spelling)};
  harness::PrepareOptions prepare;
  prepare.probe_engines = cluster_.shards == 0;  // on a cluster the tasks start the engines where they run
  auto inputs = harness::prepare_run(match, prepare);
  CHESS_RETURN_IF_ERROR(inputs);
  std::int64_t run_id = resume_run;
  if (!run_id) {
    auto created = harness::create_run(db_, match);
    CHESS_RETURN_IF_ERROR(created);
    run_id = *created;
    CHESS_RETURN_IF_ERROR(started(run_id));
  }
  const harness::PlayedRun played = harness::play_run(match, std::move(*inputs), db_, run_id, how_to_play(match, run_id), out_);
  if (played.status.kind == harness::MatchStatus::INTERRUPTED) return std::optional<Played>();
  if (played.status.kind != harness::MatchStatus::FINISHED)
    return chess::Error{"run " + std::to_string(run_id) + ": " + played.status.error};
  auto tally = harness::stored_tally(db_, run_id, match);
  CHESS_RETURN_IF_ERROR(tally);
  return std::optional<Played>(Played{run_id, tally->match_tally()});
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::datagen(int g, std::int64_t resume_run, const Started& started) {
  const LoopDatagen& d = config_.datagen;
  auto best_so_far = best_before(g);
  CHESS_RETURN_IF_ERROR(best_so_far);
  const Best best = *best_so_far;
  const fs::path folder = generation_dir(g);
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return chess::Error{folder.string() + ": cannot create the generation's folder: " + ec.message()};
  const std::uint64_t seed = d.seed + std::uint64_t(g - 1);
  const std::string label = engine_label(best.generation);
  harness::MatchConfig m;
  m.engines = {config_.engine_with(best.network, label), config_.engine_with(best.network, label + "-2")};
  m.games = d.games;
  m.positions = d.positions;
  m.settings.tc = harness::TimeControl::fixed_nodes(std::uint64_t(d.nodes));
  m.settings.adjudication = d.adjudication;
  m.random_plies = d.random_plies;  // each game's opening drawn from its number and the seed: no book
  m.concurrency = d.concurrency;
  m.seed = seed;
  m.datagen = true;
  m.event = config_.name + " generation " + std::to_string(g) + " self-play";
  auto played = play(m, resume_run, started);
  CHESS_RETURN_IF_ERROR(played);
  if (!*played) return StepDetail();
  return StepDetail(DatagenDetail{match_figures((*played)->run, (*played)->tally), best.network, best.generation});
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::export_positions(int g) {
  const StoredStep* selfplay = stored(g, LoopStep::DATAGEN);
  if (!selfplay || !selfplay->run_id) return chess::Error{"generation " + std::to_string(g) + ": no self-play run to export"};
  const fs::path file = generation_dir(g) / "selfplay.bf";
  const formats::PositionFormat format = formats::PositionFormat::BULLETFORMAT;
  auto out = harness::OutputFile::open("the generation's positions", file.string(), {db_.path()});
  CHESS_RETURN_IF_ERROR(out);
  std::unordered_set<std::uint64_t> seen;
  auto counts = harness::export_positions(db_, selfplay->run_id, harness::PositionFilters{}, format, (*out)->stream(), seen);
  if (!counts) return (*out)->failed(counts.error());
  CHESS_RETURN_IF_ERROR((*out)->commit());
  auto sha = sha256_file(file.string());
  CHESS_RETURN_IF_ERROR(sha);
  return StepDetail(ExportDetail{file.string(), formats::position_format_name(format), *sha, std::int64_t(counts->written),
                                 std::int64_t(counts->games), std::int64_t(counts->scored)});
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::gate(int g, std::int64_t resume_run, const Started& started) {
  auto best_so_far = best_before(g);
  CHESS_RETURN_IF_ERROR(best_so_far);
  const Best best = *best_so_far;
  auto trained = read_detail<TrainDetail>(steps_, g);
  CHESS_RETURN_IF_ERROR(trained);
  const std::string candidate = trained->network;
  harness::MatchConfig m = match_of(config_.gate, config_.engine_with(candidate, engine_label(g)),
                                    config_.engine_with(best.network, engine_label(best.generation)),
                                    config_.name + " generation " + std::to_string(g) + " gate");
  auto played = play(m, resume_run, started);
  CHESS_RETURN_IF_ERROR(played);
  if (!*played) return StepDetail();
  GateDetail detail;
  detail.games = match_figures((*played)->run, (*played)->tally);
  judge((*played)->tally, config_.gate, detail);
  detail.candidate = candidate;
  detail.best = best.network;
  detail.best_generation = best.generation;
  return StepDetail(detail);
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::measure(int g, std::int64_t resume_run, const Started& started) {
  auto trained = read_detail<TrainDetail>(steps_, g);
  CHESS_RETURN_IF_ERROR(trained);
  harness::MatchConfig m = match_of(*config_.measure, config_.engine_with(trained->network, engine_label(g)),
                                    config_.engine_with(config_.first_network, engine_label(0)),
                                    config_.name + " generation " + std::to_string(g) + " against the first");
  auto played = play(m, resume_run, started);
  CHESS_RETURN_IF_ERROR(played);
  if (!*played) return StepDetail();
  return StepDetail(MeasureDetail{match_figures((*played)->run, (*played)->tally)});
}

chess::Result<NetworkLoop::StepDetail> NetworkLoop::run_step(int g, LoopStep name, std::int64_t resume_run,
                                                             const Started& started) {
  switch (name) {
    case LoopStep::DATAGEN: return datagen(g, resume_run, started);
    case LoopStep::EXPORT: return export_positions(g);
    case LoopStep::TRAIN: return train(g, resume_run, started);
    case LoopStep::GATE: return gate(g, resume_run, started);
    case LoopStep::MEASURE: return measure(g, resume_run, started);
  }
  return chess::Error{step_place(g, name) + ": no such step"};
}

chess::Result<bool> NetworkLoop::generation(int g) {
  for (const LoopStep name : generation_steps(bool(config_.measure))) {
    auto detail = step(g, name, [&](std::int64_t r, const Started& s) { return run_step(g, name, r, s); });
    CHESS_RETURN_IF_ERROR(detail);
    if (!*detail) return false;
  }
  return true;
}

chess::Result<LoopOutcome> NetworkLoop::run() {
  auto rows = db_.loop_steps(loop_run_);
  CHESS_RETURN_IF_ERROR(rows);
  auto steps = read_stored_steps(*rows);
  CHESS_RETURN_IF_ERROR(steps);
  steps_ = std::move(steps).value();
  for (int g = 1; g <= config_.generations; ++g) {
    auto done = generation(g);
    CHESS_RETURN_IF_ERROR(done);
    if (!*done) {
      CHESS_RETURN_IF_ERROR(db_.update_run(loop_run_, harness::RunStatus::STOPPED, "interrupted\n"));
      return LoopOutcome{true, ""};
    }
  }
  auto row = db_.run(loop_run_);
  CHESS_RETURN_IF_ERROR(row);
  if (!*row) return chess::Error{"the loop's run " + std::to_string(loop_run_) + " is missing from " + db_.path()};
  auto summary = describe_loop_run(db_, **row);
  CHESS_RETURN_IF_ERROR(summary);
  CHESS_RETURN_IF_ERROR(db_.update_run(loop_run_, harness::RunStatus::FINISHED, *summary));
  return LoopOutcome{false, *summary};
}

}  // namespace tuner
