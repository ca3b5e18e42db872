#include "frontends/foreign_run.h"

#include <algorithm>
#include <map>

#include "frontends/front_end.h"
#include "process/executable_path.h"
#include "settings/argument_files.h"
#include "text/control_characters.h"

namespace harness {

namespace {

using frontend::Flag;
using frontend::FrontEnd;
using frontend::LineState;

// Engines that all have the same limit take it as the run's, as a plain match stores it.
void settle_limits(MatchConfig& c) {
  const bool same = std::all_of(c.engines.begin(), c.engines.end(), [&](const EngineConfig& e) {
    return e.limit && c.engines[0].limit && e.limit->describe() == c.engines[0].limit->describe() &&
           e.time_margin_ms == c.engines[0].time_margin_ms;
  });
  if (!same || c.engines.empty()) return;
  c.settings.tc = *c.engines[0].limit;
  c.settings.time_margin_ms = c.engines[0].time_margin_ms.value_or(0);
  for (EngineConfig& e : c.engines) {
    e.limit.reset();
    e.time_margin_ms.reset();
  }
}

// Names as fastchess gives them: a second "x" becomes "x_2".
void unique_names(std::vector<EngineConfig>& engines) {
  for (std::size_t i = 0; i < engines.size(); ++i) {
    int seen = 1;
    for (std::size_t j = 0; j < i; ++j)
      if (engines[j].name == engines[i].name) ++seen;
    if (seen > 1) engines[i].name += "_" + std::to_string(seen);
  }
}

// The keys of one -engine or -each through the program's engine keys.
chess::Result<bool> apply_keys(const FrontEnd& program, frontend::EngineDraft& draft, const Flag& f, const std::string& where) {
  auto kvs = frontend::key_values(f);
  CHESS_RETURN_IF_ERROR(kvs);
  for (const KeyValue& kv : *kvs) CHESS_RETURN_IF_ERROR(frontend::apply_engine_key(program.engine_keys, draft, kv, where));
  return true;
}

// Each -engine with its keys, then every -each's (fastchess applies them last, wherever they stand).
chess::Result<bool> make_engines(const FrontEnd& program, LineState& s) {
  std::vector<std::string> stderr_files;
  for (std::size_t i = 0; i < s.engines.size(); ++i) {
    frontend::EngineDraft draft;
    const std::string where = "-engine " + std::to_string(i + 1);
    CHESS_RETURN_IF_ERROR(apply_keys(program, draft, s.engines[i], where));
    for (const Flag& each : s.each) CHESS_RETURN_IF_ERROR(apply_keys(program, draft, each, "-each"));
    auto e = frontend::finish_engine(draft, where);
    CHESS_RETURN_IF_ERROR(e);
    s.run.config.engines.push_back(*e);
    auto stderr_file = draft.stderr_file.empty() ? chess::Result<std::string>(std::string())
                                                 : frontend::absolute_path(where + " stderr", draft.stderr_file);
    CHESS_RETURN_IF_ERROR(stderr_file);
    stderr_files.push_back(*stderr_file);
  }
  if (s.run.config.engines.size() < 2) return chess::Error{"-engine: at least two engines are needed"};
  unique_names(s.run.config.engines);
  for (std::size_t i = 0; i < stderr_files.size(); ++i)
    if (!stderr_files[i].empty()) s.run.output.stderr_files[s.run.config.engines[i].name] = stderr_files[i];
  settle_limits(s.run.config);
  return true;
}

// What the options gave, made into the run: engines, schedule, checks across options.
chess::Result<bool> finish(const FrontEnd& program, LineState& s) {
  ForeignRun& run = s.run;
  if (run.help || run.version || !run.compliance.empty()) return true;
  if (!s.config_file.empty() && s.engines.empty())
    return chess::Error{"-config file=" + s.config_file +
                        ": not read (a run's state is in the database): resume it with 'harness resume RUN', or give the "
                        "engines on the command line"};
  CHESS_RETURN_IF_ERROR(make_engines(program, s));
  CHESS_RETURN_IF_ERROR(program.schedule(s));
  if (const std::string problem = printable_line_problem(run.output.site); !problem.empty())
    return chess::Error{"-site: '" + escaped_controls(run.output.site) + "' " + problem + " (a site is one printable line of UTF-8)"};
  if (run.config.openings_path.empty())
    return chess::Error{"-openings: no opening book given (file=BOOK.epd or .pgn); every game would be the start position"};
  if (run.config.event.empty() || run.config.event == "Workbench match") run.config.event = program.event;
  if (run.output.format != LineFormat::FASTCHESS) run.output.penta = false;
  run.config.pgn_comments = run.output.pgn_extras;
  return true;
}

// How both programs' command lines call a run's setting: "-engine", "-pgnout"; "-games" for the
// settings whose flag is their name.
std::string foreign_spelling(const std::string& setting) {
  static const std::map<std::string, std::string> flags = {{"engines", "-engine"},
                                                           {"pgn", "-pgnout"},
                                                           {"affinity_cpus", "-use-affinity"},
                                                           {"wait_ms", "-wait"},
                                                           {"tb_pieces", "-tbpieces"},
                                                           {"opening_offset", "-openings start"},
                                                           {"time_margin_ms", "-each timemargin"},
                                                           {"ponder", "-each ponder"},
                                                           {"plies", "-openings plies"},
                                                           {"nodes", "-each nodes"}};
  if (auto it = flags.find(setting); it != flags.end()) return it->second;
  std::string flag = "-" + setting;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

}  // namespace

chess::Result<ForeignRun> parse_foreign_command_line(Dialect dialect, const std::vector<std::string>& args) {
  ForeignRun run;
  run.db = default_database();
  run.config.concurrency = 1;
  // fastchess's --compliance ENGINE [ARGS...]: everything after it is the engine's command line.
  if (!args.empty() && (args[0] == "--compliance" || args[0] == "-compliance")) {
    if (args.size() < 2) return chess::Error{"--compliance: expects an engine"};
    run.compliance.assign(args.begin() + 1, args.end());
    return run;
  }
  const std::string program_name = dialect_name(dialect);
  auto expanded = expand_argument_words(args, program_name);
  CHESS_RETURN_IF_ERROR(expanded);
  auto flags = frontend::split_flags(argument_texts(*expanded));
  if (!flags) return in_argument_file(chess::Error{flags.error()}, *expanded, 0, 1, program_name);
  if (flags->empty()) {
    run.help = true;
    return run;
  }
  const FrontEnd& program = frontend::front_end(dialect);
  run.output.format = program.lines;
  LineState state(run);
  program.start(state);
  std::size_t first_word = 0;  // the option's first word among the expanded words: an error names the file line of its words
  for (const Flag& f : *flags) {
    const std::size_t end = first_word + 1 + f.params.size();
    if (auto applied = frontend::apply_option(program.options, state, f); !applied)
      return in_argument_file(chess::Error{applied.error()}, *expanded, first_word, end, program_name);
    first_word = end;
  }
  if (auto finished = finish(program, state); !finished)  // the engines' keys are read here
    return in_argument_file(chess::Error{finished.error()}, *expanded, 0, expanded->size(), program_name, ArgumentBlame::QUOTED);
  if (run.help || run.version) return run;
  if (SettingProblems problems = run.config.validate(); !problems.empty()) return chess::Error{problems.describe(foreign_spelling)};
  return run;
}

}  // namespace harness
