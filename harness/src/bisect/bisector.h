// Bisector: plays a bisect's steps until one commit is left. Each step builds its commit (from
// the cache when it was built before), tests it as the settings say (perft suite, bench count
// against the good commit's, or an SPRT against the good commit), stores the run that decided
// it and the verdict, and narrows the search. Before the first step both ends are built and
// the good commit tested (its suite, its bench); a bisect in which no step could test a commit
// has no answer and says so. A stored bisect is replayed first; a step that
// was being played when it stopped is played again, an SPRT step by continuing its run.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

#include "bisect/bisect_search.h"
#include "bisect/bisect_settings.h"
#include "builds/engine_build.h"
#include "events/event_stream.h"
#include "stats/sprt.h"
#include "stats/tally.h"
#include "storage/database.h"

namespace harness {

struct BisectOutcome {
  bool interrupted = false;
  // The first bad commit; several when commits that could not be tested lie before it.
  std::vector<GitCommit> candidates;
  std::vector<BisectStepRow> steps;
};

class Bisector {
 public:
  // `commits` run from the one after the good commit to the bad one, oldest first.
  Bisector(BisectSettings settings, std::vector<GitCommit> commits, GitCommit good, Database& db, std::int64_t bisect_run);
  chess::Result<BisectOutcome> run(std::ostream& out);
  // Each SPRT step's match also tells `stream` (which must outlive the bisector) its events.
  void events_to(EventStream& stream) { events_ = &stream; }

 private:
  struct Verdict {
    std::string verdict;  // good, bad, skipped, undecided; "" when it was interrupted
    std::int64_t run_id = 0;
    std::string detail;
    std::string by_elo = "";  // an undecided SPRT step: what the side of its Elo estimate says
  };
  chess::Result<std::int64_t> replay(std::ostream& out);
  chess::Result<bool> check_ends(std::ostream& out);
  chess::Result<bool> check_good(const BuiltEngine& built, std::ostream& out);
  chess::Result<bool> check_tested() const;
  chess::Result<bool> check_bad(std::ostream& out);
  chess::Result<bool> passes_too() const;
  chess::Result<Verdict> test(int index, std::int64_t resume_run, std::ostream& out);
  chess::Result<Verdict> perft_step(const BuiltEngine& built, std::ostream& out);
  chess::Result<Verdict> bench_step(const BuiltEngine& built);
  chess::Result<Verdict> sprt_step(const BuiltEngine& built, std::int64_t resume_run, std::ostream& out);
  chess::Result<Verdict> sprt_attempt(const MatchConfig& config, std::int64_t run_id, std::ostream& out);
  // The SPRT (and, undecided, the Elo's side) on the games of every run given, counted together.
  chess::Result<Verdict> pooled_verdict(const MatchConfig& config, const std::vector<std::int64_t>& runs);
  // What a tally says: "good", "bad", or "undecided" with the side its Elo is on.
  static Verdict verdict_of(const Tally& t, const SprtConfig& sprt, std::int64_t run_id, const std::string& games);
  chess::Result<bool> save(const GitCommit& commit, const Verdict& v);
  int shown_step() const;
  void mark(int index, const std::string& verdict);
  int index_of(const std::string& sha) const;
  chess::Result<std::uint64_t> good_bench();

  BisectSettings settings_;
  std::vector<GitCommit> commits_;
  GitCommit good_;
  Database& db_;
  EventStream* events_ = nullptr;
  std::int64_t bisect_run_;
  EngineBuilds builds_;
  BisectSearch search_;
  std::vector<BisectStepRow> steps_;
  std::optional<std::uint64_t> good_bench_;
};

}  // namespace harness
