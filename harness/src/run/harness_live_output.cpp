#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <ostream>

#include "process/executable_path.h"
#include "run/live_output.h"
#include "settings/key_values.h"

namespace harness {

std::string clock_text(double seconds) {
  long s = long(seconds);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  return buf;
}

bool on_terminal() { return isatty(STDOUT_FILENO); }

std::string resume_command(std::int64_t run_id, const std::string& db_path) {
  const std::string command = "harness resume " + std::to_string(run_id);
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::weakly_canonical(db_path, ec) == fs::weakly_canonical(default_database(), ec)) return command;
  return command + " --db " + quoted_word(db_path);
}

void HarnessLiveOutput::resuming(std::ostream& out, std::int64_t run_id, int done, int total) {
  out << "Resuming run " << run_id << ": " << done << " of " << total << " games already played\n";
}

void HarnessLiveOutput::game_stored(std::ostream& out, const GameRecord& g, const RunTally& tally, const RunProgress& p) {
  const double remaining = p.elapsed_seconds / p.played_this_session * double(p.total - p.done);
  std::string progress = tally.progress(p.total);
  progress += "  elapsed " + clock_text(p.elapsed_seconds) + " remaining " + clock_text(remaining);
  const std::string line = "Game " + std::to_string(g.game_index + 1) + " " + g.white + " vs " + g.black + ": " +
                           std::string(chess::result_string(g.result)) + " (" + g.reason + ")";
  if (on_terminal())
    out << "\r\033[K" << progress << std::flush;
  else
    out << line << " | " << progress << "\n" << std::flush;
}

void HarnessLiveOutput::game_unplayed(std::ostream& out, const std::string& resume, int game_index, const std::string& why) {
  out << "Game " << game_index + 1 << " was not played: " << why << (resume.empty() ? "" : " (" + resume + " plays it)") << "\n"
      << std::flush;
}

void HarnessLiveOutput::stopping(std::ostream& out, StopRequest level) {
  if (on_terminal()) out << "\n";
  if (level == StopRequest::FINISH_GAMES)
    out << "Stopping: finishing the games in progress (interrupt again to stop at once and discard them)" << std::endl;
  else
    out << "Stopping at once: the games in progress are discarded" << std::endl;
}

void HarnessLiveOutput::ended(std::ostream& out, const RunTally&, const RunEnding& e) {
  if (on_terminal()) out << "\n";
  out << e.summary;
  switch (e.kind) {
    case RunEnding::INCOMPLETE:
      out << e.unplayed << (e.resume.empty() ? "" : ". Resume with: " + e.resume) << std::endl;
      break;
    case RunEnding::INTERRUPTED:
      out << "Interrupted: run " << e.run_id << " stopped with " << e.done << " of " << e.total << " games stored";
      if (e.discarded) out << " (" << e.discarded << " unfinished discarded)";
      out << (e.resume.empty() ? "." : ". Resume with: " + e.resume) << std::endl;
      break;
    case RunEnding::FINISHED: out << e.cpu_line << std::flush; break;
  }
}

}  // namespace harness
