// The help of harness fastchess and harness cutechess, read from the same tables as the parser.
#include "frontends/foreign_run.h"
#include "frontends/front_end.h"

namespace harness {

namespace {

// "  -name usage" padded to the help's column, then the help.
std::string help_line(const std::string& name, const std::string& usage, const std::string& help, const char* joint = " ") {
  std::string head = "  " + name + (usage.empty() ? "" : joint + usage);
  if (head.size() < 34)
    head.resize(34, ' ');
  else
    head += "\n" + std::string(34, ' ');
  return head + help + "\n";
}

bool is_option_prefix(const frontend::EngineKeyRow& row) { return std::string(row.key) == "option.NAME"; }

}  // namespace

std::string foreign_help(Dialect d) {
  const frontend::FrontEnd& program = frontend::front_end(d);
  std::string s = "Usage: " + std::string(program.program) + " -engine cmd=ENGINE name=NAME [key=value...] -engine ... [options]\n";
  s += "Plays " + std::string(dialect_name(d)) +
       "'s command line with this harness: every game goes to its database (-db FILE), so 'harness report', "
       "'rate', 'resume' and 'serve' work on the run; standard output carries " +
       dialect_name(d) + "'s lines.\n";
  s += "Options:\n";
  for (const auto& row : program.options)
    if (row.apply) s += help_line(row.name, row.usage, row.help);
  s += "Engine keys (-engine, -each):\n";
  for (const auto& row : program.engine_keys)
    if (row.apply || is_option_prefix(row)) s += help_line(row.key, row.usage, row.help, "=");
  s += "Refused, with the reason (any other option, or a value this harness cannot honour, is an error naming it):\n";
  for (const auto& row : program.options)
    if (!row.apply) s += help_line(row.name, "", row.help);
  for (const auto& row : program.engine_keys)
    if (!row.apply && !is_option_prefix(row)) s += help_line(row.key + std::string("="), "", row.help);
  return s;
}

const char* dialect_name(Dialect dialect) { return dialect == Dialect::FASTCHESS ? "fastchess" : "cutechess-cli"; }

}  // namespace harness
