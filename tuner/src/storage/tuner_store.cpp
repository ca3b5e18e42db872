#include "storage/tuner_store.h"

#include <cmath>
#include <limits>

#include "storage/statement.h"

namespace tuner {

using harness::Connection;
using harness::guarded;
using harness::Statement;

namespace {

const char* const GENERATION_COLUMNS = "SELECT generation, best_fitness, mean_fitness, state FROM tuner_generations ";

GenerationRow generation_row(Statement& s) { return {int(s.integer(0)), s.real(1), s.real(2), s.text(3)}; }

void insert_individuals(Connection& c, std::int64_t run_id, int generation, const std::vector<IndividualRow>& individuals) {
  Statement ind(
      c,
      "INSERT INTO tuner_individuals (run_id, generation, idx, bits, weights, fitness, match_run) VALUES (?, ?, ?, ?, ?, "
      "?, ?)");
  for (const IndividualRow& i : individuals) {
    ind.reset().bind(1, run_id).bind(2, generation).bind(3, i.index).bind(4, i.bits).bind(5, i.weights).bind_real(6, i.fitness);
    i.match_run ? ind.bind(7, i.match_run) : ind.bind_null(7);
    ind.step();
  }
}

}  // namespace

chess::Result<bool> TunerStore::save_generation(std::int64_t run_id, const GenerationRow& g,
                                                const std::vector<IndividualRow>& individuals) {
  return guarded(c_, [&] {
    c_.transaction([&] {
      Statement s(c_,
                  "INSERT INTO tuner_generations (run_id, generation, best_fitness, mean_fitness, state) VALUES (?, ?, ?, ?, ?)");
      s.bind(1, run_id).bind(2, g.generation).bind_real(3, g.best_fitness).bind_real(4, g.mean_fitness).bind(5, g.state).step();
      insert_individuals(c_, run_id, g.generation, individuals);
    });
    return true;
  });
}

chess::Result<std::vector<GenerationRow>> TunerStore::generations(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_, std::string(GENERATION_COLUMNS) + "WHERE run_id=? ORDER BY generation");
    s.bind(1, run_id);
    std::vector<GenerationRow> out;
    while (s.step()) out.push_back(generation_row(s));
    return out;
  });
}

chess::Result<std::optional<GenerationRow>> TunerStore::generation(std::int64_t run_id, int generation) {
  return guarded(c_, [&]() -> std::optional<GenerationRow> {
    Statement s(c_, std::string(GENERATION_COLUMNS) + "WHERE run_id=? AND generation=?");
    s.bind(1, run_id).bind(2, generation);
    if (!s.step()) return std::nullopt;
    return generation_row(s);
  });
}

chess::Result<std::vector<IndividualRow>> TunerStore::individuals(std::int64_t run_id, int generation) {
  return guarded(c_, [&] {
    Statement s(
        c_,
        "SELECT idx, bits, weights, fitness, COALESCE(match_run, 0) FROM tuner_individuals WHERE run_id=? AND generation=? "
        "ORDER BY idx");
    s.bind(1, run_id).bind(2, generation);
    std::vector<IndividualRow> out;
    while (s.step()) out.push_back({int(s.integer(0)), s.text(1), s.text(2), s.real(3), s.integer(4)});
    return out;
  });
}

chess::Result<bool> TunerStore::save_heldout(std::int64_t run_id, int generation, double error) {
  return guarded(c_, [&] {
    Statement s(c_, "INSERT OR REPLACE INTO tuner_heldout (run_id, generation, error) VALUES (?, ?, ?)");
    s.bind(1, run_id).bind(2, generation).bind_real(3, error).step();
    return true;
  });
}

chess::Result<std::vector<std::pair<int, double>>> TunerStore::heldout_errors(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT generation, error FROM tuner_heldout WHERE run_id=? ORDER BY generation");
    s.bind(1, run_id);
    std::vector<std::pair<int, double>> out;
    while (s.step()) out.emplace_back(int(s.integer(0)), s.real(1));
    return out;
  });
}

chess::Result<bool> TunerStore::save_validation(std::int64_t run_id, const ValidationRow& v) {
  return guarded(c_, [&] {
    Statement s(
        c_, "INSERT OR REPLACE INTO tuner_validations (run_id, generation, match_run, elo, elo_error) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, v.generation).bind(3, v.match_run);
    std::isfinite(v.elo) ? s.bind_real(4, v.elo) : s.bind_null(4);
    std::isfinite(v.elo_error) ? s.bind_real(5, v.elo_error) : s.bind_null(5);
    s.step();
    return true;
  });
}

chess::Result<std::vector<ValidationRow>> TunerStore::validations(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT generation, match_run, elo, elo_error FROM tuner_validations WHERE run_id=? ORDER BY generation");
    s.bind(1, run_id);
    std::vector<ValidationRow> out;
    const double unknown = std::numeric_limits<double>::infinity();
    while (s.step())
      out.push_back(
          {int(s.integer(0)), s.integer(1), s.is_null(2) ? std::nan("") : s.real(2), s.is_null(3) ? unknown : s.real(3)});
    return out;
  });
}

chess::Result<bool> TunerStore::save_confirmation(std::int64_t run_id, const ConfirmationRow& c) {
  return guarded(c_, [&] {
    Statement s(c_,
                "INSERT OR REPLACE INTO tuner_confirmations (run_id, label, tc, match_run, elo, elo_error, verdict) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, c.label).bind(3, c.tc).bind(4, c.match_run);
    std::isfinite(c.elo) ? s.bind_real(5, c.elo) : s.bind_null(5);
    std::isfinite(c.elo_error) ? s.bind_real(6, c.elo_error) : s.bind_null(6);
    s.bind(7, c.verdict);
    s.step();
    return true;
  });
}

chess::Result<std::vector<ConfirmationRow>> TunerStore::confirmations(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT label, tc, match_run, elo, elo_error, verdict FROM tuner_confirmations WHERE run_id=? ORDER BY rowid");
    s.bind(1, run_id);
    std::vector<ConfirmationRow> out;
    while (s.step())
      out.push_back({s.text(0), s.text(1), s.integer(2), s.is_null(3) ? std::nan("") : s.real(3),
                     s.is_null(4) ? std::numeric_limits<double>::infinity() : s.real(4), s.text(5)});
    return out;
  });
}

chess::Result<bool> TunerStore::save_result(std::int64_t run_id, const TunerResultRow& r) {
  return guarded(c_, [&] {
    Statement s(c_, "INSERT OR REPLACE INTO tuner_results (run_id, generation, tuned_values, path) VALUES (?, ?, ?, ?)");
    s.bind(1, run_id).bind(2, r.generation).bind(3, r.values).bind(4, r.path).step();
    return true;
  });
}

chess::Result<std::optional<TunerResultRow>> TunerStore::result(std::int64_t run_id) {
  return guarded(c_, [&]() -> std::optional<TunerResultRow> {
    Statement s(c_, "SELECT generation, tuned_values, path FROM tuner_results WHERE run_id=?");
    s.bind(1, run_id);
    if (!s.step()) return std::nullopt;
    return TunerResultRow{int(s.integer(0)), s.text(1), s.text(2)};
  });
}

chess::Result<bool> TunerStore::save_run_data(std::int64_t run_id, const std::vector<RunDataRow>& files) {
  return guarded(c_, [&] {
    c_.transaction([&] {
      Statement s(c_, "INSERT INTO tuner_run_data (run_id, idx, path, bytes, sha256) VALUES (?, ?, ?, ?, ?)");
      for (std::size_t i = 0; i < files.size(); ++i) {
        s.reset().bind(1, run_id).bind(2, std::int64_t(i)).bind(3, files[i].path).bind(4, files[i].bytes);
        s.bind(5, files[i].sha256).step();
      }
    });
    return true;
  });
}

chess::Result<std::vector<RunDataRow>> TunerStore::run_data(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT path, bytes, sha256 FROM tuner_run_data WHERE run_id=? ORDER BY idx");
    s.bind(1, run_id);
    std::vector<RunDataRow> out;
    while (s.step()) out.push_back({s.text(0), s.integer(1), s.text(2)});
    return out;
  });
}

}  // namespace tuner
