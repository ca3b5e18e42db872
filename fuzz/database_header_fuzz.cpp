// A database file is input: a shard copied from another host, a file damaged on disk. The input
// overwrites the start of a real, empty database (its 100-byte header first: the schema
// version, page size and counts), and every way the harness opens a database must refuse it as
// a value or open it, never crash or run SQL the file chose.
#include <filesystem>
#include <fstream>
#include <iterator>

#include "fuzz_input.h"
#include "storage/database.h"

namespace {

// A database the harness made, as bytes: made once.
const std::string& template_database() {
  static const std::string bytes = [] {
    const std::string path = fuzz::as_file("", ".template.sqlite");
    std::filesystem::remove(path);
    { auto db = harness::Database::open(path); }
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string file = template_database();
  for (std::size_t i = 0; i < size && i < file.size(); ++i) file[i] = char(data[i]);
  const std::string path = fuzz::as_file(file, ".sqlite");
  for (const char* suffix : {"-wal", "-shm"}) std::filesystem::remove(path + suffix);
  if (auto db = harness::Database::open_readonly(path)) (void)(*db)->runs();
  if (auto db = harness::Database::open_existing(path)) (void)(*db)->runs();
  return 0;
}
