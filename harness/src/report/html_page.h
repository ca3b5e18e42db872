// The report page: one self-contained HTML file (page, styles, script and the uPlot charting
// library inlined) around a report's JSON. The same page serves the live dashboard, which
// fetches the JSON again from `live_url` every `live_ms` milliseconds.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/result.h"

namespace harness {

std::string html_page(const std::string& title, const nlohmann::json& report, const std::string& live_url = "",
                      int live_ms = 2000);

// Writes the page to `path`; the error says whether the file could not be opened or written.
chess::Result<bool> write_page(const std::string& path, const std::string& page);

}  // namespace harness
