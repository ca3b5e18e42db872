// The dashboard's request reader: any bytes a client sends get a whole HTTP response (a page,
// 404, 405, 500) or none (an incomplete or malformed request, on which the server closes),
// never a crash. The routes read a small database made once.
#include <filesystem>

#include "fuzz_input.h"
#include "views/dashboard_server.h"
#include "storage/database.h"

namespace {

const std::string& database() {
  static const std::string path = [] {
    const std::string p = fuzz::as_file("", "-dashboard.sqlite");
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(p + suffix);
    auto db = harness::Database::open(p).value();
    (void)db->create_run(harness::RunKind::PERFT, R"({"suite": "s.epd", "engine": "e"})");
    return p;
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string answer = harness::answer_raw_request(database(), fuzz::text(data, size));
  if (answer.empty()) return 0;
  FUZZ_CHECK(answer.rfind("HTTP/1.", 0) == 0);
  FUZZ_CHECK(answer.find("\r\n\r\n") != std::string::npos);
  return 0;
}
