// The report page: one self-contained HTML file (page, styles, script and the uPlot charting
// library inlined) around a report's JSON. The same page serves the live dashboard, which
// fetches the JSON again from `live_url` every `live_ms` milliseconds.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"

namespace harness {

std::string html_page(const std::string& title, const nlohmann::json& report, const std::string& live_url = "",
                      int live_ms = 2000);

// JSON to embed in a <script> element: '<', '>' and '&' written as \u003c, \u003e and \u0026
// (they occur only inside strings), so that no text in it ("</script>", "<!--" with a later
// "<script>") changes how the HTML parser reads the element.
std::string script_safe(const std::string& text);

// Writes the page to `path` through OutputFile (never over one of `inputs`); the error names the file.
chess::Result<bool> write_page(const std::string& path, const std::string& page, const std::vector<std::string>& inputs);

}  // namespace harness
