// StopRequest: how a Ctrl-C (SIGINT), SIGTERM or SIGHUP asks a run to end. The first signal asks the run
// to finish the games in progress, store them and stop; the second to stop at once, discarding
// the unfinished games. Engines run in process groups of their own, so the signals reach the
// harness (or tuner) only, and never decide a game.
#pragma once

namespace harness {

enum class StopRequest { NONE = 0, FINISH_GAMES = 1, ABORT = 2 };

// Installs the handlers for SIGINT, SIGTERM and SIGHUP (also when the process was started with
// them ignored, as a shell does for background jobs) and Ctrl-Z's (terminal_pause.h), and
// ignores the output signals.
void install_stop_handlers();
// Ignores SIGPIPE and SIGXFSZ, so that a closed output or a file-size limit is an error the
// writer reports, not a kill: every program's first step.
void ignore_output_signals();
StopRequest stop_requested();
// From now on the first signal stops at once (discarding the games in progress), as fastchess
// and cutechess-cli do; their clients send one interrupt and expect a prompt end.
void stop_at_once_on_first_signal();
// Raises the request as a signal would (tests, and callers that stop a run themselves).
void request_stop(StopRequest level);
void clear_stop_request();
// A descriptor that becomes readable once a stop at once (ABORT) is requested, and stays so
// until clear_stop_request: a wait on an engine includes it, so nothing polls for the stop.
int abort_wake_fd();
// The same for any request, the first Ctrl-C's included: for waits that may last an hour.
int stop_wake_fd();

}  // namespace harness
