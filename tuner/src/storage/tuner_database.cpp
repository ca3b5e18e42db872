#include "storage/tuner_database.h"

#include "storage/tuner_migrations.h"

namespace tuner {

chess::Result<std::unique_ptr<TunerDatabase>> TunerDatabase::with(chess::Result<std::unique_ptr<harness::Connection>> opened) {
  CHESS_RETURN_IF_ERROR(opened);
  CHESS_RETURN_IF_ERROR(migrate_tuner_tables(**opened));
  return std::unique_ptr<TunerDatabase>(new TunerDatabase(std::move(opened).value()));
}

chess::Result<std::unique_ptr<TunerDatabase>> TunerDatabase::open(const std::string& path) {
  return with(harness::Connection::open(path, harness::Connection::Mode::CREATE));
}

chess::Result<std::unique_ptr<TunerDatabase>> TunerDatabase::open_existing(const std::string& path) {
  return with(harness::Connection::open(path, harness::Connection::Mode::EXISTING));
}

chess::Result<std::unique_ptr<TunerDatabase>> TunerDatabase::open_readonly(const std::string& path) {
  auto opened = harness::Connection::open(path, harness::Connection::Mode::READ_ONLY);
  CHESS_RETURN_IF_ERROR(opened);
  return std::unique_ptr<TunerDatabase>(new TunerDatabase(std::move(opened).value()));
}

}  // namespace tuner
