#include "storage/database.h"

#include <filesystem>

namespace harness {

chess::Result<std::unique_ptr<Database>> Database::with(chess::Result<std::unique_ptr<Connection>> opened) {
  CHESS_RETURN_IF_ERROR(opened);
  return std::unique_ptr<Database>(new Database(std::move(opened).value()));
}

chess::Result<std::unique_ptr<Database>> Database::open(const std::string& path) {
  return with(Connection::open(path, Connection::Mode::CREATE));
}

chess::Result<std::unique_ptr<Database>> Database::open_existing(const std::string& path) {
  return with(Connection::open(path, Connection::Mode::EXISTING));
}

chess::Result<std::unique_ptr<Database>> Database::open_readonly(const std::string& path, std::function<bool()> give_up) {
  return with(Connection::open(path, Connection::Mode::READ_ONLY, std::move(give_up)));
}

void Database::remove_files(const std::string& path) {
  std::error_code ignored;  // a file that is not there is already what is wanted
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix, ignored);
}

}  // namespace harness
