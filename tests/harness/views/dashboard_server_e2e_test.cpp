// The dashboard under idle and slow clients: 200 sockets that sent half a request each hold
// only themselves. Another client is answered within a second while they are open, the
// server's memory stays small, and SIGTERM ends it within a second. (Before, one socket that
// sent "GET / HTTP/1.1\r\n" and nothing more froze every other client and SIGTERM with it.)
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <thread>

#include "support/harness_cli.h"

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// A connected socket to 127.0.0.1:port, or -1.
int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd < 0 || ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    if (fd >= 0) ::close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, const std::string& text) {
  return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == ssize_t(text.size());
}

// What the server sends until it closes, waiting no longer than `deadline`.
std::string answer_by(int fd, Clock::time_point deadline) {
  std::string out;
  char buffer[4096];
  while (Clock::now() < deadline) {
    pollfd pfd{fd, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (::poll(&pfd, 1, int(std::max<long long>(left, 1))) <= 0) continue;
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) break;
    out.append(buffer, std::size_t(n));
  }
  return out;
}

long resident_kib(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long value = 0;
  while (status >> key)
    if (key == "VmRSS:" && status >> value) return value;
  return -1;
}

TEST(DashboardServer, IdleAndSlowClientsHoldOnlyTheirOwnSockets) {
  const std::string db = temp_db("dashboard_slow_clients");
  HarnessRun played = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2",
                                   "--nodes", "100", "--maxmoves", "20", "--db", db});
  ASSERT_EQ(played.exit_code, 0) << played.out;
  auto server = start_harness({"serve", "--db", db, "--port", "0"}, ::testing::TempDir() + "serve-slow.err");
  std::string line;
  ASSERT_EQ(server->read_line(line, 60s), harness::ReadStatus::LINE);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(line, m, std::regex("http://127\\.0\\.0\\.1:(\\d+)/"))) << line;
  const int port = std::stoi(m[1].str());
  const long memory_before = resident_kib(server->pid());

  std::vector<int> slow;
  for (int i = 0; i < 200; ++i) {
    const int fd = connect_to(port);
    ASSERT_GE(fd, 0) << "connection " << i;
    // Half a request: the request line, never the blank line that ends the head.
    ASSERT_TRUE(send_all(fd, "GET / HTTP/1.1\r\n")) << i;
    slow.push_back(fd);
  }
  for (int round = 0; round < 3; ++round) {
    const int fd = connect_to(port);
    ASSERT_GE(fd, 0);
    const auto asked = Clock::now();
    ASSERT_TRUE(send_all(fd, "GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
    const std::string answer = answer_by(fd, asked + 1s);
    ::close(fd);
    EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << "no answer within a second beside 200 slow sockets: '" << answer << "'";
    EXPECT_NE(answer.find("\"id\":1"), std::string::npos) << answer;
  }
  const long memory_during = resident_kib(server->pid());
  EXPECT_LT(memory_during - memory_before, 32 * 1024)
      << "KiB before " << memory_before << ", with the slow sockets " << memory_during;

  ::kill(server->pid(), SIGTERM);
  EXPECT_EQ(server->stop(1000ms), 0) << "the server did not end within a second of SIGTERM with 200 sockets open";
  for (int fd : slow) ::close(fd);
}

// SIGTERM while the server waits for another process's lock: a shard's database is in
// rollback-journal mode, where a writer holds readers off. The refresher's read and a client's
// request both wait for the lock; SIGTERM ends the server at once all the same (before, it
// waited out the reader's 5 s).
TEST(DashboardServer, StopsAtOnceWhileWaitingForAnotherProcesssLock) {
  const std::string db = temp_db("dashboard_locked");
  HarnessRun played = run_harness({"match", "--engine", mock("a", "random"), "--engine", mock("b", "random"), "--games", "2",
                                   "--nodes", "100", "--maxmoves", "20", "--db", db});
  ASSERT_EQ(played.exit_code, 0) << played.out;
  sqlite3* writer = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &writer), SQLITE_OK);
  sqlite3_busy_timeout(writer, 5000);
  ASSERT_EQ(sqlite3_exec(writer, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(writer);
  auto server = start_harness({"serve", "--db", db, "--port", "0"}, ::testing::TempDir() + "serve-locked.err");
  std::string line;
  ASSERT_EQ(server->read_line(line, 60s), harness::ReadStatus::LINE);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(line, m, std::regex("http://127\\.0\\.0\\.1:(\\d+)/"))) << line;
  const int port = std::stoi(m[1].str());

  ASSERT_EQ(sqlite3_exec(writer, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(writer);
  const int client = connect_to(port);
  ASSERT_GE(client, 0);
  ASSERT_TRUE(send_all(client, "GET /api/runs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  std::this_thread::sleep_for(1500ms);  // the refresher wakes every second: it is waiting now
  ::kill(server->pid(), SIGTERM);
  // It ends in about 150 ms; 2 s leaves room for a loaded machine and is far from the 5 s wait.
  EXPECT_EQ(server->stop(2000ms), 0) << "the server did not end within 2 s of SIGTERM while waiting for a lock";
  ::close(client);
  sqlite3_exec(writer, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(writer);
}

}  // namespace
