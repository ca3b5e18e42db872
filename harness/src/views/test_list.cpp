#include "views/test_list.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "views/html_page.h"
#include "run/run_tally.h"
#include "stats/elo.h"

namespace harness {

namespace {

std::string html_text(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return out;
}

// The commit engine `i` was built from, if it was: by its name (a match of registry engines
// may have only one side built from git).
const TestedCommit* commit_of(const MatchConfig& c, std::size_t i) {
  for (const TestedCommit& t : c.tested)
    if (t.name == c.engines.at(i).name) return &t;
  return nullptr;
}

chess::Result<std::optional<TestListRow>> test_row(Database& db, const RunRow& run) {
  auto config = MatchConfig::from_json(run.config);
  if (!config || config->tested.empty() || config->kind != TournamentKind::MATCH) return std::optional<TestListRow>{};
  const MatchConfig& c = *config;
  TestListRow row;
  row.id = run.id;
  row.status = run.status_text();
  row.created = run.created_at;
  row.dev = c.engines.at(0).name;
  row.base = c.engines.at(1).name;
  if (const TestedCommit* dev = commit_of(c, 0)) row.dev_subject = dev->subject;
  if (const TestedCommit* base = commit_of(c, 1)) row.base_subject = base->subject;
  row.tc = c.speed_scale ? describe(*c.speed_scale, c.settings.tc) : c.settings.tc.describe();
  auto results = db.game_results(run.id);
  CHESS_RETURN_IF_ERROR(results);
  RunTally tally(c);
  for (const auto& [index, result] : *results) tally.add(index, result);
  const Tally t = tally.match_tally();
  row.games = t.games();
  row.planned = planned_games(c);
  const EloEstimate e = estimate(t);
  row.elo = e.elo;
  row.elo_error = e.elo_error;
  if (c.sprt) {
    row.llr = sprt_llr(t, *c.sprt);
    row.lower = c.sprt->lower_bound();
    row.upper = c.sprt->upper_bound();
    char text[64];
    std::snprintf(text, sizeof text, "elo0=%g elo1=%g", c.sprt->elo0, c.sprt->elo1);
    row.sprt = text;
  }
  return std::optional<TestListRow>{row};
}

// The body counts the rows drawn and the script errors (data-rows, data-errors), as the report
// pages count theirs, so that a browser test reads them from the DOM.
const char* const TESTS_SCRIPT = R"(<script>
window.addEventListener("error", () => { document.body.dataset.errors = String(Number(document.body.dataset.errors) + 1); });
const fixed = (v, d) => v === null || v === undefined || !isFinite(v) ? "n/a" : Number(v).toFixed(d);
const cell = (t) => { const td = document.createElement("td"); td.textContent = t; return td; };
// The LLR as a bar between its bounds: left of the middle towards H0, right towards H1.
function llrCell(r) {
  const td = document.createElement("td");
  if (r.llr === undefined) { td.textContent = "-"; return td; }
  const share = Math.min(1, Math.max(0, (r.llr - r.lower) / (r.upper - r.lower)));
  td.innerHTML = '<div class="llr"><div class="fill"></div></div> ';
  td.firstChild.firstChild.style.width = (100 * share).toFixed(1) + "%";
  td.append(`${fixed(r.llr, 2)} (${fixed(r.lower, 2)}, ${fixed(r.upper, 2)}) ${r.sprt}`);
  return td;
}
function draw(rows) {
  document.body.dataset.rows = String(rows.length);
  const table = document.getElementById("tests");
  while (table.rows.length > 1) table.deleteRow(1);
  for (const r of rows) {
    const tr = table.insertRow();
    const id = cell("");
    const a = document.createElement("a");
    a.href = "/run/" + r.id;
    a.textContent = r.id;
    id.append(a);
    tr.append(id, cell(r.dev + " " + r.dev_subject), cell(r.base + (r.base_subject ? " " + r.base_subject : "")), cell(r.tc),
      cell(r.games + "/" + r.planned), cell(fixed(r.elo, 1) + " +/- " + fixed(r.elo_error, 1)), llrCell(r), cell(r.status),
      cell(r.created));
  }
}
draw(@@ROWS@@);
setInterval(async () => {
  const response = await fetch("/api/tests", { cache: "no-store" });
  if (response.ok) draw(await response.json());
}, 3000);
</script>)";

}  // namespace

chess::Result<std::vector<TestListRow>> test_list(Database& db) {
  auto runs = db.runs();
  CHESS_RETURN_IF_ERROR(runs);
  std::vector<TestListRow> rows;
  for (auto it = runs->rbegin(); it != runs->rend(); ++it) {
    if (it->kind != RunKind::MATCH) continue;
    auto row = test_row(db, *it);
    CHESS_RETURN_IF_ERROR(row);
    if (*row) rows.push_back(**row);
  }
  return rows;
}

void to_json(nlohmann::json& j, const TestListRow& r) {
  const auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  j = {{"id", r.id},       {"status", r.status},           {"created", r.created},           {"dev", r.dev},
       {"base", r.base},   {"dev_subject", r.dev_subject}, {"base_subject", r.base_subject}, {"tc", r.tc},
       {"games", r.games}, {"planned", r.planned},         {"elo", number(r.elo)},           {"elo_error", number(r.elo_error)}};
  if (r.llr) j.update({{"llr", *r.llr}, {"lower", *r.lower}, {"upper", *r.upper}, {"sprt", r.sprt}});
}

std::string tests_page(const std::string& db_path, const std::vector<TestListRow>& rows) {
  std::string script = TESTS_SCRIPT;
  std::string data = nlohmann::json(rows).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  data = script_safe(data);
  script.replace(script.find("@@ROWS@@"), 8, data);
  return "<!doctype html><html><head><meta charset=\"utf-8\"><title>Workbench tests</title><style>"
         "body{font:14px system-ui,sans-serif;margin:20px}table{border-collapse:collapse}"
         "td,th{border:1px solid #ccd;padding:3px 8px}th{background:#eef}"
         ".llr{display:inline-block;width:120px;height:10px;background:#f3d6d6;border:1px solid #bbb;vertical-align:middle}"
         ".llr .fill{height:100%;background:#7bc47f}</style></head><body data-errors=\"0\" data-rows=\"0\"><h1>Tests in " +
         html_text(db_path) +
         "</h1><p><a href=\"/\">all runs</a></p><table id=\"tests\"><tr><th>run</th><th>dev</th><th>base</th><th>time "
         "control</th><th>games</th><th>Elo</th><th>LLR</th><th>status</th><th>started</th></tr></table>" +
         script + "</body></html>\n";
}

}  // namespace harness
