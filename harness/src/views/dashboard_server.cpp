#include "dashboard_server.h"

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "html_page.h"
#include "process/stop_request.h"
#include "run_list.h"
#include "run_report.h"
#include "storage/database.h"
#include "test_list.h"

namespace harness {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

namespace {

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return out;
}

HttpAnswer not_found(const std::string& why) {
  return {404, "text/html; charset=utf-8",
          "<!doctype html><title>Not found</title><p>" + escaped(why) + "</p><p><a href=\"/\">runs</a></p>"};
}

// The report JSON of a run and its page, kept while the run's game count and status are
// unchanged: a page that polls a finished or idle run costs one query. Shared, not copied: a
// large run's page is megabytes.
struct CachedReport {
  std::string key, json, page;
  std::chrono::steady_clock::time_point made_at;
  std::chrono::steady_clock::duration making_time{};
};
using SharedReport = std::shared_ptr<const CachedReport>;
std::mutex cache_mutex;
std::map<std::pair<std::string, std::int64_t>, SharedReport> cache;

SharedReport cached(const std::string& db_path, std::int64_t run_id) {
  std::lock_guard<std::mutex> lock(cache_mutex);
  auto it = cache.find({db_path, run_id});
  return it == cache.end() ? nullptr : it->second;
}

// A playing run's page is remade at most every second, and never sooner than twice the time
// its last making took after it: a large run's page (seconds to make) leaves the server most of
// its time for answering, and the machine for the games being played.
bool too_soon_to_remake(const CachedReport& entry) {
  const auto wait = std::max<std::chrono::steady_clock::duration>(std::chrono::seconds(1), 2 * entry.making_time);
  return std::chrono::steady_clock::now() - entry.made_at < wait;
}

// Whatever is being made is abandoned, its reads included, once a stop was requested.
bool stopping() { return stop_requested() != StopRequest::NONE; }

// The database as every answer reads it: read-only, its reads abandoned when the server stops.
chess::Result<std::unique_ptr<Database>> reader(const std::string& db_path) { return Database::open_readonly(db_path, stopping); }

// A request (`fresh` false) gets the run's page as the refresher last made it; only a run
// never made before is made while the browser waits. The refresher (`fresh` true) makes it
// again when the run's games or status changed (and its last making is not too recent).
// The server's boundary: whatever a page's making throws (nlohmann's dump of an odd document,
// a file changing under a reader) is an answer the next request retries, never the server's end.
chess::Result<SharedReport> cached_report(const std::string& db_path, std::int64_t run_id, bool fresh) try {
  SharedReport before = cached(db_path, run_id);
  if (before && (!fresh || too_soon_to_remake(*before))) return before;
  const auto began = std::chrono::steady_clock::now();
  auto db = reader(db_path);
  CHESS_RETURN_IF_ERROR(db);
  auto run = (*db)->run(run_id);
  CHESS_RETURN_IF_ERROR(run);
  if (!*run) return chess::Error{"no run " + std::to_string(run_id) + " in " + db_path};
  auto rows = (*db)->stored_rows(run_id);
  CHESS_RETURN_IF_ERROR(rows);
  const std::string key = (*run)->status_text() + "/" + std::to_string(*rows);
  if (before && before->key == key) return before;
  // Without the games' moves: the page fetches a game's when it is replayed.
  auto report = run_report(**db, {run_id}, false, stopping);
  CHESS_RETURN_IF_ERROR(report);
  if (stopping()) return chess::Error{"the server is stopping"};  // the dump and the page take a while too
  const std::string id = std::to_string(run_id);
  auto entry = std::make_shared<CachedReport>();
  entry->key = key;
  entry->json = report->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  entry->page = html_page("Run " + id + " (live)", *report, "/api/run/" + id);
  entry->made_at = std::chrono::steady_clock::now();
  entry->making_time = entry->made_at - began;
  std::lock_guard<std::mutex> lock(cache_mutex);
  cache[{db_path, run_id}] = entry;
  return SharedReport(entry);
} catch (const std::exception& e) {
  return chess::Error{db_path + ": " + e.what()};
}

// The list redraws itself from /api/runs every five seconds (no reload, so a page being read
// keeps its place).
const char* const RUNS_SCRIPT = R"(<script>
const cell = (t) => { const td = document.createElement("td"); td.textContent = t; return td; };
setInterval(async () => {
  const response = await fetch("/api/runs", { cache: "no-store" });
  if (!response.ok) return;
  const table = document.getElementById("runs");
  while (table.rows.length > 1) table.deleteRow(1);
  for (const r of await response.json()) {
    const tr = table.insertRow();
    const id = cell("");
    const a = document.createElement("a");
    a.href = "/run/" + r.id;
    a.textContent = r.id;
    id.append(r.reportable ? a : String(r.id));
    tr.append(id, cell(r.kind), cell(r.status), cell(r.created), cell(r.engines), cell(r.tc), cell(r.games), cell(r.result));
  }
}, 5000);
</script>)";

HttpAnswer runs_page(const std::string& db_path) {
  auto db = reader(db_path);
  if (!db) return not_found(db.error());
  auto list = run_list(**db);
  if (!list) return not_found(list.error());
  std::string rows;
  for (const RunListRow& r : *list) {
    const std::string id = std::to_string(r.id);
    rows += "<tr><td>" + (r.reportable ? "<a href=\"/run/" + id + "\">" + id + "</a>" : id) + "</td><td>" + escaped(r.kind) +
            "</td><td>" + escaped(r.status) + "</td><td>" + escaped(r.created) + "</td><td>" + escaped(r.engines) + "</td><td>" +
            escaped(r.tc) + "</td><td>" + escaped(r.games) + "</td><td>" + escaped(r.result) + "</td></tr>\n";
  }
  return {200, "text/html; charset=utf-8",
          "<!doctype html><html><head><meta charset=\"utf-8\">"
          "<title>Workbench runs</title><style>body{font:14px system-ui,sans-serif;margin:20px}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccd;padding:3px 8px}th{background:#eef}</style></head><body><h1>Runs in " +
              escaped(db_path) +
              "</h1><p><a href=\"/tests\">tests of commits</a></p><table "
              "id=\"runs\"><tr><th>run</th><th>kind</th><th>status</th><th>started</th><th>engines</th><th>tc</th>"
              "<th>games</th><th>result</th></tr>\n" +
              rows + "</table>" + RUNS_SCRIPT + "</body></html>\n"};
}

// The tests of commits, as a page or as its JSON.
HttpAnswer tests_answer(const std::string& db_path, bool page) {
  auto db = reader(db_path);
  if (!db) return not_found(db.error());
  auto rows = test_list(**db);
  if (!rows) return not_found(rows.error());
  if (page) return {200, "text/html; charset=utf-8", tests_page(db_path, *rows)};
  return {200, "application/json", nlohmann::json(*rows).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
}

// "/run/12" -> 12; 0 if the target is not that route.
std::int64_t run_id_of(const std::string& target, const std::string& prefix) {
  if (target.rfind(prefix, 0) != 0) return 0;
  const std::string digits = target.substr(prefix.size());
  if (digits.empty() || digits.size() > 15 || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::stoll(digits);
}

// Each connection has its own deadlines: a client that sends half a request, or reads its
// answer slowly, holds its socket and nothing else. Past MAX_CONNECTIONS open at once, a new
// connection is closed at once (file descriptors are finite).
constexpr auto READ_DEADLINE = std::chrono::seconds(10);
constexpr auto WRITE_DEADLINE = std::chrono::seconds(30);
constexpr int MAX_CONNECTIONS = 768;
constexpr int ANSWERING_THREADS = 4;  // answers made at once (each reads the database)

using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

// The response to one whole request: GET and HEAD of the routes, 405 for other methods, 500
// when the answer cannot be made (one request's failure is its own: the server goes on).
Response respond(const std::string& db_path, const Request& request) {
  HttpAnswer answer;
  try {
    if (request.method() != http::verb::get && request.method() != http::verb::head)
      answer = {405, "text/plain", "only GET\n"};
    else
      answer = dashboard_answer(db_path, std::string(request.target()));
  } catch (const std::exception& e) {
    answer = {500, "text/plain", std::string("the answer could not be made: ") + e.what() + "\n"};
  }
  Response response{static_cast<http::status>(answer.status), request.version()};
  response.set(http::field::server, "workbench-harness");
  response.set(http::field::content_type, answer.content_type);
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(false);
  response.body() = std::move(answer.body);
  response.prepare_payload();
  if (request.method() == http::verb::head) response.body().clear();  // the length stays: what GET would send
  return response;
}

// One connection: one request read, its answer written, then closed.
class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(tcp::socket socket, std::string db_path, std::atomic<int>& open)
      : stream_(std::move(socket)), db_path_(std::move(db_path)), open_(open) {}
  ~Connection() { --open_; }

  void start() {
    stream_.expires_after(READ_DEADLINE);
    http::async_read(stream_, buffer_, request_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->answer(ec); });
  }

 private:
  void answer(beast::error_code ec) {
    if (ec) return;  // closed, malformed, or past its deadline: the socket closes with this object
    response_ = respond(db_path_, request_);
    stream_.expires_after(WRITE_DEADLINE);
    http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  Request request_;
  Response response_;
  std::string db_path_;
  std::atomic<int>& open_;
};

// Accepts connections and watches for a stop request, on one strand; connections run on their
// own strands, on ANSWERING_THREADS threads.
class Listener {
 public:
  Listener(boost::asio::io_context& io, tcp::acceptor& acceptor, std::string db_path, std::atomic<int>& open)
      : io_(io),
        acceptor_(acceptor),
        watch_(acceptor.get_executor()),
        retry_(acceptor.get_executor()),
        db_path_(std::move(db_path)),
        open_(open) {}

  void start() {
    accept();
    watch();
  }

 private:
  void accept() {
    acceptor_.async_accept(boost::asio::make_strand(io_), [this](beast::error_code ec, tcp::socket socket) {
      if (!acceptor_.is_open()) return;
      if (ec) {  // out of file descriptors, say: try again a little later rather than at once
        retry_.expires_after(std::chrono::milliseconds(50));
        retry_.async_wait([this](beast::error_code) { accept(); });
        return;
      }
      if (open_.load() < MAX_CONNECTIONS) {
        ++open_;
        std::make_shared<Connection>(std::move(socket), db_path_, open_)->start();
      }
      accept();
    });
  }

  // A stop request (SIGINT, SIGTERM) is seen within a tenth of a second, whatever the clients do.
  void watch() {
    watch_.expires_after(std::chrono::milliseconds(100));
    watch_.async_wait([this](beast::error_code) {
      if (!stopping()) return watch();
      beast::error_code ignored;
      acceptor_.close(ignored);
      io_.stop();
    });
  }

  boost::asio::io_context& io_;
  tcp::acceptor& acceptor_;
  boost::asio::steady_timer watch_, retry_;
  std::string db_path_;
  std::atomic<int>& open_;
};

}  // namespace

HttpAnswer dashboard_answer(const std::string& db_path, const std::string& target_with_query) {
  const std::string target = target_with_query.substr(0, target_with_query.find('?'));
  if (target == "/" || target == "/runs") return runs_page(db_path);
  if (target == "/tests" || target == "/api/tests") return tests_answer(db_path, target == "/tests");
  if (target == "/api/runs") {
    auto db = reader(db_path);
    if (!db) return not_found(db.error());
    auto runs = run_list(**db);
    if (!runs) return not_found(runs.error());
    nlohmann::json list = nlohmann::json::array();
    for (const RunListRow& r : *runs)
      list.push_back({{"id", r.id},
                      {"kind", r.kind},
                      {"status", r.status},
                      {"created", r.created},
                      {"engines", r.engines},
                      {"tc", r.tc},
                      {"games", r.games},
                      {"result", r.result},
                      {"reportable", r.reportable}});
    return {200, "application/json", list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
  }
  if (const std::size_t at = target.find("/game/"); target.rfind("/api/run/", 0) == 0 && at != std::string::npos) {
    const std::int64_t id = run_id_of(target.substr(0, at), "/api/run/"), game = run_id_of(target.substr(at), "/game/");
    if (id == 0 || game == 0)
      return not_found("no page " + target + " here: a game is /api/run/RUN/game/N, each a number from 1");
    auto db = reader(db_path);
    if (!db) return not_found(db.error());
    auto json = report_game(**db, id, int(std::min<std::int64_t>(game, 1 << 30)));
    if (!json) return not_found(json.error());
    return {200, "application/json", json->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)};
  }
  if (std::int64_t id = run_id_of(target, "/api/run/")) {
    auto report = cached_report(db_path, id, false);
    if (!report) return not_found(report.error());
    return {200, "application/json", (*report)->json};
  }
  if (std::int64_t id = run_id_of(target, "/run/")) {
    auto report = cached_report(db_path, id, false);
    if (!report) return not_found(report.error());
    return {200, "text/html; charset=utf-8", (*report)->page};
  }
  return not_found("no page " + target + " here: the runs are at /");
}

std::string answer_raw_request(const std::string& db_path, std::string_view raw) {
  http::request_parser<http::string_body> parser;  // the limits async_read applies: 8 KiB of header, 1 MiB of body
  beast::error_code ec;
  std::size_t used = 0;
  while (!ec && used < raw.size() && !parser.is_done()) {
    const std::size_t n = parser.put(boost::asio::buffer(raw.data() + used, raw.size() - used), ec);
    if (n == 0 && !ec) break;  // it needs more than there is
    used += n;
  }
  if (ec || !parser.is_done()) return {};
  std::ostringstream out;
  out << respond(db_path, parser.get());
  return out.str();
}

chess::Result<bool> serve_dashboard(const ServeSettings& settings, const std::function<void(int port)>& ready) {
  std::atomic<int> open{0};  // connections open; outlives the io_context, which ends them
  boost::asio::io_context io;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(settings.bind, ec);
  if (ec) return chess::Error{"--bind '" + settings.bind + "': not an IP address"};
  tcp::acceptor acceptor(boost::asio::make_strand(io));
  tcp::endpoint endpoint(address, static_cast<unsigned short>(settings.port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(boost::asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(boost::asio::socket_base::max_listen_connections, ec);
  if (ec) return chess::Error{"cannot listen on " + settings.bind + ":" + std::to_string(settings.port) + ": " + ec.message()};
  {
    std::lock_guard<std::mutex> lock(cache_mutex);
    cache.clear();  // a server starts from the database, not from an earlier server's pages
  }
  // Every run's page is made before the server answers, and kept up to date by a refresher, so
  // that a page asked for comes from memory; a run that is playing is remade as games come in.
  auto refresh_all = [db_path = settings.db_path] {
    auto db = reader(db_path);
    if (!db) return;
    auto runs = run_list(**db);  // a file changing under the reader: the next round reads again
    if (!runs) return;
    for (const RunListRow& r : *runs)
      if (r.reportable && !stopping()) (void)cached_report(db_path, r.id, true);
  };
  refresh_all();
  if (stopping()) return true;  // told to stop while the pages were being made
  std::thread refresher([&refresh_all] {
    while (!stopping()) {
      for (int i = 0; i < 10 && !stopping(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      refresh_all();
    }
  });
  ready(acceptor.local_endpoint().port());
  Listener listener(io, acceptor, settings.db_path, open);
  listener.start();
  std::vector<std::thread> answering;
  for (int i = 1; i < ANSWERING_THREADS; ++i) answering.emplace_back([&io] { io.run(); });
  io.run();
  for (std::thread& t : answering) t.join();
  refresher.join();
  return true;
}

}  // namespace harness
