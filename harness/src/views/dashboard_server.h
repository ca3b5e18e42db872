// The live dashboard (harness serve): an HTTP server over one database, opened read-only on
// every request so that it keeps answering while a match writes to the same file. Pages: the
// list of runs (/), a run's report page (/run/N) that fetches /api/run/N again every two
// seconds and redraws when a game came in, and the JSON itself. Boost.Beast, asynchronous:
// every connection has its own read and write deadlines, so a slow or idle client holds only
// its own socket; answers are made on a few threads; bound to 127.0.0.1 unless told otherwise.
// A stop request (SIGINT, SIGTERM) abandons whatever is being made or read, a large run's page
// or a wait for another process's lock, so the server ends within a second.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace harness {

struct ServeSettings {
  std::string db_path;
  std::string bind = "127.0.0.1";
  int port = 8080;  // 0: any free port
};

// Serves until a stop request (SIGINT, SIGTERM). `ready` gets the port it listens on.
chess::Result<bool> serve_dashboard(const ServeSettings& settings, const std::function<void(int port)>& ready);

// What a request for `target` gets: status, content type and body (the routes above).
struct HttpAnswer {
  int status = 200;
  std::string content_type, body;
};
HttpAnswer dashboard_answer(const std::string& db_path, const std::string& target);

// The bytes the server writes back for the request `raw` (read as a connection reads one, with
// the same limits), or "" when `raw` is not one whole request (the server would wait for
// more, or close the connection).
std::string answer_raw_request(const std::string& db_path, std::string_view raw);

}  // namespace harness
