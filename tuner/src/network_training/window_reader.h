// The windows of a SampleStream read on a thread of their own: while the trainer trains on one
// window, the next is read into a second buffer, so memory holds two windows and never more
// (each half the shuffle buffer, 'buffer_mib'). An error of the reading (naming the file, the
// record and its byte, or an exception thrown inside it) comes back from advance() as a value;
// the destructor stops a reading under way and joins the thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"
#include "network_training/sample_stream.h"

namespace tuner {

class WindowReader {
 public:
  // Begins reading the window at `first` from `stream`, which the reader uses alone until it is
  // destroyed; windows of `capacity` samples.
  WindowReader(SampleStream& stream, std::size_t capacity, WindowStart first);
  ~WindowReader();
  WindowReader(const WindowReader&) = delete;
  WindowReader& operator=(const WindowReader&) = delete;

  // Waits for the window being read and makes it the current one, then begins reading the one
  // after it. After an error every call returns it again.
  chess::Result<bool> advance();
  const std::vector<TrainingSample>& samples() const { return current_; }
  const WindowStart& start() const { return current_start_; }  // where the current window began
  const WindowStart& next() const { return current_next_; }    // where the one after it begins
  // The samples the two buffers are made for (each reserved at construction): 2 x capacity. Not
  // their capacity(): one of them belongs to the reading thread.
  std::size_t held_capacity() const { return 2 * capacity_; }

 private:
  void read_windows();
  // The window at `start` read into filling_; an exception (out of memory, a failing stream)
  // comes back as an error, as a damaged record does, never out of the thread.
  chess::Result<WindowStart> fill(const WindowStart& start);

  SampleStream& stream_;
  const std::size_t capacity_;
  std::vector<TrainingSample> current_, filling_;
  WindowStart current_start_, current_next_;
  // Shared with the reading thread, under mutex_: what to read next, and what the reading gave.
  std::mutex mutex_;
  std::condition_variable changed_;
  WindowStart fill_start_, fill_next_;
  bool requested_ = false, filled_ = false, stopping_ = false;
  std::optional<std::string> error_;
  std::atomic<bool> stop_reading_{false};
  std::thread thread_;  // last: it starts once everything it reads is constructed
};

}  // namespace tuner
