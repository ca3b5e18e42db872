#include "loop/step_detail.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "json/json_input.h"
#include "stats/elo.h"

namespace tuner {

using nlohmann::json;

DetailReader::DetailReader(std::string where, const std::string& text)
    : where_(std::move(where)), object_(json_input::parse_or_discarded(text)) {
  if (!object_.is_object()) note(where_ + ": its stored detail is not a JSON object");
}

DetailReader::DetailReader(std::string where, std::string prefix, json object)
    : where_(std::move(where)), prefix_(std::move(prefix)), object_(std::move(object)) {}

void DetailReader::note(const std::string& problem) {
  if (problem_.empty()) problem_ = problem;
}

const json* DetailReader::find(const char* key, const char* type) {
  if (!object_.is_object()) return nullptr;  // noted when it was read
  const auto it = object_.find(key);
  if (it == object_.end()) {
    note(where_ + ": its stored detail has no '" + prefix_ + key + "' (" + type + ")");
    return nullptr;
  }
  return &*it;
}

bool DetailReader::has(const char* key) const { return object_.is_object() && object_.contains(key); }

const json* DetailReader::value(const char* key, const char* type, bool (*holds)(const json&)) {
  const json* v = find(key, type);
  if (!v || holds(*v)) return v;
  note(where_ + ": '" + prefix_ + key + "' must be " + type + ", got " + json_input::quoted(*v));
  return nullptr;
}

std::string DetailReader::text(const char* key) {
  const json* v = value(key, "a string", [](const json& x) { return x.is_string(); });
  return v ? v->get<std::string>() : "";
}

double DetailReader::number(const char* key) {
  const json* v = value(key, "a number", [](const json& x) { return x.is_number(); });
  return v ? v->get<double>() : 0.0;
}

std::int64_t DetailReader::integer(const char* key) {
  const json* v = value(key, "an integer", [](const json& x) { return json_input::holds<std::int64_t>(x); });
  return v ? v->get<std::int64_t>() : 0;
}

int DetailReader::count(const char* key) {
  const json* v = value(key, "an integer", [](const json& x) { return json_input::holds<int>(x); });
  return v ? v->get<int>() : 0;
}

bool DetailReader::flag(const char* key) {
  const json* v = value(key, "true or false", [](const json& x) { return x.is_boolean(); });
  return v ? v->get<bool>() : false;
}

std::optional<double> DetailReader::number_or_null(const char* key) {
  const json* v = value(key, "a number or null", [](const json& x) { return x.is_number() || x.is_null(); });
  return v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt;
}

std::vector<std::string> DetailReader::texts(const char* key) {
  const json* v = value(key, "an array of strings", [](const json& x) {
    return x.is_array() && std::all_of(x.begin(), x.end(), [](const json& item) { return item.is_string(); });
  });
  return v ? v->get<std::vector<std::string>>() : std::vector<std::string>{};
}

std::array<int, 5> DetailReader::pentanomial(const char* key) {
  const json* v = value(key, "an array of 5 integers", [](const json& x) {
    return x.is_array() && x.size() == 5 &&
           std::all_of(x.begin(), x.end(), [](const json& item) { return json_input::holds<int>(item); });
  });
  std::array<int, 5> counts{};
  if (v)
    for (std::size_t i = 0; i < counts.size(); ++i) counts[i] = (*v)[i].get<int>();
  return counts;
}

DetailReader DetailReader::object(const char* key) {
  const json* v = find(key, "an object");
  if (v && !v->is_object()) note(where_ + ": '" + prefix_ + key + "' must be an object, got " + json_input::quoted(*v));
  return DetailReader(where_, prefix_ + key + ".", v && v->is_object() ? *v : json::object());
}

void DetailReader::take_problem(const DetailReader& inner) {
  if (!inner.problem_.empty()) note(inner.problem_);
}

namespace {

json number_or_null_json(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

std::optional<double> finite_or_none(double v) { return std::isfinite(v) ? std::optional<double>(v) : std::nullopt; }

void put_figures(json& j, const MatchFigures& m) {
  j.update(json{{"run", m.run},
                {"games", m.games},
                {"wins", m.wins},
                {"draws", m.draws},
                {"losses", m.losses},
                {"pentanomial", m.pentanomial},
                {"elo", number_or_null_json(m.elo)},
                {"elo_error", number_or_null_json(m.elo_error)},
                {"nelo", number_or_null_json(m.nelo)},
                {"nelo_error", number_or_null_json(m.nelo_error)},
                {"los", number_or_null_json(m.los)}});
}

MatchFigures read_figures(DetailReader& r) {
  MatchFigures m;
  m.run = r.integer("run");
  m.games = r.count("games");
  m.wins = r.count("wins");
  m.draws = r.count("draws");
  m.losses = r.count("losses");
  m.pentanomial = r.pentanomial("pentanomial");
  m.elo = r.number_or_null("elo");
  m.elo_error = r.number_or_null("elo_error");
  m.nelo = r.number_or_null("nelo");
  m.nelo_error = r.number_or_null("nelo_error");
  m.los = r.number_or_null("los");
  return m;
}

void read_fields(DetailReader& r, DatagenDetail& d) {
  d.games = read_figures(r);
  d.network = r.text("network");
  d.parent_generation = r.count("parent_generation");
}

void read_fields(DetailReader& r, ExportDetail& d) {
  d.file = r.text("file");
  d.format = r.text("format");
  d.sha256 = r.text("sha256");
  d.positions = r.integer("positions");
  d.games = r.integer("games");
  d.scored = r.integer("scored");
}

void read_fields(DetailReader& r, TrainDetail& d) {
  d.run = r.integer("run");
  d.network = r.text("network");
  d.raw = r.text("raw");
  d.sha256 = r.text("sha256");
  d.data = r.texts("data");
  d.positions = r.integer("positions");
  d.parent_generation = r.count("parent_generation");
  d.started_from = r.text("started_from");
  d.superbatches = r.integer("superbatches");
  d.seconds = r.number("seconds");
  if (r.has("train_loss")) d.train_loss = r.number("train_loss");
  if (r.has("validation_loss")) d.validation_loss = r.number("validation_loss");
}

void read_fields(DetailReader& r, TrainProgress& d) {
  if (r.has("job")) d.job = r.text("job");
}

void read_fields(DetailReader& r, GateDetail& d) {
  d.games = read_figures(r);
  d.promoted = r.flag("promoted");
  if (r.has("llr")) d.sprt = GateSprt{r.number("llr"), r.number("lower_bound"), r.number("upper_bound"), r.text("decision")};
  d.candidate = r.text("candidate");
  d.best = r.text("best");
  d.best_generation = r.count("best_generation");
}

void read_fields(DetailReader& r, MeasureDetail& d) { d.games = read_figures(r); }

}  // namespace

MatchFigures match_figures(std::int64_t run, const harness::Tally& t) {
  const harness::EloEstimate e = harness::estimate(t);
  MatchFigures m;
  m.run = run;
  m.games = t.games();
  m.wins = t.wins;
  m.draws = t.draws;
  m.losses = t.losses;
  m.pentanomial = t.pentanomial;
  m.elo = finite_or_none(e.elo);
  m.elo_error = finite_or_none(e.elo_error);
  m.nelo = finite_or_none(e.nelo);
  m.nelo_error = finite_or_none(e.nelo_error);
  m.los = finite_or_none(e.los);
  return m;
}

void to_json(json& j, const StepUsage& u) {
  j = {{"seconds", u.seconds},
       {"resumed", u.resumed},
       {"cores", u.cores},
       {"engines_cpu_share", u.engines_cpu_share},
       {"loop_cpu_share", u.loop_cpu_share}};
}

void to_json(json& j, const DatagenDetail& d) {
  j = json::object();
  put_figures(j, d.games);
  j.update(json{{"network", d.network}, {"parent_generation", d.parent_generation}});
}

void to_json(json& j, const ExportDetail& d) {
  j = {{"file", d.file},   {"format", d.format}, {"positions", d.positions},
       {"games", d.games}, {"scored", d.scored}, {"sha256", d.sha256}};
}

void to_json(json& j, const TrainDetail& d) {
  j = {{"run", d.run},
       {"network", d.network},
       {"raw", d.raw},
       {"sha256", d.sha256},
       {"data", d.data},
       {"positions", d.positions},
       {"parent_generation", d.parent_generation},
       {"started_from", d.started_from},
       {"superbatches", d.superbatches},
       {"seconds", d.seconds}};
  if (d.train_loss) j["train_loss"] = *d.train_loss;
  if (d.validation_loss) j["validation_loss"] = *d.validation_loss;
}

void to_json(json& j, const TrainProgress& p) {
  j = json::object();
  if (p.job) j["job"] = *p.job;
}

void to_json(json& j, const GateDetail& d) {
  j = json::object();
  put_figures(j, d.games);
  j["promoted"] = d.promoted;
  if (d.sprt)
    j.update(json{{"llr", d.sprt->llr},
                  {"lower_bound", d.sprt->lower_bound},
                  {"upper_bound", d.sprt->upper_bound},
                  {"decision", d.sprt->decision}});
  j.update(json{{"candidate", d.candidate}, {"best", d.best}, {"best_generation", d.best_generation}});
}

void to_json(json& j, const MeasureDetail& d) {
  j = json::object();
  put_figures(j, d.games);
}

template <class Detail>
chess::Result<Detail> read_detail(const StoredStep& step) {
  const std::string place = step_place(step.generation, step.step);
  if (step.step != Detail::STEP) return chess::Error{place + " is not the " + loop_step_name(Detail::STEP) + " step"};
  if (step.state != Detail::STATE)
    return chess::Error{place + (Detail::STATE == StepState::DONE ? " is not done" : " is done already")};
  DetailReader r(place, step.detail);
  Detail detail;
  read_fields(r, detail);
  return r.result(std::move(detail));
}

template chess::Result<DatagenDetail> read_detail(const StoredStep&);
template chess::Result<ExportDetail> read_detail(const StoredStep&);
template chess::Result<TrainDetail> read_detail(const StoredStep&);
template chess::Result<TrainProgress> read_detail(const StoredStep&);
template chess::Result<GateDetail> read_detail(const StoredStep&);
template chess::Result<MeasureDetail> read_detail(const StoredStep&);

chess::Result<std::optional<StepUsage>> read_usage(const StoredStep& step) {
  DetailReader r(step_place(step.generation, step.step), step.detail);
  if (!r.has("usage")) return r.result(std::optional<StepUsage>());
  DetailReader u = r.object("usage");
  StepUsage usage{u.number("seconds"), u.flag("resumed"), u.number("cores"), u.number("engines_cpu_share"),
                  u.number("loop_cpu_share")};
  r.take_problem(u);
  return r.result(std::optional<StepUsage>(usage));
}

}  // namespace tuner
