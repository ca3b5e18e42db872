// Ctrl-Z at the terminal (SIGTSTP) pauses a run, engines and clocks alike. Each engine runs in a
// process group of its own, so the terminal's stop reaches the harness only: its handler stops
// every engine's group with it, stops the harness, and on SIGCONT continues them and counts the
// time spent stopped, which the clocks give back (paused_so_far).
#pragma once

#include <sys/types.h>

#include <chrono>

namespace harness {

// Installed with the stop handlers (install_stop_handlers).
void install_pause_handler();
// The time spent stopped by Ctrl-Z since the program started: a duration measured across a
// pause subtracts the growth of this.
std::chrono::nanoseconds paused_so_far();
// The process groups stopped and continued with the harness: ChildProcess adds each child's
// group when it starts and removes it when the child is reaped. Up to MAX_PAUSED_GROUPS at once
// (a group beyond them is not paused, and its clock is still given the pause back).
inline constexpr int MAX_PAUSED_GROUPS = 4096;
void add_paused_group(pid_t group);
void remove_paused_group(pid_t group);

}  // namespace harness
