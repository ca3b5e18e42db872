#include "loop/loop_folder.h"

#include <fstream>
#include <sstream>

#include "core/bounded_read.h"

namespace tuner {

namespace fs = std::filesystem;

namespace {

constexpr const char* MARK = ".loop";

// The mark's text: the database's absolute path, then the run.
std::string mark_text(const std::string& db, std::int64_t run_id) {
  std::error_code ec;
  const fs::path path = fs::weakly_canonical(fs::absolute(db), ec);  // the same file by any path to it
  return (ec ? fs::absolute(db).lexically_normal() : path).string() + "\n" + std::to_string(run_id) + "\n";
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

// What the mark says: "loop run RUN of DB".
chess::Result<std::string> marked_owner(const fs::path& dir) {
  auto text = chess::read_whole_file((dir / MARK).string(), "loop folder mark", 64 * 1024);
  CHESS_RETURN_IF_ERROR(text);
  std::istringstream lines(*text);
  std::string db, run;
  std::getline(lines, db);
  std::getline(lines, run);
  return "loop run " + run + " of " + db;
}

}  // namespace

chess::Result<bool> check_folder_for_a_new_loop(const fs::path& dir) {
  std::error_code ec;
  const std::string where = "--dir " + dir.string();
  if (fs::exists(dir / MARK, ec)) {
    auto owner = marked_owner(dir);
    CHESS_RETURN_IF_ERROR(owner);
    return chess::Error{where + ": holds the files of " + *owner + ": give this loop another folder, or resume that one"};
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

}  // namespace tuner
