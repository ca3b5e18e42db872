#include <gtest/gtest.h>

#include "run/schedule.h"

namespace {

harness::MatchConfig tournament(harness::TournamentKind kind, int engines, int rounds, bool opening_per_round) {
  harness::MatchConfig c;
  c.kind = kind;
  for (int i = 0; i < engines; ++i) c.engines.push_back(harness::EngineConfig::named("e" + std::to_string(i), "/bin/true"));
  c.rounds = rounds;
  c.opening_per_round = opening_per_round;
  c.openings_path = "book.epd";
  return c;
}

TEST(Schedule, PairsPlayTwoKPlusOneAgainstTwoK) {
  auto schedule = harness::make_schedule(tournament(harness::TournamentKind::PAIRS, 6, 2, false));
  ASSERT_EQ(schedule.size(), 12u);  // 3 pairs of engines, a game pair each, two rounds
  for (const harness::GameSpec& g : schedule) {
    EXPECT_EQ(std::min(g.white, g.black) % 2, 0);
    EXPECT_EQ(std::max(g.white, g.black), std::min(g.white, g.black) + 1);
    EXPECT_EQ(g.opening, g.pair_index);  // each game pair its own opening
  }
  EXPECT_EQ(schedule[0].white, schedule[1].black);  // colours reversed within a pair
}

TEST(Schedule, AGauntletRoundCanShareOneOpening) {
  auto shared = harness::make_schedule(tournament(harness::TournamentKind::GAUNTLET, 5, 3, true));
  ASSERT_EQ(shared.size(), 24u);
  for (const harness::GameSpec& g : shared) {
    EXPECT_TRUE(g.white == 0 || g.black == 0);
    EXPECT_EQ(g.opening, g.pair_index / 4);  // the round's opening for all four encounters
  }
  auto own = harness::make_schedule(tournament(harness::TournamentKind::GAUNTLET, 5, 3, false));
  EXPECT_EQ(own.back().opening, 11);
}

// Unpaired: each game its own opening, colours alternating game by game, each game its own
// shard unit; stored and read back so.
TEST(Schedule, UnpairedGamesPlayEachOpeningOnceWithColoursAlternating) {
  auto match = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  match.games = 5;
  match.paired = false;
  EXPECT_TRUE(match.validate().empty()) << match.validate().describe(harness::json_key_spelling);  // odd is fine
  auto games = harness::make_schedule(match);
  ASSERT_EQ(games.size(), 5u);
  for (int g = 0; g < 5; ++g) {
    EXPECT_EQ(games[g].opening, g);
    EXPECT_EQ(games[g].pair_index, g);
    EXPECT_EQ(games[g].white, g % 2);
  }
  auto gauntlet = tournament(harness::TournamentKind::GAUNTLET, 3, 4, false);
  gauntlet.paired = false;
  auto rounds = harness::make_schedule(gauntlet);
  ASSERT_EQ(rounds.size(), 8u);  // two encounters, one game each, four rounds
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    EXPECT_EQ(rounds[i].opening, int(i));
    EXPECT_EQ(rounds[i].white == 0, i % 2 == 0) << i;  // colours alternate game by game, as fastchess's
  }
  auto back = harness::MatchConfig::from_json(match.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_FALSE(back->paired);
  EXPECT_TRUE(harness::MatchConfig::from_json(tournament(harness::TournamentKind::GAUNTLET, 3, 1, false).to_json())->paired);
  auto pairs = tournament(harness::TournamentKind::PAIRS, 4, 1, false);
  pairs.paired = false;
  EXPECT_NE(pairs.validate().describe(harness::json_key_spelling).find("unpaired"), std::string::npos);
}

TEST(Schedule, TheOpeningChoiceSurvivesTheStoredConfiguration) {
  auto c = tournament(harness::TournamentKind::PAIRS, 4, 1, true);
  auto back = harness::MatchConfig::from_json(c.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->kind, harness::TournamentKind::PAIRS);
  EXPECT_TRUE(back->opening_per_round);
}

}  // namespace

namespace {

TEST(Shard, ParsesKOfN) {
  auto s = harness::parse_shard("2/4");
  ASSERT_TRUE(s) << s.error();
  EXPECT_EQ(s->index, 1);
  EXPECT_EQ(s->count, 4);
  EXPECT_EQ(s->describe(), "2/4");
  EXPECT_FALSE(harness::parse_shard("1/1")->active());
}

TEST(Shard, RefusesWhatIsNotAShareOfTheRun) {
  const std::pair<const char*, const char*> bad[] = {{"3/2", "K must be from 1 to N=2"},
                                                     {"0/0", "N must be at least 1"},
                                                     {"0/3", "K must be from 1 to N=3"},
                                                     {"2", "expected K/N"},
                                                     {"-1/2", "expected K/N"},
                                                     {"1/99999999999", "expected K/N"},
                                                     {"a/b", "expected K/N"},
                                                     {"", "expected K/N"},
                                                     {"1/2/3", "expected K/N"}};
  for (const auto& [text, message] : bad) {
    auto s = harness::parse_shard(text);
    ASSERT_FALSE(s) << text;
    EXPECT_NE(s.error().find(message), std::string::npos) << text << ": " << s.error();
  }
}

TEST(Shard, TheShardsPlayEveryGameOnceInWholePairs) {
  for (auto kind : {harness::TournamentKind::MATCH, harness::TournamentKind::ROUND_ROBIN, harness::TournamentKind::GAUNTLET}) {
    harness::MatchConfig c = tournament(kind, kind == harness::TournamentKind::MATCH ? 2 : 4, 3, false);
    c.games = 22;
    const auto all = harness::make_schedule(c);
    const harness::Schedule schedule(c);
    for (int n : {1, 2, 3, 4, 7}) {
      std::vector<int> seen(all.size(), 0);
      for (int k = 0; k < n; ++k) {
        int walked = 0;  // the shard's games as the runner walks them
        for (int at = schedule.next_in_shard(0, {k, n}); at < schedule.size(); at = schedule.next_in_shard(at + 1, {k, n})) {
          const harness::GameSpec g = schedule.at(at);
          ++walked;
          ++seen[std::size_t(g.game_index)];
          EXPECT_EQ(g.pair_index % n, k);
          // The same game as unsharded: colours and opening too.
          EXPECT_EQ(g.white, all[std::size_t(g.game_index)].white);
          EXPECT_EQ(g.opening, all[std::size_t(g.game_index)].opening);
        }
        EXPECT_EQ(walked, schedule.shard_size({k, n}));
      }
      for (int count : seen) EXPECT_EQ(count, 1);
    }
  }
}

TEST(Shard, SurvivesTheStoredConfigurationAndUnshardedDropsIt) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  c.shard = {2, 5};
  auto back = harness::MatchConfig::from_json(c.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->shard, c.shard);
  EXPECT_FALSE(c.unsharded().shard.active());
  EXPECT_EQ(c.unsharded().to_json().find("shard"), std::string::npos);
}

}  // namespace

namespace {

TEST(EngineLimits, SurviveTheStoredConfiguration) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  c.engines[0].limit = harness::TimeControl::clock(0, 1000, 10);
  c.engines[0].time_margin_ms = 25;
  c.engines[1].limit = harness::TimeControl::fixed_nodes(5000);
  auto back = harness::MatchConfig::from_json(c.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->to_json(), c.to_json());
  EXPECT_EQ(harness::engine_limits_text(back->engines[0]), "tc=1+0.01 timemargin=25");
  EXPECT_EQ(harness::engine_limits_text(back->engines[1]), "nodes=5000");
}

}  // namespace

namespace {

std::string problems_of(const harness::MatchConfig& c) { return c.validate().describe(harness::command_line_spelling); }

TEST(MatchConfigValidate, AGoodConfigurationHasNoProblem) {
  EXPECT_EQ(problems_of(tournament(harness::TournamentKind::MATCH, 2, 1, false)), "");
}

TEST(MatchConfigValidate, EveryProblemIsNamedByItsSetting) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 3, 1, false);
  c.games = 3;
  c.concurrency = 0;
  c.settings.ponder = true;
  c.settings.tc = harness::TimeControl::fixed_depth(0);
  c.settings.tb_pieces = 9;
  EXPECT_EQ(problems_of(c),
            "--engines a match needs exactly two engines, got 3\n"
            "--games must be even: games are played in pairs with colours reversed, got 3\n"
            "--concurrency must be from 1 to 1024, got 0\n"
            "--depth must be at least 1\n"
            "--ponder needs a clock time control (--tc): with fixed moves, depth or nodes there is no clock to save\n"
            "--tb-pieces needs --tb DIRECTORY\n"
            "--tb-pieces must be from 3 to 7, got 9");
}

TEST(MatchConfigValidate, AnXboardEngineCannotTakeANodeLimit) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  c.engines[1].protocol = harness::Protocol::XBOARD;
  c.settings.tc = harness::TimeControl::fixed_nodes(100);
  EXPECT_EQ(problems_of(c),
            "--nodes cannot limit engine 'e1': it speaks xboard, which has no node limit; use --tc, --movetime or --depth");
}

// Rules added since a run was stored do not lock it out: it still resumes and reports.
TEST(StoredConfiguration, ARunStoredWithAnOddNumberOfGamesStillReads) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  c.games = 3;
  EXPECT_FALSE(c.validate().empty());
  auto back = harness::MatchConfig::from_json(c.to_json());
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->games, 3);
}

TEST(MatchConfigValidate, AnSprtBelongsToAMatch) {
  harness::MatchConfig c = tournament(harness::TournamentKind::ROUND_ROBIN, 3, 1, false);
  c.sprt = harness::SprtConfig{};
  EXPECT_EQ(problems_of(c), "--sprt works only in a match of two engines");
}

TEST(StoredConfiguration, EnumsAreStoredByName) {
  harness::MatchConfig c = tournament(harness::TournamentKind::ROUND_ROBIN, 3, 1, false);
  c.settings.tc = harness::TimeControl::fixed_nodes(500);
  c.order = harness::OpeningOrder::RANDOM;
  const std::string json = c.to_json();
  EXPECT_NE(json.find("\"kind\":\"round-robin\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"kind\":\"nodes\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"order\":\"random\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"protocol\":\"uci\""), std::string::npos) << json;
  auto back = harness::MatchConfig::from_json(json);
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->to_json(), json);
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  return text.replace(text.find(from), from.size(), to);
}

TEST(StoredConfiguration, UnknownNamesAreRefusedNotDefaulted) {
  const std::string json = tournament(harness::TournamentKind::GAUNTLET, 3, 1, false).to_json();
  EXPECT_EQ(harness::MatchConfig::from_json(replaced(json, "\"gauntlet\"", "\"swiss\"")).error(),
            "stored run configuration is unreadable: 'kind': unknown run kind 'swiss' (expected match, round-robin, gauntlet or "
            "pairs)");
  EXPECT_NE(harness::MatchConfig::from_json(replaced(json, "\"kind\":\"clock\"", "\"kind\":\"hourglass\""))
                .error()
                .find("unknown time control kind 'hourglass'"),
            std::string::npos);
  EXPECT_NE(harness::MatchConfig::from_json(replaced(json, "\"sequential\"", "\"shuffled\"")).error().find("'order'"),
            std::string::npos);
}

TEST(StoredConfiguration, ARunStoredWithTheKindAsANumberStillReads) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  c.settings.tc = harness::TimeControl::fixed_nodes(500);
  auto back = harness::MatchConfig::from_json(replaced(c.to_json(), "\"kind\":\"nodes\"", "\"kind\":3"));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ(back->settings.tc.kind, harness::TimeControl::Kind::NODES);
}

TEST(StoredConfiguration, AStoredRunThatFailsValidationIsRefused) {
  harness::MatchConfig c = tournament(harness::TournamentKind::MATCH, 2, 1, false);
  const std::string json = replaced(c.to_json(), "\"games\":100", "\"games\":0");
  EXPECT_EQ(harness::MatchConfig::from_json(json).error(), "stored run configuration: 'games' must be from 1 to 10000000, got 0");
}

}  // namespace
