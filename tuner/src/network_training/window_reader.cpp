#include "network_training/window_reader.h"

#include <exception>
#include <new>
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

chess::Result<WindowStart> WindowReader::fill(const WindowStart& start) {
  const std::string what = "reading the data's next window: ";
  try {
    return stream_.fill_window(start, capacity_, filling_, stop_reading_);
  } catch (const std::bad_alloc&) {
    filling_.clear();
    return chess::Error{what + "out of memory (give a smaller 'buffer_mib')"};
  } catch (const std::exception& e) {
    filling_.clear();
    return chess::Error{what + e.what()};
  } catch (...) {
    filling_.clear();
    return chess::Error{what + "an unknown exception"};
  }
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
    auto next = fill(start);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      filled_ = true;  // first: whatever follows, the waiting side wakes
      if (next)
        fill_next_ = std::move(next).value();
      else
        error_ = next.error();
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
