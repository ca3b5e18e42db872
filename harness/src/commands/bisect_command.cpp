// harness bisect --repo PATH --good REF --bad REF: the first commit between them whose move
// generator fails a perft suite (--perft), whose bench count differs from the good one's
// (--bench), or that an SPRT against the good commit finds weaker (--sprt, with the match
// options). Every step is a stored run; --resume goes on with the bisect of the same settings.
#include <filesystem>
#include <iostream>
#include <map>

#include "bisect/bisector.h"
#include "command_support/fail.h"
#include "commands.h"
#include "events/event_stream.h"
#include "match_options.h"
#include "paths.h"
#include "process/command.h"
#include "process/stop_request.h"
#include "settings/setting_problems.h"
#include "suites/perft_suite.h"
#include "text/words.h"

namespace harness {

namespace {

struct BisectOptions {
  MatchOptions match;
  std::string repo, good, bad, cache, perft, bench_args = "bench", nodes_pattern;
  BuildRecipe build;
  bool bench = false;
  int max_depth = 0, perft_concurrency = 1, perft_timeout = 600, bench_timeout = 600, retries = 1;
  int bench_runs = DEFAULT_BENCH_RUNS;
};

BisectMode mode_of(const BisectOptions& o) {
  const int given = !o.perft.empty() + o.bench + !o.match.sprt.empty();
  if (given != 1) fail("give exactly one of --perft SUITE, --bench and --sprt \"elo0=... elo1=...\"");
  return !o.perft.empty() ? BisectMode::PERFT : o.bench ? BisectMode::BENCH : BisectMode::SPRT;
}

// The match each SPRT step plays, checked once: its engines are placeholders (the good
// commit's binary) until a step sets them.
MatchConfig match_template(BisectOptions& o, const GitCommit& good, const EngineBuilds& builds) {
  const BuiltEngine built = value_or_fail(with_option("--good", builds.binary(good, o.build)));
  o.match.engines = {"dev", "base"};
  o.match.made_engines = {built.as_engine("dev"), built.as_engine("base")};
  return build_config(o.match, TournamentKind::MATCH);
}

BisectSettings settings_of(BisectOptions& o, const GitCommit& good, const GitCommit& bad) {
  BisectSettings s;
  s.mode = mode_of(o);
  s.repo = good.repo;
  s.good_ref = o.good;
  s.bad_ref = o.bad;
  s.good = good.sha;
  s.bad = bad.sha;
  s.build = o.build;
  s.cache = std::filesystem::absolute(o.cache.empty() ? build_cache_beside(o.match.db) : o.cache).lexically_normal().string();
  if (s.mode == BisectMode::PERFT) {
    s.suite = std::filesystem::absolute(o.perft).lexically_normal().string();
    auto suite = value_or_fail(read_perft_suite(o.perft, false));
    if (suite.cases.empty()) fail(o.perft + ": no position to check");
    s.max_depth = o.max_depth;
    s.perft_concurrency = o.perft_concurrency;
    s.perft_timeout_s = o.perft_timeout;
  }
  if (s.mode == BisectMode::BENCH) {
    s.bench = BenchCommand::from_words(o.bench_args, o.nodes_pattern, o.bench_runs);
    s.bench_timeout_s = o.bench_timeout;
  }
  if (s.mode == BisectMode::SPRT) {
    s.match = match_template(o, good, EngineBuilds(s.cache));
    s.retries = o.retries;
  }
  return s;
}

// How this command's line calls a stored setting of a bisect: "--good" for "good_ref".
std::string bisect_flag(const std::string& setting) {
  static const std::map<std::string, std::string> flags = {
      {"good_ref", "--good"}, {"bad_ref", "--bad"}, {"good", "--good"}, {"bad", "--bad"}, {"suite", "--perft"}};
  if (auto it = flags.find(setting); it != flags.end()) return it->second;
  return command_line_spelling(setting);
}

// The latest unfinished bisect of these settings, or 0.
std::int64_t resumable(Database& db, const BisectSettings& s) {
  const std::vector<RunRow> runs = value_or_fail(db.runs());
  for (auto it = runs.rbegin(); it != runs.rend(); ++it) {
    if (it->kind != RunKind::BISECT || it->status == RunStatus::FINISHED) continue;
    auto stored = BisectSettings::from_json(it->config);
    if (stored && s.same_as(*stored)) return it->id;
  }
  return 0;
}

std::string outcome_text(const BisectOutcome& outcome) {
  std::string text;
  if (outcome.candidates.size() == 1)
    text = "First bad commit: " + outcome.candidates.front().sha + " " + outcome.candidates.front().subject + "\n";
  else {
    text = "The first bad commit is one of these (the others could not be tested):\n";
    for (const GitCommit& c : outcome.candidates) text += "  " + c.sha + " " + c.subject + "\n";
  }
  text += "Decided by:\n";
  for (const BisectStepRow& s : outcome.steps)
    text += "  step " + std::to_string(s.step + 1) + " " + s.commit.substr(0, 8) + " " + s.verdict +
            (s.run_id ? " (run " + std::to_string(s.run_id) + ")" : "") + ": " + s.detail.substr(0, s.detail.find('\n')) + "\n";
  return text;
}

// What the step that found the first bad commit printed beyond its first line (perft: the
// wrong counts with the move the divide walk located).
std::string found_detail(const BisectOutcome& outcome) {
  if (outcome.candidates.size() != 1) return "";
  for (auto it = outcome.steps.rbegin(); it != outcome.steps.rend(); ++it)
    if (it->commit == outcome.candidates.front().sha && it->verdict == "bad") {
      const std::size_t at = it->detail.find('\n');
      return at == std::string::npos ? "" : it->detail.substr(at + 1);
    }
  return "";
}

[[noreturn]] void bisect(BisectOptions& o) {
  install_stop_handlers();
  o.build = checked_recipe(o.build);  // once, before the settings and the SPRT template use it
  const GitCommit good = value_or_fail(with_option("--good", resolve_commit(o.repo, o.good)));
  const GitCommit bad = value_or_fail(with_option("--bad", resolve_commit(o.repo, o.bad)));
  auto ancestor =
      run_command("git", {"-C", good.repo, "merge-base", "--is-ancestor", good.sha, bad.sha}, std::chrono::seconds(60));
  if (!ancestor) fail(ancestor.error());
  if (ancestor->exit_code != 0)
    fail("--good " + o.good + " is not an ancestor of --bad " + o.bad + ": the commits between them never held the good state");
  std::vector<GitCommit> commits = value_or_fail(commits_between(good.repo, good, bad));
  if (commits.empty()) fail("--bad " + o.bad + " is not a descendant of --good " + o.good + ": there is nothing to bisect");
  const BisectSettings settings = settings_of(o, good, bad);
  if (SettingProblems problems = settings.validate(); !problems.empty()) fail(problems.describe(bisect_flag));
  auto db = value_or_fail(Database::open(o.match.db));
  std::int64_t id = resumable(*db, settings);
  if (o.match.resume && !id) fail("--resume: no unfinished bisect with these settings in " + o.match.db);
  if (!o.match.resume && id) fail("an unfinished bisect of these settings is run " + std::to_string(id) + ": give --resume");
  if (!id) id = value_or_fail(db->create_run(RunKind::BISECT, settings.to_json()));
  std::cout << "Bisect run " << id << ": " << plural(long(commits.size()), "commit") << " after " << good.short_sha() << " ("
            << good.subject << ") up to " << bad.short_sha() << " (" << bad.subject << "), by " << bisect_mode_name(settings.mode)
            << std::endl;
  Bisector bisector(settings, std::move(commits), good, *db, id);
  const std::unique_ptr<EventStream> events = o.match.events.empty() ? nullptr : value_or_fail(EventStream::open(o.match.events));
  if (events) bisector.events_to(*events);
  auto ran = bisector.run(events && events->path() == "-" ? std::cerr : std::cout);
  if (!ran) {
    (void)db->update_run(id, RunStatus::FAILED, ran.error() + "\n");  // a failure to store this too is already in the message
    fail(ran.error());
  }
  const BisectOutcome& outcome = *ran;
  if (outcome.interrupted) {
    (void)db->update_run(id, RunStatus::STOPPED, "");
    std::cerr << "harness: bisect stopped; 'harness bisect ... --resume' goes on\n";
    std::exit(130);
  }
  const std::string text = outcome_text(outcome);
  std::cout << text << found_detail(outcome);
  value_or_fail(db->update_run(id, RunStatus::FINISHED, text));
  std::exit(0);
}

}  // namespace

void add_bisect_command(CLI::App& app) {
  auto o = std::make_shared<BisectOptions>();
  CLI::App* cmd = app.add_subcommand("bisect", "Find the first commit that breaks perft, changes the bench, or loses Elo");
  cmd->add_option("--repo", o->repo, "The engine's git repository")->required();
  cmd->add_option("--good", o->good, "A commit that is good (a branch, tag or commit)")->required();
  cmd->add_option("--bad", o->bad, "A later commit that is bad")->required();
  add_build_options(cmd, o->build);
  cmd->add_option("--cache", o->cache,
                  "Folder of built engines, by commit and build command (default: builds/ beside the database)");
  cmd->add_option("--perft", o->perft, "Bisect by this perft suite: bad is a wrong count");
  cmd->add_option("--max-depth", o->max_depth, "--perft: check depths up to this one (0: all)");
  cmd->add_option("--perft-concurrency", o->perft_concurrency, "--perft: positions checked at once")->capture_default_str();
  cmd->add_option("--perft-timeout", o->perft_timeout, "--perft: seconds allowed per position and depth")->capture_default_str();
  cmd->add_flag("--bench", o->bench, "Bisect by bench: bad is a node count other than the good commit's");
  cmd->add_option("--bench-args", o->bench_args, "--bench: what runs an engine's bench")->capture_default_str();
  cmd->add_option("--nodes-pattern", o->nodes_pattern, "--bench: regular expression whose first group is the node count");
  add_bench_runs_option(cmd, o->bench_runs);
  cmd->add_option("--bench-timeout", o->bench_timeout, "--bench: seconds a bench may take")->capture_default_str();
  cmd->add_option("--sprt", o->match.sprt,
                  "Bisect by an SPRT of each commit against the good one: \"elo0=-5 elo1=0\"; bad is H0 accepted");
  cmd->add_option("--games", o->match.games, "--sprt: most games of a step")->capture_default_str();
  cmd->add_option("--retries", o->retries, "--sprt: times an undecided step is played again on the next openings")
      ->capture_default_str();
  add_common(cmd, o->match);
  cmd->callback([o] { bisect(*o); });
}

}  // namespace harness
