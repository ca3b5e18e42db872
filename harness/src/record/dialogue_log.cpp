#include "record/dialogue_log.h"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>

namespace harness {

namespace {

std::int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// Days since 1970-01-01 of a civil date, and back (Howard Hinnant's algorithms).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = unsigned(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + std::int64_t(doe) - 719468;
}

template <typename T>
bool whole(std::string_view text, T& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc() && end == text.data() + text.size();
}

// "2026-11-25T22:33:19.123456Z" in microseconds since the epoch.
std::optional<std::int64_t> parse_utc_micros(std::string_view t) {
  if (t.size() != 27 || t[4] != '-' || t[7] != '-' || t[10] != 'T' || t[13] != ':' || t[16] != ':' || t[19] != '.' ||
      t[26] != 'Z')
    return std::nullopt;
  int y = 0;
  unsigned mo = 0, d = 0, h = 0, mi = 0, s = 0, us = 0;
  if (!whole(t.substr(0, 4), y) || !whole(t.substr(5, 2), mo) || !whole(t.substr(8, 2), d) || !whole(t.substr(11, 2), h) ||
      !whole(t.substr(14, 2), mi) || !whole(t.substr(17, 2), s) || !whole(t.substr(20, 6), us))
    return std::nullopt;
  const std::int64_t seconds = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s;
  return seconds * 1000000 + us;
}

}  // namespace

chess::Result<std::shared_ptr<DialogueLog>> DialogueLog::open(const std::string& path, bool append, bool engine_lines) {
  if (path == "-") return std::shared_ptr<DialogueLog>(new DialogueLog(stderr, false, engine_lines));
  std::FILE* file = std::fopen(path.c_str(), append ? "a" : "w");
  if (!file) return chess::Error{path + ": cannot write the engine dialogue log: " + std::strerror(errno)};
  std::setvbuf(file, nullptr, _IOFBF, 1 << 16);
  return std::shared_ptr<DialogueLog>(new DialogueLog(file, true, engine_lines));
}

DialogueLog::DialogueLog(std::FILE* file, bool owned, bool engine_lines)
    : file_(file), owned_(owned), engine_lines_(engine_lines) {}

DialogueLog::~DialogueLog() {
  if (owned_)
    std::fclose(file_);
  else
    std::fflush(file_);
}

void DialogueLog::line(int game, const std::string& engine, bool to_engine, const std::string& text) {
  if (!engine_lines_) return;
  const std::int64_t us = now_us();
  std::lock_guard<std::mutex> lock(mutex_);
  std::fprintf(file_, "%s\t%s\t%s\t%c\t%s\n", utc_micros_text(us).c_str(), game > 0 ? std::to_string(game).c_str() : "-",
               engine.c_str(), to_engine ? '>' : '<', text.c_str());
  if (to_engine) std::fflush(file_);
}

void DialogueLog::note(int game, const std::string& text) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::fprintf(file_, "%s\t%d\tharness\t#\t%s\n", utc_micros_text(now_us()).c_str(), game, text.c_str());
  std::fflush(file_);
}

std::optional<DialogueLine> parse_dialogue_line(const std::string& line) {
  std::string_view rest = line;
  std::string_view fields[4];
  for (std::string_view& field : fields) {
    const std::size_t tab = rest.find('\t');
    if (tab == std::string_view::npos) return std::nullopt;
    field = rest.substr(0, tab);
    rest.remove_prefix(tab + 1);
  }
  DialogueLine out;
  const auto micros = parse_utc_micros(fields[0]);
  if (!micros || (fields[3] != ">" && fields[3] != "<" && fields[3] != "#")) return std::nullopt;
  out.micros = *micros;
  if (fields[1] != "-" && (!whole(fields[1], out.game) || out.game < 1)) return std::nullopt;
  out.engine = std::string(fields[2]);
  out.to_engine = fields[3] == ">";
  out.note = fields[3] == "#";
  out.text = std::string(rest);
  return out;
}

}  // namespace harness
