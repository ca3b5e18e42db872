#include "network/window_reader.h"

#include <utility>

namespace tuner {

WindowReader::WindowReader(SampleStream& stream, std::size_t capacity, WindowStart first)
    : stream_(stream), capacity_(capacity), fill_start_(std::move(first)), requested_(true) {
  current_.reserve(capacity_);
  filling_.reserve(capacity_);
  thread_ = std::thread([this] { read_windows(); });
}

WindowReader::~WindowReader() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_reading_ = true;
  changed_.notify_all();
  thread_.join();
}

void WindowReader::read_windows() {
  for (;;) {
    WindowStart start;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [this] { return requested_ || stopping_; });
      if (stopping_) return;
      requested_ = false;
      start = fill_start_;
    }
    // filling_ is this thread's alone from the request until filled_ is set.
    auto next = stream_.fill_window(start, capacity_, filling_, stop_reading_);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (next)
        fill_next_ = std::move(next).value();
      else
        error_ = next.error();
      filled_ = true;
    }
    changed_.notify_all();
  }
}

chess::Result<bool> WindowReader::advance() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (error_) return chess::Error{*error_};
  changed_.wait(lock, [this] { return filled_; });
  filled_ = false;
  if (error_) return chess::Error{*error_};
  std::swap(current_, filling_);
  current_start_ = std::move(fill_start_);
  current_next_ = fill_next_;
  fill_start_ = fill_next_;
  requested_ = true;
  lock.unlock();
  changed_.notify_all();
  return true;
}

}  // namespace tuner
