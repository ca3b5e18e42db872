// The fastchess and cutechess-cli command lines: every option either honoured (its effect on the
// run is checked) or refused with a message naming it.
#include "frontends/foreign_run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "frontends/foreign_live_output.h"
#include "record/termination.h"
#include "run/schedule.h"

namespace {

using harness::Dialect;

std::vector<std::string> base_args(std::vector<std::string> extra, Dialect d = Dialect::FASTCHESS) {
  std::vector<std::string> args = {"-engine", "cmd=/bin/true", "name=a",    "-engine",   "cmd=/bin/true",
                                   "name=b",  "-each",         "tc=10+0.1", "-openings", "file=/tmp/book.epd"};
  if (d == Dialect::CUTECHESS) args.insert(args.end(), {"-repeat", "-games", "2"});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

harness::ForeignRun parse_ok(std::vector<std::string> extra, Dialect d = Dialect::FASTCHESS) {
  auto run = harness::parse_foreign_command_line(d, base_args(std::move(extra), d));
  EXPECT_TRUE(run) << run.error();
  return run ? *run : harness::ForeignRun{};
}

std::string parse_error(std::vector<std::string> extra, Dialect d = Dialect::FASTCHESS) {
  auto run = harness::parse_foreign_command_line(d, base_args(std::move(extra), d));
  return run ? "" : run.error();
}

TEST(ForeignRun, EnginesTakeTheirKeysAndEachAppliesToAll) {
  auto r = harness::parse_foreign_command_line(
      Dialect::FASTCHESS,
      {"-engine", "cmd=/bin/true", "name=x", "args=--a --b", "option.Hash=16", "-engine", "cmd=/bin/true", "-each",
       "tc=40/60+0.6", "timemargin=250", "option.Threads=1", "proto=uci", "-openings", "file=/tmp/b.epd"});
  ASSERT_TRUE(r) << r.error();
  ASSERT_EQ(r->config.engines.size(), 2u);
  EXPECT_EQ(r->config.engines[0].name, "x");
  EXPECT_EQ(r->config.engines[1].name, "true");  // the command's stem
  EXPECT_EQ(r->config.engines[0].args, (std::vector<std::string>{"--a", "--b"}));
  EXPECT_EQ(*r->config.engines[0].option("Hash"), "16");
  EXPECT_EQ(*r->config.engines[1].option("Threads"), "1");
  EXPECT_EQ(r->config.settings.tc.describe(), "40/60+0.6");  // the same limit for both: the run's
  EXPECT_EQ(r->config.settings.time_margin_ms, 250);
}

TEST(ForeignRun, GamesRoundsAndRepeatMakePairs) {
  EXPECT_EQ(parse_ok({"-rounds", "50", "-games", "2"}).config.games, 100);
  EXPECT_EQ(parse_ok({"-rounds", "50", "-repeat"}).config.games, 100);
  EXPECT_TRUE(parse_ok({"-rounds", "50", "-repeat"}).config.paired);
  // fastchess reads "-games 100 -rounds 1" as 100 rounds of one game, each on its own opening.
  for (const auto& args : {std::vector<std::string>{"-games", "100", "-rounds", "1"}, {"-games", "1", "-rounds", "100"}}) {
    const auto single = parse_ok(args);
    EXPECT_EQ(single.config.games, 100);
    EXPECT_FALSE(single.config.paired);
    EXPECT_FALSE(single.output.penta);  // fastchess drops the pentanomial report without pairs
  }
  // The message names the values as they were given, not as fastchess swapped them.
  EXPECT_EQ(parse_error({"-games", "3", "-rounds", "5"}).rfind("-games 3 -rounds 5: -games must be 1 or 2", 0), 0u)
      << parse_error({"-games", "3", "-rounds", "5"});
  EXPECT_EQ(parse_ok({"-games", "10", "-rounds", "3"}, Dialect::CUTECHESS).config.games, 30);
  auto no_repeat =
      harness::parse_foreign_command_line(Dialect::CUTECHESS, {"-engine", "cmd=/bin/true", "-engine", "cmd=/bin/true", "-each",
                                                               "tc=1+0.01", "-games", "10", "-openings", "file=/tmp/b.epd"});
  ASSERT_TRUE(no_repeat) << no_repeat.error();
  EXPECT_EQ(no_repeat->config.games, 10);
  EXPECT_FALSE(no_repeat->config.paired);
  EXPECT_NE(parse_error({"-games", "3", "-repeat"}, Dialect::CUTECHESS).find("must be even"), std::string::npos);
}

TEST(ForeignRun, HonouredOptionsSetTheRun) {
  auto r = parse_ok({"-concurrency",
                     "64",
                     "-srand",
                     "7",
                     "-maxmoves",
                     "80",
                     "-variant",
                     "fischerandom",
                     "-recover",
                     "-resign",
                     "movecount=3",
                     "score=600",
                     "-draw",
                     "movenumber=34",
                     "movecount=8",
                     "score=20",
                     "-sprt",
                     "elo0=0",
                     "elo1=2",
                     "alpha=0.05",
                     "beta=0.05",
                     "-ratinginterval",
                     "1",
                     "-scoreinterval",
                     "2",
                     "-report",
                     "penta=false",
                     "-event",
                     "Batch",
                     "7",
                     "-site",
                     "here",
                     "-crc32",
                     "pgn=true",
                     "-testEnv",
                     "-force-concurrency",
                     "-autosaveinterval",
                     "0",
                     "-tournament",
                     "roundrobin",
                     "-config",
                     "discard=true",
                     "outname=x.json",
                     "-pgnout",
                     "file=g.pgn",
                     "nodes=true",
                     "seldepth=true",
                     "append=false",
                     "-epdout",
                     "file=g.epd",
                     "-tb",
                     "/tmp",
                     "-tbpieces",
                     "5",
                     "-tbadjudicate",
                     "BOTH",
                     "-seeds",
                     "1",
                     "-db",
                     "/tmp/x.sqlite"});
  EXPECT_EQ(r.config.concurrency, 64);
  EXPECT_EQ(r.config.seed, 7u);
  EXPECT_EQ(r.config.settings.adjudication.max_moves, 80);
  EXPECT_EQ(r.config.settings.variant, chess::Variant::FISCHERANDOM);
  EXPECT_TRUE(r.output.recover);
  EXPECT_TRUE(r.config.settings.adjudication.resign);
  EXPECT_EQ(r.config.settings.adjudication.draw_move_number, 34);
  ASSERT_TRUE(r.config.sprt);
  EXPECT_EQ(r.config.sprt->elo1, 2);
  EXPECT_EQ(r.output.rating_interval, 1);
  EXPECT_EQ(r.output.score_interval, 2);
  EXPECT_FALSE(r.output.penta);
  EXPECT_EQ(r.config.event, "Batch7");  // fastchess joins the words
  EXPECT_EQ(r.output.site, "here");
  EXPECT_TRUE(r.output.crc32);
  EXPECT_EQ(r.output.pgn_file, "g.pgn");
  EXPECT_FALSE(r.output.pgn_append);
  EXPECT_TRUE(r.config.pgn_comments.nodes && r.config.pgn_comments.seldepth);
  EXPECT_EQ(r.output.epd_file, "g.epd");
  EXPECT_EQ(r.config.settings.tb_pieces, 5);
  EXPECT_EQ(r.db, "/tmp/x.sqlite");
  auto o = parse_ok({"-openings", "file=/tmp/b.epd", "format=epd", "order=random", "start=11", "policy=round"});
  EXPECT_EQ(o.config.order, harness::OpeningOrder::RANDOM);
  EXPECT_EQ(o.config.opening_offset, 10);
  EXPECT_EQ(parse_ok({"-output", "format=cutechess"}).output.format, harness::LineFormat::FASTCHESS_CUTECHESS);
  EXPECT_EQ(parse_ok({"-pgnout", "g.pgn", "fi"}, Dialect::CUTECHESS).output.pgn_file, "g.pgn");
}

TEST(ForeignRun, OptionsThatCannotBeHonouredAreRefusedByName) {
  for (const std::vector<std::string>& refused :
       std::vector<std::vector<std::string>>{{"-log", "file=x.log", "compress=true"},
                                             {"-tbignore50"},
                                             {"-tbadjudicate", "DRAW"},
                                             {"-seeds", "2"},
                                             {"-pgnout", "file=x.pgn", "notation=lan"},
                                             {"-tournament", "knockout"},
                                             {"-openings", "file=/tmp/b.epd", "policy=encounter2"},
                                             {"-each", "ponder=true"},
                                             {"-bogus"}}) {
    const std::string error = parse_error(refused);
    EXPECT_NE(error.find(refused[0]), std::string::npos) << refused[0] << ": " << error;
  }
}

// Every -pgnout field of fastchess's manual, and cutechess-cli's "min".
TEST(ForeignRun, EveryPgnoutFieldIsHonoured) {
  auto r = parse_ok({"-pgnout", "file=x.pgn", "pv=true", "tbhits=true", "min=false", "match_line=^info string a",
                     "match_line=^info string b", "nodes=false", "-strict"});
  EXPECT_TRUE(r.config.pgn_comments.pv && r.config.pgn_comments.tbhits);
  EXPECT_FALSE(r.config.pgn_comments.min || r.config.pgn_comments.nodes);
  EXPECT_EQ(r.config.settings.match_lines, (std::vector<std::string>{"^info string a", "^info string b"}));
  EXPECT_TRUE(r.output.strict);
  EXPECT_TRUE(parse_ok({"-pgnout", "g.pgn", "min"}, Dialect::CUTECHESS).config.pgn_comments.min);
  EXPECT_NE(
      parse_error({"-pgnout", "file=x.pgn", "match_line=(unclosed"}).find("match-line '(unclosed' is not a regular expression"),
      std::string::npos);
  EXPECT_NE(parse_error({"-pgnout", "file=x.pgn", "pv=maybe"}).find("-pgnout pv: expected true or false"), std::string::npos);
}

// fastchess's remaining options, each with its effect on the run.
TEST(ForeignRun, FastchessScheduleAndProcessOptionsSetTheRun) {
  auto r = parse_ok({"-wait", "50", "-noswap", "-show-latency", "-use-affinity", "0,2-3"});
  EXPECT_EQ(r.config.wait_ms, 50);
  EXPECT_TRUE(r.config.noswap && r.config.show_latency && r.config.use_affinity);
  EXPECT_EQ(r.config.affinity_cpus, (std::vector<int>{0, 2, 3}));
  for (const harness::GameSpec& g : harness::make_schedule(r.config)) EXPECT_EQ(g.white, 0);
  auto reversed = harness::make_schedule(parse_ok({"-reverse"}).config);
  EXPECT_EQ(reversed[0].white, 1);
  EXPECT_EQ(reversed[1].white, 0);
  EXPECT_TRUE(parse_ok({"-use-affinity"}).config.affinity_cpus.empty());
  EXPECT_NE(parse_error({"-use-affinity", "3-1"}).find("'3-1' is not a CPU"), std::string::npos);
  EXPECT_TRUE(parse_ok({"-each", "restart=on"}).config.engines[0].restart_each_game);
  EXPECT_NE(parse_error({"-each", "restart=sometimes"}).find("expected on, off or auto"), std::string::npos);
}

TEST(ForeignRun, QuickIsFastchesssShorthand) {
  auto r =
      harness::parse_foreign_command_line(Dialect::FASTCHESS, {"-quick", "cmd=/bin/true", "cmd=/bin/true", "book=/tmp/book.epd"});
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->config.engines[0].name, "/bin/true1");
  EXPECT_EQ(r->config.engines[1].name, "/bin/true2");
  EXPECT_EQ(r->config.settings.tc.describe(), "10+0.1");
  EXPECT_EQ(r->config.games, 50000);
  EXPECT_EQ(r->config.order, harness::OpeningOrder::RANDOM);
  EXPECT_EQ(r->config.settings.adjudication.draw_move_number, 30);
  EXPECT_TRUE(r->output.recover);
  EXPECT_EQ(r->output.format, harness::LineFormat::FASTCHESS_CUTECHESS);
  EXPECT_NE(parse_error({"-quick", "cmd=/bin/true", "book=/tmp/b.epd"}).find("exactly two cmd"), std::string::npos);
}

TEST(ForeignRun, ConfigFileIsAWarningWhereTheRunCanGoOn) {
  auto r = parse_ok({"-config", "file=config.json"});
  ASSERT_EQ(r.output.start_warnings.size(), 1u);
  EXPECT_NE(r.output.start_warnings[0].find("-config file=config.json is not read"), std::string::npos);
  auto alone = harness::parse_foreign_command_line(Dialect::FASTCHESS, {"-config", "file=config.json"});
  ASSERT_FALSE(alone);
  EXPECT_NE(alone.error().find("harness resume RUN"), std::string::npos) << alone.error();
  auto compliance = harness::parse_foreign_command_line(Dialect::FASTCHESS, {"--compliance", "/bin/true", "--x"});
  ASSERT_TRUE(compliance) << compliance.error();
  EXPECT_EQ(compliance->compliance, (std::vector<std::string>{"/bin/true", "--x"}));
}

TEST(ForeignRun, CutechessDebugResultformatStderrAndConf) {
  EXPECT_EQ(parse_ok({"-debug"}, Dialect::CUTECHESS).config.log_path, "-");
  EXPECT_TRUE(parse_ok({"-resultformat", "default"}, Dialect::CUTECHESS).config.log_path.empty());
  EXPECT_NE(parse_error({"-resultformat", "wide"}, Dialect::CUTECHESS).find("-resultformat wide: not supported"),
            std::string::npos);
  auto err = parse_ok({"-each", "stderr=/tmp/e.txt"}, Dialect::CUTECHESS);
  EXPECT_EQ(err.output.stderr_files.at("a"), "/tmp/e.txt");
  // conf=NAME reads ./engines.json as Cute Chess writes it.
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "cutechess_conf";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "engines.json") << R"([{"name": "Other", "command": "/bin/false"},
             {"name": "Mine", "command": "/bin/true", "protocol": "xboard", "workingDirectory": "/tmp",
              "initStrings": ["st 1"], "restart": "on", "options": [{"name": "Hash", "value": 64}, {"name": "Style", "value": "wild"}]}])";
  const auto here = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  auto conf = harness::parse_foreign_command_line(
      Dialect::CUTECHESS, {"-engine", "conf=Mine", "-engine", "cmd=/bin/true", "-each", "tc=1+0.01", "-openings",
                           "file=/tmp/b.epd", "-repeat", "-games", "2"});
  auto missing = harness::parse_foreign_command_line(Dialect::CUTECHESS, {"-engine", "conf=Nobody", "-engine", "cmd=/bin/true",
                                                                          "-each", "tc=1+0.01", "-openings", "file=/tmp/b.epd"});
  std::filesystem::current_path(here);
  ASSERT_TRUE(conf) << conf.error();
  const harness::EngineConfig& e = conf->config.engines[0];
  EXPECT_EQ(e.name, "Mine");
  EXPECT_EQ(e.command, "/bin/true");
  EXPECT_EQ(e.protocol, harness::Protocol::XBOARD);
  EXPECT_EQ(e.working_dir, "/tmp");
  EXPECT_EQ(e.init_strings, (std::vector<std::string>{"st 1"}));
  EXPECT_TRUE(e.restart_each_game);
  EXPECT_EQ(*e.option("Hash"), "64");
  EXPECT_EQ(*e.option("Style"), "wild");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("conf=Nobody: no engine of that name in"), std::string::npos) << missing.error();
}

TEST(ForeignRun, FastchessDeadlinesAreTheRunsEngineDeadlines) {
  const harness::EngineDeadlines defaults;
  EXPECT_EQ(parse_ok({}).config.settings.deadlines, defaults);  // fastchess's: 10000, 60000, 60000
  EXPECT_EQ(defaults.startup_ms, 10000);
  EXPECT_EQ(defaults.ucinewgame_ms, 60000);
  EXPECT_EQ(defaults.ping_ms, 60000);
  const auto d = parse_ok({"-startup-ms", "1500", "-ucinewgame-ms", "2500", "-ping-ms", "3500"}).config.settings.deadlines;
  EXPECT_EQ(d.startup_ms, 1500);
  EXPECT_EQ(d.ucinewgame_ms, 2500);
  EXPECT_EQ(d.ping_ms, 3500);
  EXPECT_NE(parse_error({"-startup-ms", "0"}).find("startup-ms must be from 1 to 3600000 milliseconds, got 0"), std::string::npos)
      << parse_error({"-startup-ms", "0"});
  EXPECT_NE(parse_error({"-ping-ms", "soon"}).find("-ping-ms"), std::string::npos);
}

// The limits of -engine and -each are read by the reader of every other door, with its bounds.
TEST(ForeignRun, EngineLimitsHaveTheBoundsOfEveryOtherDoor) {
  for (const std::string key : {"nodes", "depth", "timemargin"}) {
    const std::string value = key == "timemargin" ? "-1" : "0";
    auto spec = harness::parse_engine_spec("cmd=/bin/true " + key + "=" + value);
    ASSERT_FALSE(spec) << key;
    const std::string foreign = parse_error({"-each", key + "=" + value});
    const std::string reason = spec.error().substr(spec.error().find(key + "=" + value));
    EXPECT_NE(foreign.find(reason), std::string::npos) << foreign << " vs " << reason;
  }
  EXPECT_NE(parse_error({"-each", "st=0"}).find("movetime must be"), std::string::npos);
  EXPECT_NE(parse_error({"-each", "depth=1001"}).find("from 1 to 1000"), std::string::npos);
  EXPECT_EQ(parse_ok({"-each", "tc=inf", "nodes=5000"}).config.settings.tc.nodes, 5000u);
  EXPECT_EQ(parse_ok({"-each", "tc=inf", "st=0.25s"}).config.settings.tc.movetime_ms, 250);
}

// Every option of the table is in the help, and suggestions come from it.
TEST(ForeignRun, HelpAndSuggestionsComeFromTheOptionTable) {
  const std::string help = harness::foreign_help(Dialect::FASTCHESS);
  for (const char* flag : {"-engine ", "-ratinginterval ", "-check-mate-pvs ", "-startup-ms ", "-crc32 ", "cmd=COMMAND"})
    EXPECT_NE(help.find(flag), std::string::npos) << flag;
  EXPECT_NE(parse_error({"-ratinginterva", "3"}).find("did you mean '-ratinginterval'"), std::string::npos);
  EXPECT_NE(parse_error({"-check-mate-pv"}).find("did you mean '-check-mate-pvs'"), std::string::npos);
  EXPECT_NE(parse_error({"-each", "timemargn=5"}).find("did you mean 'timemargin'"), std::string::npos);
  EXPECT_NE(harness::foreign_help(Dialect::CUTECHESS).find("initstr=TEXT"), std::string::npos);
}

TEST(ForeignRun, BadValuesNameTheOption) {
  EXPECT_NE(parse_error({"-concurrency", "many"}).find("-concurrency"), std::string::npos);
  EXPECT_NE(parse_error({"-each", "tc=fast"}).find("tc"), std::string::npos);
  EXPECT_EQ(parse_error({"-sprt", "elo0=1", "elo1=0"}), "-sprt: elo0 must be below elo1");
  EXPECT_EQ(parse_error({"-sprt", "elo0=0", "elo1=5", "model=bayes"}),
            "-sprt: model must be 'normalized' or 'logistic', got 'bayes'");
  EXPECT_NE(parse_error({"-openings", "file=/tmp/b.epd", "format=pgn"}).find("format=pgn"), std::string::npos);
  EXPECT_NE(parse_error({"-engine", "name=c"}).find("cmd="), std::string::npos);
}

// An empty path is refused by its key (std::filesystem::absolute throws on one: found by
// foreign_command_line_fuzz with "-openings file="), and a value that is not UTF-8 by its
// setting, in each program's spelling.
TEST(ForeignRun, AnEmptyPathOrOneThatIsNotUtf8IsRefusedByItsKey) {
  EXPECT_EQ(parse_error({"-openings", "file="}), "-openings file: expects a path, got nothing");
  EXPECT_EQ(parse_error({"-tb", ""}), "-tb: expects a path, got nothing");
  EXPECT_EQ(parse_error({"-log", "file="}), "-log file: expects a path, got nothing");
  EXPECT_EQ(parse_error({"-openings", "file=/tmp/b\xFC.epd"}),
            "-openings '/tmp/b\\xfc.epd' is not UTF-8 text (byte 0xFC at offset 6): a run's settings are stored as JSON, "
            "whose text is UTF-8");
  const std::string dir = parse_error({"-engine", "cmd=/bin/true", "name=c", "dir=/tmp/\xFC"}, Dialect::CUTECHESS);
  EXPECT_NE(dir.find("-engine engine 'c' 'working_dir': '/tmp/\\xfc' is not UTF-8 text"), std::string::npos) << dir;
}

TEST(ForeignRun, ReasonsUseThoseProgramsWords) {
  harness::GameRecord g;
  g.result = chess::GameResult::BLACK_WINS;
  const std::pair<harness::GameEnd, std::string> cases[] = {{harness::GameEnd::MATE, "Black mates"},
                                                            {harness::GameEnd::TIME, "White loses on time"},
                                                            {harness::GameEnd::CRASH, "White disconnects"},
                                                            {harness::GameEnd::STALL, "White loses on time"},
                                                            {harness::GameEnd::ILLEGAL_MOVE, "White makes an illegal move"},
                                                            {harness::GameEnd::ADJUDICATED_RESIGN, "Black wins by adjudication"}};
  for (const auto& [end, words] : cases) {
    g.end = end;
    EXPECT_EQ(harness::foreign_reason(g, harness::LineFormat::FASTCHESS), words);
  }
  // As fastchess: no move before the clock ran out is a loss on time; an engine silent past a
  // node or depth search's timeout has stalled.
  g.end = harness::GameEnd::STALL;
  g.reason = harness::end_reason(harness::GameEnd::STALL, chess::WHITE, "no move within the 60000 ms");
  EXPECT_EQ(harness::foreign_reason(g, harness::LineFormat::FASTCHESS), "White's connection stalls");
  g.result = chess::GameResult::DRAW;
  g.end = harness::GameEnd::REPETITION;
  EXPECT_EQ(harness::foreign_reason(g, harness::LineFormat::FASTCHESS), "Draw by 3-fold repetition");
  g.end = harness::GameEnd::ADJUDICATED_MAX_MOVES;
  EXPECT_EQ(harness::foreign_reason(g, harness::LineFormat::CUTECHESS), "Draw by adjudication: maximal game length");
}

}  // namespace

#include "frontends/front_end.h"

namespace {

// A shared row looked up by a name that is not shared comes back as a refused "?" row: every
// program's table must name only rows that exist.
TEST(ForeignRun, EveryProgramsTableNamesRowsThatExist) {
  for (harness::Dialect d : {Dialect::FASTCHESS, Dialect::CUTECHESS}) {
    const harness::frontend::FrontEnd& program = harness::frontend::front_end(d);
    for (const auto& row : program.options) EXPECT_NE(std::string(row.name), "?") << program.program;
    for (const auto& row : program.engine_keys) EXPECT_NE(std::string(row.key), "?") << program.program;
    EXPECT_GT(program.options.size(), 30u);
  }
}

}  // namespace
