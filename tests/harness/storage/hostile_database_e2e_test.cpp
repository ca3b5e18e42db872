// A database file is input like any other: its header chooses nothing the harness runs, its path
// is a file's name (never an SQLite URI), and a folder that cannot be written is named as the cause.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>

#include "storage/migrations.h"
#include "support/harness_cli.h"

namespace {

// A database whose header says `version`, with nothing else in it.
void write_header_version(const std::string& path, long long version) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw, ("PRAGMA user_version = " + std::to_string(version)).c_str(), nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
}

long long header_version(const std::string& path) {
  sqlite3* raw = nullptr;
  sqlite3_open(path.c_str(), &raw);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &s, nullptr);
  sqlite3_step(s);
  const long long v = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  sqlite3_close(raw);
  return v;
}

// A negative version once indexed the table of migrations below its start: -2147483648 crashed
// every command, -25 ran a string of the binary's as SQL.
TEST(HostileDatabase, ASchemaVersionOutsideTheKnownRangeIsRefusedBeforeAnythingRuns) {
  const std::string high = std::to_string(harness::schema_target() + 1);
  for (const std::string& version : {std::string("-2147483648"), std::string("-25"), std::string("-1"), high}) {
    const std::string db = temp_db("schema_" + version);
    write_header_version(db, std::stoll(version));
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"runs", "--db", db},
          match_args(db, mock("a", "random"), mock("b", "random"), 2)}) {
      HarnessRun r = run_harness(args);
      EXPECT_EQ(r.exit_code, 2) << args[0] << " " << version << ": " << r.out;
      EXPECT_NE(r.out.find(db + ": database schema version " + version), std::string::npos) << r.out;
      EXPECT_EQ(r.out.find("syntax error"), std::string::npos) << r.out;
    }
    EXPECT_EQ(header_version(db), std::stoll(version)) << "the refused database is left as it was";
  }
}

// "file:NAME?mode=memory" is a file's name: the games are stored in that file, not in memory.
TEST(HostileDatabase, APathThatLooksLikeAnSqliteUriIsAFilesName) {
  const std::string dir = std::filesystem::path(temp_db("uri")).parent_path().string();
  const std::string name = "file:uri.sqlite?mode=memory";
  auto p = harness::ChildProcess::start({HARNESS_PATH, match_args(name, mock("a", "random"), mock("b", "random"), 2), dir,
                                         dir + "/stderr.txt"});
  ASSERT_TRUE(p) << p.error();
  std::string line, out;
  while ((*p)->read_line(line, std::chrono::steady_clock::now() + 120s) == harness::ReadStatus::LINE) out += line + "\n";
  EXPECT_EQ((*p)->stop(5000ms), 0) << out;
  ASSERT_TRUE(std::filesystem::is_regular_file(dir + "/" + name)) << out;
  EXPECT_EQ(games_in(dir + "/" + name).size(), 2u) << "both games are in the file";
}

// Root writes into a folder whatever its mode, so the folder is made read-only by its mount.
TEST(HostileDatabase, AFolderThatCannotBeWrittenIsNamedAsTheCause) {
  const std::string dir = std::filesystem::path(temp_db("readonly_folder")).parent_path().string() + "/mounted";
  std::filesystem::create_directories(dir);
  if (::mount("tmpfs", dir.c_str(), "tmpfs", 0, "size=4m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno) << "): the test needs root";
  const std::string db = dir + "/results.sqlite";
  write_header_version(db, 0);
  ASSERT_EQ(::mount("tmpfs", dir.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, "size=4m"), 0) << std::strerror(errno);
  HarnessRun r = run_harness(match_args(db, mock("a", "random"), mock("b", "random"), 2));
  ::umount2(dir.c_str(), MNT_DETACH);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find(db + ": the folder " + dir + " is not writable"), std::string::npos) << r.out;
}

}  // namespace
