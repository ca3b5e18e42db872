#include "html_page.h"

#include "settings/output_file.h"

#include <fstream>

namespace harness {

namespace assets {
extern const char* const PAGE_HTML;
extern const char* const PAGE_CSS;
extern const char* const PAGE_JS;
extern const char* const UPLOT_JS;
extern const char* const UPLOT_CSS;
}  // namespace assets

namespace {

void replace_once(std::string& page, const std::string& marker, const std::string& with) {
  const std::size_t at = page.find(marker);
  if (at != std::string::npos) page.replace(at, marker.size(), with);
}

std::string html_escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
  return out;
}

std::string html_page(const std::string& title, const nlohmann::json& report, const std::string& live_url, int live_ms) {
  std::string page = assets::PAGE_HTML;
  const std::string t = html_escaped(title);
  replace_once(page, "@@TITLE@@", t);
  replace_once(page, "@@TITLE@@", t);
  replace_once(page, "@@UPLOT_CSS@@", assets::UPLOT_CSS);
  replace_once(page, "@@PAGE_CSS@@", assets::PAGE_CSS);
  const nlohmann::json live =
      live_url.empty() ? nlohmann::json(nullptr) : nlohmann::json{{"url", live_url}, {"interval", live_ms}};
  replace_once(page, "@@LIVE@@", script_safe(live.dump()));
  // The large parts last, so that no marker is searched for inside them.
  const std::size_t data_at = page.find("@@DATA@@");
  const std::string data = script_safe(report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  page.replace(data_at, 8, data);
  const std::size_t uplot_at = page.find("@@UPLOT_JS@@");
  page.replace(uplot_at, 12, assets::UPLOT_JS);
  const std::size_t js_at = page.rfind("@@PAGE_JS@@");
  page.replace(js_at, 11, assets::PAGE_JS);
  return page;
}

chess::Result<bool> write_page(const std::string& path, const std::string& page, const std::vector<std::string>& inputs) {
  auto file = OutputFile::open("-o", path, inputs);
  CHESS_RETURN_IF_ERROR(file);
  (*file)->stream() << page;
  return (*file)->commit();
}

}  // namespace harness
