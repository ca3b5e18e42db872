// The tests of commits (runs that `harness test` started, or matches of registry engines built
// from git) as a testing server's index lists them, newest first: dev against base with the
// dev's commit subject, the time control, games, Elo with its interval, the SPRT's LLR between
// its bounds, and the status. The dashboard's /tests page and /api/tests draw from it.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "storage/database.h"

namespace harness {

struct TestListRow {
  std::int64_t id = 0;
  std::string status, created;
  std::string dev, base;  // "dev-1a2b3c4d", with the commit subject apart
  std::string dev_subject, base_subject;
  std::string tc;
  int games = 0, planned = 0;
  double elo = 0, elo_error = 0;  // not finite when every game was won or lost
  std::optional<double> llr, lower, upper;
  std::string sprt;  // "elo0=0 elo1=5", or "" without an SPRT
};

chess::Result<std::vector<TestListRow>> test_list(Database& db);
void to_json(nlohmann::json& j, const TestListRow& row);
// The page: a table redrawn from /api/tests every few seconds.
std::string tests_page(const std::string& db_path, const std::vector<TestListRow>& rows);

}  // namespace harness
