// The schema frameworks validate against names what the harness writes: its enums of event
// names, warning kinds, game ends and PV faults are the harness's own tables, entry for entry.
#include "events/event_kinds.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "record/pv_warning.h"
#include "record/termination.h"

namespace {

nlohmann::json schema() {
  std::ifstream in(PROJECT_DIR "/docs/events.schema.json");
  return nlohmann::json::parse(in);
}

std::vector<std::string> names(const nlohmann::json& list) { return list.get<std::vector<std::string>>(); }

TEST(EventKinds, TheSchemaNamesEveryEventInTheTablesOrder) {
  std::vector<std::string> ours;
  for (int i = 0; i < harness::EVENT_KINDS; ++i) ours.push_back(harness::event_name(harness::EventKind(i)));
  EXPECT_EQ(names(schema()["properties"]["event"]["enum"]), ours);
  for (const std::string& name : ours) {
    ASSERT_TRUE(harness::parse_event_name(name)) << name;
    EXPECT_STREQ(harness::event_name(*harness::parse_event_name(name)), name.c_str());
    EXPECT_TRUE(schema()["$defs"].contains(name)) << name << " has no definition";
  }
  EXPECT_FALSE(harness::parse_event_name("game_over"));
}

TEST(EventKinds, TheSchemaNamesEveryWarningGameEndAndPvFault) {
  const nlohmann::json defs = schema()["$defs"];
  std::vector<std::string> warnings, ends, faults;
  for (int i = 0; i < harness::WARNING_KINDS; ++i) warnings.push_back(harness::warning_name(harness::WarningKind(i)));
  for (int i = 0; i < harness::GAME_ENDS; ++i) ends.push_back(harness::game_end_name(harness::GameEnd(i)));
  for (int i = 0; i < harness::PV_FAULTS; ++i) faults.push_back(harness::pv_fault_key(harness::PvFault(i)));
  EXPECT_EQ(names(defs["warning"]["properties"]["kind"]["enum"]), warnings);
  EXPECT_EQ(names(defs["game_end"]["properties"]["termination"]["enum"]), ends);
  EXPECT_EQ(names(defs["warning"]["properties"]["fault"]["enum"]), faults);
}

TEST(EventKinds, TheSchemaNamesEveryStatusARunsSessionEndsWith) {
  std::vector<std::string> ours;
  for (int i = 0; i < harness::RUN_END_STATUSES; ++i) ours.push_back(harness::run_end_status_name(harness::RunEndStatus(i)));
  EXPECT_EQ(names(schema()["$defs"]["run_end"]["properties"]["status"]["enum"]), ours);
  for (const std::string& name : ours)
    EXPECT_STREQ(harness::run_end_status_name(*harness::parse_run_end_status(name)), name.c_str());
  EXPECT_FALSE(harness::parse_run_end_status("stopped"))
      << "a run is stored stopped; its session ended interrupted or incomplete";
}

TEST(EventKinds, AStallIsATimeLossWithAClockAndACrashWithoutOne) {
  using harness::GameEnd;
  EXPECT_STREQ(harness::fault_class(GameEnd::STALL, harness::end_reason(GameEnd::STALL, chess::WHITE)), "time_loss");
  EXPECT_STREQ(harness::fault_class(GameEnd::STALL, harness::end_reason(GameEnd::STALL, chess::WHITE, "no move within 60000 ms")),
               "crash");
  EXPECT_STREQ(harness::fault_class(GameEnd::CRASH, ""), "crash");
  EXPECT_STREQ(harness::fault_class(GameEnd::ILLEGAL_MOVE, ""), "illegal_move");
  EXPECT_STREQ(harness::fault_class(GameEnd::MATE, ""), "");
}

}  // namespace
