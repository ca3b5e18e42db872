#include "bisect/bisector.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "process/stop_request.h"
#include "launch/run_door.h"
#include "stats/elo.h"
#include "stats/sprt.h"
#include "suites/perft_runner.h"
#include "text/first_line.h"

namespace harness {

namespace {

// " [run N]", or nothing for a step that played no run (a commit that did not build).
std::string run_suffix(std::int64_t run_id) { return run_id ? " [run " + std::to_string(run_id) + "]" : ""; }

// At most `count` lines of a step's output, kept with its verdict.
std::string head_lines(const std::string& text, int count) {
  std::size_t at = 0;
  for (int i = 0; i < count && at != std::string::npos; ++i) at = text.find('\n', at == 0 ? 0 : at + 1);
  return at == std::string::npos ? text : text.substr(0, at + 1) + "...\n";
}

TestedCommit tested_of(const std::string& role, const std::string& name, const BuiltEngine& built) {
  const GitCommit& c = built.commit;
  return {role, name, c.repo, c.ref, c.sha, c.subject, built.build, 0, 0, bench_in_message(c.message)};
}

std::string format(const char* pattern, double a, double b, double c, double d) {
  char text[160];
  std::snprintf(text, sizeof text, pattern, a, b, c, d);
  return text;
}

}  // namespace

Bisector::Bisector(BisectSettings settings, std::vector<GitCommit> commits, GitCommit good, Database& db, std::int64_t bisect_run)
    : settings_(std::move(settings)),
      commits_(std::move(commits)),
      good_(std::move(good)),
      db_(db),
      bisect_run_(bisect_run),
      builds_(settings_.cache),
      search_(int(commits_.size())) {}

int Bisector::index_of(const std::string& sha) const {
  for (std::size_t i = 0; i < commits_.size(); ++i)
    if (commits_[i].sha == sha) return int(i);
  return -1;
}

void Bisector::mark(int index, const std::string& verdict) {
  if (verdict == "good") search_.mark_good(index);
  if (verdict == "bad") search_.mark_bad(index);
  if (verdict == "skipped") search_.mark_skipped(index);
}

// The stored steps into the search; the run of a step that was being played, to continue.
chess::Result<std::int64_t> Bisector::replay(std::ostream& out) {
  auto stored = db_.bisect_steps(bisect_run_);
  CHESS_RETURN_IF_ERROR(stored);
  steps_ = *stored;
  std::int64_t in_progress = 0;
  int shown = 1;
  for (const BisectStepRow& row : steps_) {
    const int index = index_of(row.commit);
    if (index < 0) continue;
    mark(index, row.verdict);
    if (!row.verdict.empty())
      out << "step " << shown << " (stored): " << commits_[std::size_t(index)].short_sha() << " "
          << commits_[std::size_t(index)].subject << ": " << row.verdict << "\n";
    shown += !row.verdict.empty() && row.verdict != "undecided";
    in_progress = row.verdict.empty() ? row.run_id : 0;
  }
  if (!steps_.empty() && steps_.back().verdict.empty()) {  // played again, in its place
    const std::string commit = steps_.back().commit;
    steps_.pop_back();
    // Its run goes on only if the search comes back to its commit (it does: the marks are the same).
    if (const auto next = search_.next(); !next || commits_[std::size_t(*next)].sha != commit) in_progress = 0;
  }
  return in_progress;
}

// The number the next step is shown with: an SPRT step played again is still one step.
int Bisector::shown_step() const {
  int decided = 0;
  for (const BisectStepRow& row : steps_) decided += row.verdict != "undecided";
  return decided + 1;
}

chess::Result<bool> Bisector::save(const GitCommit& commit, const Verdict& v) {
  const int step = steps_.empty() ? 0 : steps_.back().step + 1;
  BisectStepRow row{step, commit.sha, v.verdict, v.run_id, v.detail};
  if (auto saved = db_.save_bisect_step(bisect_run_, row); !saved) return saved;
  if (!v.verdict.empty()) steps_.push_back(row);
  return true;
}

chess::Result<BisectOutcome> Bisector::run(std::ostream& out) {
  auto in_progress = replay(out);
  CHESS_RETURN_IF_ERROR(in_progress);
  std::int64_t resume_run = *in_progress;
  if (steps_.empty()) CHESS_RETURN_IF_ERROR(check_ends(out));
  for (std::optional<int> next = search_.next(); next; next = search_.next()) {
    if (stop_requested() != StopRequest::NONE) return BisectOutcome{true, {}, steps_};
    const GitCommit& commit = commits_[std::size_t(*next)];
    out << "step " << shown_step() << ": " << commit.short_sha() << " " << commit.subject << " ("
        << search_.steps_left() << " left at most)" << std::endl;
    auto verdict = test(*next, resume_run, out);
    CHESS_RETURN_IF_ERROR(verdict);
    resume_run = 0;
    if (verdict->verdict.empty()) return BisectOutcome{true, {}, steps_};
    mark(*next, verdict->verdict);
    out << "  " << verdict->verdict << ": " << first_line(verdict->detail) << run_suffix(verdict->run_id) << std::endl;
  }
  CHESS_RETURN_IF_ERROR(check_bad(out));
  CHESS_RETURN_IF_ERROR(check_tested());
  BisectOutcome outcome;
  for (int index : search_.candidates()) outcome.candidates.push_back(commits_[std::size_t(index)]);
  outcome.steps = steps_;
  return outcome;
}

// Before the first step, both ends are built (a bisect whose good or bad commit cannot be
// built has nothing to compare with) and the good commit is tested as a step would test it.
chess::Result<bool> Bisector::check_ends(std::ostream& out) {
  auto good = builds_.binary(good_, settings_.build);
  if (!good)
    return chess::Error{"the good commit " + good_.short_sha() + " (" + good_.subject + ") cannot be built: " + good.error()};
  const GitCommit& bad = commits_.back();
  if (auto built = builds_.binary(bad, settings_.build); !built)
    return chess::Error{"the bad commit " + bad.short_sha() + " (" + bad.subject + ") cannot be built: " + built.error()};
  if (settings_.mode == BisectMode::PERFT) return check_good(*good, out);
  if (settings_.mode == BisectMode::BENCH) {
    auto bench = good_bench();
    CHESS_RETURN_IF_ERROR(bench);
    out << "good " << good_.short_sha() << " " << good_.subject << ": bench " << *bench << std::endl;
  }
  return true;
}

// A suite the good commit fails would make every commit bad: it is checked before the first step.
chess::Result<bool> Bisector::check_good(const BuiltEngine& built, std::ostream& out) {
  auto v = perft_step(built, out);
  CHESS_RETURN_IF_ERROR(v);
  out << "good " << good_.short_sha() << " " << good_.subject << ": " << first_line(v->detail) << run_suffix(v->run_id)
      << std::endl;
  if (v->verdict != "good")
    return chess::Error{"the good commit " + good_.short_sha() + " (" + good_.subject + ") fails the suite itself (run " +
                        std::to_string(v->run_id) + "): is the suite right?\n" + v->detail};
  return true;
}

// A search that ends on the bad commit without testing it (every step was good) tests it: a
// bad commit that passes is an error, not an answer (perft and bench, where a step is cheap).
chess::Result<bool> Bisector::check_bad(std::ostream& out) {
  const int bad = int(commits_.size()) - 1;
  if (settings_.mode == BisectMode::SPRT || search_.first_bad() != bad) return true;
  for (const BisectStepRow& row : steps_)
    if (row.commit == commits_.back().sha && row.verdict != "skipped")
      return row.verdict == "good" ? passes_too() : chess::Result<bool>(true);
  out << "step " << shown_step() << ": " << commits_.back().short_sha() << " "
      << commits_.back().subject << " (the bad commit itself)" << std::endl;
  auto v = test(bad, 0, out);
  CHESS_RETURN_IF_ERROR(v);
  out << "  " << v->verdict << ": " << first_line(v->detail) << run_suffix(v->run_id) << std::endl;
  if (v->verdict == "good") return passes_too();
  return true;
}

// An answer needs a commit that a step tested: when every step was skipped (no commit between
// could be built or benched, and the bad one was not tested), the bisect has none to give.
chess::Result<bool> Bisector::check_tested() const {
  if (steps_.empty()) return true;  // nothing lay between the ends (an SPRT bisect of one commit): they answer
  for (const BisectStepRow& row : steps_)
    if (row.verdict == "good" || row.verdict == "bad") return true;
  std::string why = "no commit could be tested: all " + std::to_string(steps_.size()) + " steps were skipped";
  if (!steps_.empty()) why += " (the first: " + first_line(steps_.front().detail) + ")";
  return chess::Error{why};
}

chess::Result<bool> Bisector::passes_too() const {
  return chess::Error{"the bad commit " + commits_.back().short_sha() + " (" + commits_.back().subject +
                      ") passes too: no commit from the good one to it is bad"};
}

chess::Result<Bisector::Verdict> Bisector::test(int index, std::int64_t resume_run, std::ostream& out) {
  const GitCommit& commit = commits_[std::size_t(index)];
  auto built = builds_.binary(commit, settings_.build);
  if (!built) {
    Verdict skipped{"skipped", 0, "it cannot be built: " + built.error()};
    CHESS_RETURN_IF_ERROR(save(commit, skipped));
    return skipped;
  }
  chess::Result<Verdict> v = settings_.mode == BisectMode::PERFT   ? perft_step(*built, out)
                             : settings_.mode == BisectMode::BENCH ? bench_step(*built)
                                                                   : sprt_step(*built, resume_run, out);
  if (!v) return v;
  if (settings_.mode != BisectMode::SPRT) CHESS_RETURN_IF_ERROR(save(commit, *v));
  return v;
}

chess::Result<Bisector::Verdict> Bisector::perft_step(const BuiltEngine& built, std::ostream&) {
  auto suite = read_perft_suite(settings_.suite, true);
  CHESS_RETURN_IF_ERROR(suite);
  const EngineConfig engine = built.as_engine("bisect-" + built.commit.short_sha());
  const std::chrono::milliseconds timeout(std::int64_t(settings_.perft_timeout_s) * 1000);
  nlohmann::json config = {{"suite", settings_.suite},
                           {"engine", engine.name},
                           {"reference", "builtin"},
                           {"commit", built.commit.sha},
                           {"depth", 0},
                           {"max_depth", settings_.max_depth},
                           {"skip_malformed", true},
                           {"bisect", bisect_run_}};
  auto run_id = db_.create_run(RunKind::PERFT, config.dump());
  CHESS_RETURN_IF_ERROR(run_id);
  std::ostringstream failures;
  const PerftRunTotals t = run_perft_suite(
      *suite, {0, settings_.max_depth, settings_.perft_concurrency, true},
      [engine, timeout] { return std::make_unique<EnginePerft>(engine, timeout); },
      [] { return std::make_unique<BuiltinPerft>(); }, db_, *run_id, failures);
  if (!t.storage_error.empty()) return chess::Error{t.storage_error};
  const std::string summary = std::to_string(t.failed + t.errors) + " of " + std::to_string(t.checks) + " counts wrong\n";
  CHESS_RETURN_IF_ERROR(db_.update_run(*run_id, RunStatus::FINISHED, summary));
  return Verdict{t.failed + t.errors > 0 ? "bad" : "good", *run_id, summary + head_lines(failures.str(), 40)};
}

chess::Result<std::uint64_t> Bisector::good_bench() {
  if (good_bench_) return *good_bench_;
  auto built = builds_.binary(good_, settings_.build);
  if (!built) return chess::Error{"the good commit: " + built.error()};
  auto bench = run_bench(built->as_engine("good"), settings_.bench, std::chrono::seconds(settings_.bench_timeout_s));
  if (!bench) return chess::Error{"the good commit's bench: " + bench.error()};
  good_bench_ = bench->nodes;
  return *good_bench_;
}

chess::Result<Bisector::Verdict> Bisector::bench_step(const BuiltEngine& built) {
  auto reference = good_bench();
  CHESS_RETURN_IF_ERROR(reference);
  const EngineConfig engine = built.as_engine("bisect-" + built.commit.short_sha());
  nlohmann::json config = {
      {"engine", engine.name}, {"commit", built.commit.sha}, {"args", settings_.bench.args}, {"bisect", bisect_run_}};
  auto run_id = db_.create_run(RunKind::BENCH, config.dump());
  CHESS_RETURN_IF_ERROR(run_id);
  auto bench = run_bench(engine, settings_.bench, std::chrono::seconds(settings_.bench_timeout_s));
  if (!bench) {
    (void)db_.update_run(*run_id, RunStatus::FAILED, bench.error() + "\n");
    return Verdict{"skipped", *run_id, "its bench cannot be read: " + bench.error()};
  }
  const std::string summary =
      "bench " + std::to_string(bench->nodes) + " (the good commit's: " + std::to_string(*reference) + ")\n";
  CHESS_RETURN_IF_ERROR(db_.update_run(*run_id, RunStatus::FINISHED, summary));
  return Verdict{bench->nodes == *reference ? "good" : "bad", *run_id, summary};
}

chess::Result<Bisector::Verdict> Bisector::sprt_step(const BuiltEngine& built, std::int64_t resume_run, std::ostream& out) {
  auto good = builds_.binary(good_, settings_.build);
  if (!good) return chess::Error{"the good commit: " + good.error()};
  MatchConfig config = *settings_.match;
  const std::string dev = "dev-" + built.commit.short_sha(), base = "base-" + good_.short_sha();
  config.engines = {built.as_engine(dev), good->as_engine(base)};
  config.tested = {tested_of("dev", dev, built), tested_of("base", base, *good)};
  int attempt = 0;
  std::vector<std::int64_t> undecided_runs;  // this commit's attempts that did not decide
  for (const BisectStepRow& row : steps_)
    if (row.commit == built.commit.sha && row.verdict == "undecided") {
      ++attempt;
      undecided_runs.push_back(row.run_id);
    }
  for (;; ++attempt, resume_run = 0) {
    config.opening_offset = settings_.match->opening_offset + attempt * (config.games / 2);
    std::int64_t run_id = resume_run;
    if (!run_id) {
      auto created = create_run(db_, config);
      CHESS_RETURN_IF_ERROR(created);
      run_id = *created;
    }
    CHESS_RETURN_IF_ERROR(save(built.commit, {"", run_id, ""}));
    auto attempted = sprt_attempt(config, run_id, out);
    if (!attempted || attempted->verdict.empty()) return attempted;
    Verdict v = *attempted;
    if (v.verdict == "undecided" && attempt < settings_.retries) {
      out << "  undecided: " << v.detail << run_suffix(run_id) << "; played again on the next openings" << std::endl;
      CHESS_RETURN_IF_ERROR(save(built.commit, v));
      undecided_runs.push_back(run_id);
      continue;
    }
    if (v.verdict == "undecided" && !undecided_runs.empty()) {
      // The tries are spent: every game played for this commit decides, not the last attempt's.
      undecided_runs.push_back(run_id);
      auto pooled = pooled_verdict(config, undecided_runs);
      CHESS_RETURN_IF_ERROR(pooled);
      v = *pooled;
    }
    if (v.verdict == "undecided") v.verdict = v.by_elo;  // the tries are spent: the Elo's side decides
    CHESS_RETURN_IF_ERROR(save(built.commit, v));
    return v;
  }
}

chess::Result<Bisector::Verdict> Bisector::sprt_attempt(const MatchConfig& config, std::int64_t run_id, std::ostream& out) {
  MatchConfig played = config;
  if (auto stored = db_.run(run_id); stored && *stored) {
    auto c = MatchConfig::from_json((*stored)->config);
    if (c) played = *c;
    played.concurrency = config.concurrency;
  }
  auto inputs = prepare_run(played);
  CHESS_RETURN_IF_ERROR(inputs);
  RunPlay how;
  how.events = events_;
  how.resume_with = "";  // the bisect says how to go on: the run alone would go on without it
  const PlayedRun result = play_run(played, std::move(*inputs), db_, run_id, how, out);
  if (result.status.kind == MatchStatus::INTERRUPTED) return Verdict{"", run_id, ""};
  if (result.status.kind != MatchStatus::FINISHED) return chess::Error{"run " + std::to_string(run_id) + ": " + result.status.error};
  return verdict_of(result.match, *played.sprt, run_id, "");
}

chess::Result<Bisector::Verdict> Bisector::pooled_verdict(const MatchConfig& config, const std::vector<std::int64_t>& runs) {
  Tally pooled;
  for (std::int64_t run : runs) {
    auto tally = stored_tally(db_, run, config);
    CHESS_RETURN_IF_ERROR(tally);
    pooled += tally->match_tally();
  }
  return verdict_of(pooled, *config.sprt, runs.back(), " (the " + std::to_string(runs.size()) + " attempts' games together)");
}

Bisector::Verdict Bisector::verdict_of(const Tally& t, const SprtConfig& sprt, std::int64_t run_id, const std::string& games) {
  const double llr = sprt_llr(t, sprt);
  const EloEstimate e = estimate(t);
  const std::string sure = format("LLR %.2f (%.2f, %.2f), Elo %+.1f", llr, sprt.lower_bound(), sprt.upper_bound(), e.elo) +
                           format(" +/- %.1f, LOS %.1f %% after %g games", e.elo_error, e.los * 100, double(t.games()), 0) + games;
  switch (sprt_decision(llr, sprt)) {
    case SprtDecision::ACCEPT_H0: return Verdict{"bad", run_id, "weaker (H0 accepted): " + sure};
    case SprtDecision::ACCEPT_H1: return Verdict{"good", run_id, "not weaker (H1 accepted): " + sure};
    case SprtDecision::CONTINUE: break;
  }
  const bool weaker = e.elo < (sprt.elo0 + sprt.elo1) / 2;
  return Verdict{"undecided", run_id, "no SPRT decision: " + sure + "; by its Elo it is " + (weaker ? "bad" : "good"),
                 weaker ? "bad" : "good"};
}

}  // namespace harness
