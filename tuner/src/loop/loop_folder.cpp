#include "loop/loop_folder.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "core/bounded_read.h"

namespace tuner {

namespace fs = std::filesystem;

namespace {

constexpr const char* MARK = ".loop";

// The mark's first line: the database's absolute path.
std::string mark_database(const std::string& db) {
  std::error_code ec;
  const fs::path path = fs::weakly_canonical(fs::absolute(db), ec);  // the same file by any path to it
  return (ec ? fs::absolute(db).lexically_normal() : path).string();
}

// The mark's text: the database's absolute path, then the run.
std::string mark_text(const std::string& db, std::int64_t run_id) {
  return mark_database(db) + "\n" + std::to_string(run_id) + "\n";
}

// A reservation's second line, in place of the run: the process storing the loop's run.
std::string reservation_line() { return "starting " + std::to_string(::getpid()); }

// The mark's two lines: the database, then the run or a reservation's line.
std::pair<std::string, std::string> mark_lines(const std::string& text) {
  std::istringstream lines(text);
  std::string db, run;
  std::getline(lines, db);
  std::getline(lines, run);
  return {db, run};
}

bool reserved_by_this_process(const fs::path& dir) {
  auto text = chess::read_whole_file((dir / MARK).string(), "loop folder mark", 64 * 1024);
  return text && mark_lines(*text).second == reservation_line();
}

bool is_empty_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir, ec) && fs::is_empty(dir, ec) && !ec;
}

chess::Result<bool> write_mark(const fs::path& dir, const std::string& text) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::ofstream out(dir / MARK, std::ios::binary);
  if (!(out << text << std::flush)) return chess::Error{"--dir " + dir.string() + ": cannot write " + (dir / MARK).string()};
  return true;
}

// Why the mark keeps a new loop out: the folder is a loop run's, or another loop is taking it
// (its mark made, its run not stored yet).
chess::Result<std::string> marked_owner(const fs::path& dir) {
  auto text = chess::read_whole_file((dir / MARK).string(), "loop folder mark", 64 * 1024);
  CHESS_RETURN_IF_ERROR(text);
  const auto [db, run] = mark_lines(*text);
  if (db.empty() || run.rfind("starting ", 0) == 0)
    return "is being taken by another loop" + (run.size() > 9 ? " (process " + run.substr(9) + ")" : std::string()) +
           ": give this loop another folder (a mark left by a loop that was killed as it started: remove " +
           (dir / MARK).string() + ")";
  return "holds the files of loop run " + run + " of " + db + ": give this loop another folder, or resume that one";
}

}  // namespace

chess::Result<bool> check_folder_for_a_new_loop(const fs::path& dir) {
  std::error_code ec;
  const std::string where = "--dir " + dir.string();
  if (fs::exists(dir / MARK, ec)) {
    auto owner = marked_owner(dir);
    CHESS_RETURN_IF_ERROR(owner);
    return chess::Error{where + ": " + *owner};
  }
  if (fs::exists(dir, ec) && !is_empty_folder(dir))
    return chess::Error{where + ": is not empty and not a loop's folder: the generations' files would mix with what it holds"};
  return true;
}

chess::Result<bool> claim_loop_folder(const fs::path& dir, const std::string& db, std::int64_t run_id, bool resumed) {
  const std::string mine = mark_text(db, run_id);
  std::error_code ec;
  if (fs::exists(dir / MARK, ec)) {
    auto text = chess::read_whole_file((dir / MARK).string(), "loop folder mark", 64 * 1024);
    CHESS_RETURN_IF_ERROR(text);
    if (*text == mine) return true;
    if (mark_lines(*text).second == reservation_line()) return write_mark(dir, mine);  // reserved by this process
    return check_folder_for_a_new_loop(dir);  // another loop's: refused, naming it
  }
  if (resumed) {
    if (fs::is_directory(dir / "gen1", ec)) return write_mark(dir, mine);  // a folder of a loop before marks
    return chess::Error{"--dir " + dir.string() + ": loop run " + std::to_string(run_id) +
                        " has stored steps but its files are not in this folder: resume with the --dir it started with"};
  }
  CHESS_RETURN_IF_ERROR(check_folder_for_a_new_loop(dir));
  return write_mark(dir, mine);
}

chess::Result<bool> reserve_loop_folder(const fs::path& dir, const std::string& db) {
  CHESS_RETURN_IF_ERROR(check_folder_for_a_new_loop(dir));
  const std::string where = "--dir " + dir.string();
  std::error_code ec;
  const bool made = fs::create_directories(dir, ec);
  if (ec) return chess::Error{where + ": cannot make the folder (" + ec.message() + ")"};
  // O_EXCL: of two loops that both found the folder free, one creates the mark.
  const int fd = ::open((dir / MARK).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int error = errno;
    if (error == EEXIST) CHESS_RETURN_IF_ERROR(check_folder_for_a_new_loop(dir));  // another loop took it first
    return chess::Error{where + ": cannot write " + (dir / MARK).string() + " (" + std::strerror(error) + ")"};
  }
  const std::string text = mark_database(db) + "\n" + reservation_line() + "\n";
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool closed = ::close(fd) == 0;
  if (written && closed) return made;
  release_loop_folder(dir, made);
  return chess::Error{where + ": cannot write " + (dir / MARK).string()};
}

void release_loop_folder(const fs::path& dir, bool made) {
  std::error_code ec;
  if (reserved_by_this_process(dir)) fs::remove(dir / MARK, ec);
  if (made && is_empty_folder(dir)) fs::remove(dir, ec);
}

}  // namespace tuner
