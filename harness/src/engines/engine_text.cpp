#include "engines/engine_text.h"

#include "text/control_characters.h"

namespace harness {

namespace {

// Enough of a value to recognise it; a message stays one short line whatever was given.
constexpr std::size_t QUOTED_ENGINE_TEXT = 60;

}  // namespace

std::string engine_line_problem(std::string_view text) {
  if (!has_control_character(text)) return "";
  return "holds a control character (an engine reads one command a line: the rest would reach it as a command of its own)";
}

std::string quoted_engine_text(std::string_view text) {
  const bool cut = text.size() > QUOTED_ENGINE_TEXT;
  return "'" + escaped_controls(text.substr(0, QUOTED_ENGINE_TEXT)) + (cut ? "...'" : "'");
}

std::string engine_text_problem(const EngineConfig& e) {
  for (const auto& [name, value] : e.options) {
    if (const std::string problem = engine_line_problem(name); !problem.empty())
      return "option name " + quoted_engine_text(name) + " " + problem;
    if (const std::string problem = engine_line_problem(value); !problem.empty())
      return "option " + quoted_engine_text(name) + ": the value " + quoted_engine_text(value) + " " + problem;
  }
  for (const std::string& line : e.init_strings)
    if (const std::string problem = engine_line_problem(line); !problem.empty())
      return "init string " + quoted_engine_text(line) + " " + problem;
  return "";
}

}  // namespace harness
