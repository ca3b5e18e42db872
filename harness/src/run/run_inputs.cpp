#include "run/run_inputs.h"

#include <algorithm>

#include "engines/params_file.h"
#include "players/make_player.h"
#include "players/uci_player.h"
#include "settings/output_file.h"

namespace harness {

namespace {

chess::Result<bool> settle_variant(MatchConfig& config, const OpeningBook& book, bool from_book) {
  const Opening* chess960 = first_chess960_opening(book);
  if (from_book && chess960) config.settings.variant = chess::Variant::FISCHERANDOM;
  if (config.settings.variant == chess::Variant::STANDARD && chess960)
    return chess::Error{config.openings_path + ": opening " + chess960->name + " has Chess960 castling (" + chess960->fen +
                        "); play it with --variant fischerandom"};
  return true;
}

// fastchess's warning for an option it does not send.
std::string option_warning(const OptionProblem& p, const std::string& engine) {
  return p.declared ? "Warning; Invalid value for option " + p.name + "; " + p.value
                    : "Warning; " + engine + " doesn't have option " + p.name;
}

// The options of `e` the engine cannot take, removed and described in `dropped`.
void drop_options(EngineConfig& e, const std::vector<OptionProblem>& problems, std::vector<std::string>& dropped) {
  for (const OptionProblem& p : problems) {
    dropped.push_back(option_warning(p, e.name));
    std::erase_if(e.options, [&](const auto& option) { return option.first == p.name; });
  }
}

// Starts each other configuration of engine i's program once with its own options, their names
// and values checked already: an option that makes the engine load something (a bad EvalFile
// on the second engine) fails the run here, before anything is recorded, not in its games.
chess::Result<bool> start_each_configuration(const MatchConfig& config, std::size_t i, const std::shared_ptr<DialogueLog>& log) {
  std::vector<const EngineConfig*> started{&config.engines[i]};
  for (const EngineConfig& e : config.engines) {
    const auto same_options = [&e](const EngineConfig* s) { return s->options == e.options; };
    if (!same_program(e, config.engines[i]) || std::any_of(started.begin(), started.end(), same_options)) continue;
    auto player = make_player(e, "");
    player->set_dialogue_log(log);
    player->set_deadlines(config.settings.deadlines);
    auto ok = player->start();
    player->stop();
    CHESS_RETURN_IF_ERROR(ok);
    started.push_back(&e);
  }
  return true;
}

// What engine `engine`, started as `player`, declared: a UCI engine's options; an xboard
// engine declares none that the harness reads.
DeclaredOptions declared_by(const Player& player, const std::string& engine) {
  const auto* uci = dynamic_cast<const UciPlayer*>(&player);
  if (!uci) return {engine, false, {}};
  return {engine, true, uci->declared_options()};
}

// Starts engine i's program and checks it, and the options of every engine that runs it, whose
// declared options it adds to `declared`.
chess::Result<bool> probe(MatchConfig& config, std::size_t i, bool fen_starts, std::vector<std::string>* dropped,
                          const std::shared_ptr<DialogueLog>& log, std::vector<DeclaredOptions>& declared) {
  auto player = make_player(config.engines[i], "");  // a probe's standard error is not kept
  player->set_dialogue_log(log);
  player->set_deadlines(config.settings.deadlines);
  if (auto started = player->start(); !started) return started;
  if (std::string why = player->cannot_play(config.settings.variant); !why.empty())
    return chess::Error{why + " (this run plays " + std::string(chess::variant_name(config.settings.variant)) + ")"};
  if (fen_starts && !player->supports_fen_start())
    return chess::Error{"engine '" + config.engines[i].name +
                        "' does not support setboard, so it cannot start from the FEN positions of " + config.openings_path +
                        "; use a PGN book of moves from the start position (--openings book.pgn)"};
  const EngineConfig probed = config.engines[i];
  for (EngineConfig& e : config.engines) {
    if (!same_program(e, probed)) continue;
    declared.push_back(declared_by(*player, e.name));
    if (dropped) {
      drop_options(e, player->option_problems(e), *dropped);
    } else if (auto options = player->check_options(e); !options) {
      player->stop();
      return options;
    }
  }
  player->stop();
  return start_each_configuration(config, i, log);
}

}  // namespace

chess::Result<bool> check_engines_start(MatchConfig& config, const OpeningBook& book, std::vector<std::string>* dropped,
                                        const std::shared_ptr<DialogueLog>& log, std::vector<DeclaredOptions>* declared) {
  std::vector<DeclaredOptions> found;
  const bool fen_starts = book.has_fen_starts();
  for (std::size_t i = 0; i < config.engines.size(); ++i) {
    // Engines that differ only in options (a tuner's individuals) are one program: one probe,
    // and one more start for each other set of options.
    auto same = [&](const EngineConfig& e) { return same_program(e, config.engines[i]); };
    if (std::any_of(config.engines.begin(), config.engines.begin() + std::ptrdiff_t(i), same)) continue;
    if (auto ok = probe(config, i, fen_starts, dropped, log, found); !ok) return ok;
  }
  // The values the file gives now, against what the engines declared: a file the engines would
  // refuse from the start records nothing.
  if (!config.params_file.empty())
    CHESS_RETURN_IF_ERROR(read_params_file(config.params_file, config.engine_names(), params_check(found)));
  if (declared) *declared = std::move(found);
  return true;
}

chess::Result<bool> check_same_openings(const MatchConfig& config, const OpeningBook& book) {
  if (config.openings_digest.empty() || book.digest() == config.openings_digest) return true;
  return chess::Error{config.openings_path + ": the openings are not those the run was planned on (" + config.openings_digest +
                      ", now " + book.digest() +
                      "): the file was changed since the run began, and the games left would be played on other openings. "
                      "Put the file back as it was, or start a new run"};
}

chess::Result<RunInputs> prepare_run(MatchConfig& config, const PrepareOptions& options) {
  RunInputs inputs;
  // Random plies are drawn game by game from the seed: no book is read or held.
  auto book = options.book                ? chess::Result<OpeningBook>(*options.book)
               : config.random_plies >= 0 ? chess::Result<OpeningBook>(random_ply_book({config.random_plies, config.seed}))
                                          : read_opening_book(config.openings_path, config.plies, config.polyglot());
  CHESS_RETURN_IF_ERROR(book);
  inputs.book = std::move(book).value();
  CHESS_RETURN_IF_ERROR(check_same_openings(config, inputs.book));
  if (config.openings_digest.empty()) config.openings_digest = inputs.book.digest();
  CHESS_RETURN_IF_ERROR(settle_variant(config, inputs.book, options.variant_from_book));
  if (!config.pgn_path.empty())
    CHESS_RETURN_IF_ERROR(check_output_file("--pgn", config.pgn_path, {config.openings_path, options.db_path}));
  if (!config.settings.tb_path.empty()) {
    auto tables = Tablebases::open(config.settings.tb_path);
    CHESS_RETURN_IF_ERROR(tables);
    inputs.tablebases = *tables;
  }
  if (!config.params_file.empty())  // its text read now, before any engine starts; its values after the probe
    CHESS_RETURN_IF_ERROR(read_params_file(config.params_file, config.engine_names()));
  if (!config.log_path.empty()) {
    auto log = DialogueLog::open(config.log_path, true, config.log_engine_lines);
    CHESS_RETURN_IF_ERROR(log);
    inputs.dialogue_log = *log;
  }
  if (options.probe_engines)
    CHESS_RETURN_IF_ERROR(check_engines_start(config, inputs.book, options.drop_bad_options ? &inputs.option_warnings : nullptr,
                                              inputs.dialogue_log, &inputs.declared_options));
  return inputs;
}

}  // namespace harness
