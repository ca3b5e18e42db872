// EventStream's wait for its reader: a reader that takes nothing is given up after the stream's
// patience, or within STOP_PATIENCE of a stop request, with one message; nothing blocks.
#include "events/event_stream.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "process/stop_request.h"

namespace {

using namespace std::chrono_literals;

// A FIFO whose read end is open and never read, its buffer cut to one page.
struct UnreadFifo {
  std::string path;
  int reader = -1;
  explicit UnreadFifo(const std::string& name) : path(::testing::TempDir() + name) {
    std::filesystem::remove(path);
    if (::mkfifo(path.c_str(), 0600) == 0) reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);
    if (reader >= 0) (void)::fcntl(reader, F_SETPIPE_SZ, 4096);
  }
  ~UnreadFifo() {
    if (reader >= 0) ::close(reader);
    std::filesystem::remove(path);
  }
};

// Writes events of about 500 bytes until one is not written: how many were.
int write_until_given_up(harness::EventStream& stream) {
  int written = 0;
  while (written < 10000 && stream.write(harness::EventKind::WARNING, {{"pad", std::string(500, 'x')}})) ++written;
  return written;
}

TEST(EventStream, AReaderThatTakesNothingIsGivenUpAfterThePatience) {
  UnreadFifo fifo("event_stream_patience.fifo");
  ASSERT_GE(fifo.reader, 0);
  auto stream = harness::EventStream::open(fifo.path, 300ms);
  ASSERT_TRUE(stream) << stream.error();
  ::testing::internal::CaptureStderr();
  const auto began = std::chrono::steady_clock::now();
  const int written = write_until_given_up(**stream);
  const auto took = std::chrono::steady_clock::now() - began;
  EXPECT_FALSE((*stream)->write(harness::EventKind::WARNING, {{"after", true}}));  // given up: no second wait, no message
  const std::string message = ::testing::internal::GetCapturedStderr();
  EXPECT_GT(written, 0);
  EXPECT_GE(took, 300ms);
  EXPECT_LT(took, 5s);
  const std::string gone = "harness: --events " + fifo.path + ": its reader took nothing for 300 ms; the run goes on without its events";
  EXPECT_EQ(message.find(gone), 0u) << message;
  EXPECT_EQ(message.find("harness:", 1), std::string::npos) << message;
}

TEST(EventStream, AStopRequestGivesUpAReaderThatTakesNothingWithinSeconds) {
  UnreadFifo fifo("event_stream_stop.fifo");
  ASSERT_GE(fifo.reader, 0);
  auto stream = harness::EventStream::open(fifo.path);  // the run's patience: a minute
  ASSERT_TRUE(stream) << stream.error();
  std::thread stopper([] {
    std::this_thread::sleep_for(300ms);
    harness::request_stop(harness::StopRequest::FINISH_GAMES);
  });
  ::testing::internal::CaptureStderr();
  const auto began = std::chrono::steady_clock::now();
  const int written = write_until_given_up(**stream);
  const auto took = std::chrono::steady_clock::now() - began;
  const std::string message = ::testing::internal::GetCapturedStderr();
  stopper.join();
  harness::clear_stop_request();
  EXPECT_GT(written, 0);
  EXPECT_LT(took, harness::EventStream::STOP_PATIENCE + 3s);
  EXPECT_NE(message.find(": its reader was taking nothing when the run was asked to stop; "), std::string::npos) << message;
}

}  // namespace
