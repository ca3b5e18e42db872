#include "storage/run_store.h"

#include <optional>
#include <sstream>

#include "record/packed_moves.h"
#include "storage/statement.h"
#include "text/timestamp.h"

namespace harness {

namespace {

std::string joined(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

const char* const RUN_COLUMNS = "SELECT id, kind, created_at, COALESCE(finished_at, ''), status, config, summary FROM runs ";

// The row's kind and status words are read here, once; a word this harness does not know is
// kept beside UNKNOWN (RunRow).
RunRow run_row(Statement& s) {
  RunRow r;
  r.id = s.integer(0);
  const std::string kind = s.text(1), status = s.text(4);
  if (auto k = parse_run_kind(kind)) {
    r.kind = k->kind;
    r.method = k->method;
  } else {
    r.unknown_kind = kind;
  }
  if (auto st = parse_run_status(status))
    r.status = *st;
  else
    r.unknown_status = status;
  r.created_at = s.text(2);
  r.finished_at = s.text(3);
  r.config = s.text(5);
  r.summary = s.text(6);
  return r;
}

// The lines kept with each move and the faults of its PVs (record/pv_warning.h).
void insert_move_notes(Connection& c, std::int64_t game_id, const GameRecord& g) {
  std::optional<Statement> note;
  int ply = int(g.opening.moves.size());
  for (const MoveRecord& mv : g.moves) {
    ++ply;
    if (mv.engine_lines.empty() && mv.pv_warnings.empty()) continue;
    if (!note) note.emplace(c, "INSERT INTO move_notes (game_id, ply, kind, text) VALUES (?, ?, ?, ?)");
    for (const std::string& line : mv.engine_lines)
      note->reset().bind(1, game_id).bind(2, ply).bind(3, std::string("line")).bind(4, line).step();
    for (const PvWarning& w : mv.pv_warnings)
      note->reset().bind(1, game_id).bind(2, ply).bind(3, std::string(pv_fault_key(w.fault))).bind(4, w.info_line).step();
  }
}

void insert_moves(Connection& c, std::int64_t game_id, const GameRecord& g) {
  Statement m(
      c,
      "INSERT INTO moves (game_id, ply, uci, san, time_ms, score_cp, mate_in, depth, nodes, pv_mismatch) VALUES (?, ?, ?, "
      "?, ?, ?, ?, ?, ?, ?)");
  int ply = int(g.opening.moves.size());
  for (const MoveRecord& mv : g.moves) {
    Statement& row = m.reset();
    row.bind(1, game_id).bind(2, ++ply).bind(3, mv.uci).bind(4, mv.san).bind(5, mv.time_ms);
    mv.has_score ? row.bind(6, std::int64_t(mv.score_cp)) : row.bind_null(6);
    mv.has_score ? row.bind(7, std::int64_t(mv.mate_in)) : row.bind_null(7);
    row.bind(8, std::int64_t(mv.depth)).bind(9, std::int64_t(mv.nodes)).bind(10, int(mv.pv_mismatch)).step();
  }
  insert_move_notes(c, game_id, g);
}

}  // namespace

std::string RunRow::kind_text() const { return kind == RunKind::UNKNOWN ? unknown_kind : run_kind_word({kind, method}); }

std::string RunRow::status_text() const { return status == RunStatus::UNKNOWN ? unknown_status : run_status_name(status); }

GameEnd stored_end(const std::string& name, const std::string& termination, const std::string& reason) {
  if (auto end = parse_game_end(name)) return *end;
  return game_end_from_text(termination, reason);  // stored before ends had names
}

chess::Result<std::int64_t> RunStore::engine_id(const EngineConfig& e) {
  return guarded(c_, [&] {
    std::vector<std::string> opts;
    for (const auto& [k, v] : e.options) opts.push_back(k + "=" + v);
    std::string args = joined(e.args, " "), options = joined(opts, " "), protocol = protocol_name(e.protocol);
    std::string checksum = file_checksum(e.command);
    Statement insert(
        c_, "INSERT OR IGNORE INTO engines (name, command, args, protocol, options, checksum) VALUES (?, ?, ?, ?, ?, ?)");
    insert.bind(1, e.name).bind(2, e.command).bind(3, args).bind(4, protocol).bind(5, options).bind(6, checksum).step();
    Statement find(c_,
                   "SELECT id FROM engines WHERE name=? AND command=? AND args=? AND protocol=? AND options=? AND checksum=?");
    find.bind(1, e.name).bind(2, e.command).bind(3, args).bind(4, protocol).bind(5, options).bind(6, checksum);
    return find.step() ? find.integer(0) : std::int64_t(0);
  });
}

chess::Result<std::int64_t> RunStore::create_run(const KindAndMethod& kind, const std::string& config_json) {
  const std::string word = run_kind_word(kind);
  if (auto back = parse_run_kind(word); !back || !(*back == kind))
    return chess::Error{"no run can be stored as kind '" + word + "'"};
  return guarded(c_, [&] {
    Statement s(c_, "INSERT INTO runs (kind, created_at, status, config) VALUES (?, ?, ?, ?)");
    s.bind(1, word)
        .bind(2, utc_timestamp())
        .bind(3, std::string(run_status_name(RunStatus::RUNNING)))
        .bind(4, config_json)
        .step();
    return c_.last_insert_id();
  });
}

chess::Result<std::optional<RunStore::Holder>> RunStore::claim_run(std::int64_t run_id, const ProcessIdentity& me,
                                                                   const std::function<bool(const ProcessIdentity&)>& running) {
  return guarded(c_, [&] {
    return c_.transaction([&]() -> std::optional<Holder> {
      Statement find(c_, "SELECT pid, start, host, since FROM run_players WHERE run_id=?");
      find.bind(1, run_id);
      if (find.step()) {
        Holder holder{{long(find.integer(0)), find.text(1), find.text(2)}, find.text(3)};
        if (!(holder.process == me) && running(holder.process)) return holder;
      }
      Statement claim(c_, "INSERT OR REPLACE INTO run_players (run_id, pid, start, host, since) VALUES (?, ?, ?, ?, ?)");
      claim.bind(1, run_id).bind(2, std::int64_t(me.pid)).bind(3, me.start).bind(4, me.host).bind(5, utc_timestamp()).step();
      return std::nullopt;
    });
  });
}

chess::Result<bool> RunStore::release_run(std::int64_t run_id, const ProcessIdentity& me) {
  return guarded(c_, [&] {
    Statement s(c_, "DELETE FROM run_players WHERE run_id=? AND pid=? AND start=? AND host=?");
    s.bind(1, run_id).bind(2, std::int64_t(me.pid)).bind(3, me.start).bind(4, me.host).step();
    return true;
  });
}

chess::Result<bool> RunStore::update_run(std::int64_t run_id, RunStatus status, const std::string& summary) {
  if (status == RunStatus::UNKNOWN)
    return chess::Error{"run " + std::to_string(run_id) + ": no run can be stored with an unknown status"};
  return guarded(c_, [&] {
    Statement s(c_, "UPDATE runs SET status=?, summary=?, finished_at=? WHERE id=?");
    s.bind(1, std::string(run_status_name(status))).bind(2, summary);
    status == RunStatus::RUNNING ? s.bind_null(3) : s.bind(3, utc_timestamp());
    s.bind(4, run_id).step();
    return true;
  });
}

chess::Result<std::optional<RunRow>> RunStore::run(std::int64_t run_id) {
  return guarded(c_, [&]() -> std::optional<RunRow> {
    Statement s(c_, std::string(RUN_COLUMNS) + "WHERE id=?");
    s.bind(1, run_id);
    if (!s.step()) return std::nullopt;
    return run_row(s);
  });
}

chess::Result<std::vector<RunRow>> RunStore::runs() {
  return guarded(c_, [&] {
    Statement s(c_, std::string(RUN_COLUMNS) + "ORDER BY id");
    std::vector<RunRow> out;
    while (s.step()) out.push_back(run_row(s));
    return out;
  });
}

chess::Result<std::int64_t> RunStore::save_game(std::int64_t run_id, const GameRecord& g, std::int64_t white_id,
                                                std::int64_t black_id, MovesStored moves, const std::string& owed_event) {
  std::string packed;
  if (moves == MovesStored::PACKED) {
    auto bytes = pack_moves(g.moves);
    if (!bytes) return chess::Error{"game " + std::to_string(g.game_index + 1) + ": " + bytes.error()};
    packed = std::move(*bytes);
  }
  const bool rows = moves == MovesStored::ROWS;
  return guarded(c_, [&] {
    return c_.transaction([&] {
      Statement s(
          c_,
          "INSERT INTO games (run_id, game_index, pair_index, white_engine_id, black_engine_id, white, black, opening_fen, "
          "opening_moves, result, termination, reason, plies, time_control, started_at, finished_at, pgn, white_stderr, "
          "black_stderr, end_kind, packed, params) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      s.bind(1, run_id).bind(2, g.game_index).bind(3, g.pair_index);
      white_id ? s.bind(4, white_id) : s.bind_null(4);
      black_id ? s.bind(5, black_id) : s.bind_null(5);
      s.bind(6, g.white).bind(7, g.black).bind(8, g.opening.fen).bind(9, joined(g.opening.moves, " "));
      s.bind(10, std::string(chess::result_string(g.result))).bind(11, std::string(pgn_termination(g.end))).bind(12, g.reason);
      s.bind(13, std::int64_t(g.opening.moves.size() + g.moves.size())).bind(14, g.time_control);
      s.bind(15, g.started_at).bind(16, g.finished_at);
      s.bind(17, rows ? g.pgn : "").bind(18, rows ? g.white_stderr : "").bind(19, rows ? g.black_stderr : "");
      s.bind(20, std::string(game_end_name(g.end)));
      rows ? s.bind_null(21) : s.bind_blob(21, packed);
      const std::string params = game_params_json(g);
      params.empty() ? s.bind_null(22) : s.bind(22, params);
      s.step();
      const std::int64_t game_id = c_.last_insert_id();
      if (rows) insert_moves(c_, game_id, g);
      if (!owed_event.empty()) insert_owed_event(game_id, run_id, g.game_index, owed_event);
      return game_id;
    });
  });
}

chess::Result<bool> RunStore::for_each_scored_game(std::int64_t run_id, const std::function<bool(const ScoredGame&)>& each) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT id, game_index, opening_fen, opening_moves, result, packed IS NOT NULL, packed, COALESCE(end_kind, ''), "
                "termination, reason FROM games WHERE run_id=? ORDER BY game_index");
    Statement rows(c_, "SELECT uci, score_cp, mate_in FROM moves WHERE game_id=? ORDER BY ply");
    s.bind(1, run_id);
    while (s.step()) {
      ScoredGame g{int(s.integer(1)), s.text(2), {}, s.text(4), stored_end(s.text(7), s.text(8), s.text(9)), s.text(9), {}, ""};
      std::istringstream moves(s.text(3));
      for (std::string m; moves >> m;) g.opening_moves.push_back(m);
      if (s.integer(5)) {
        auto unpacked = unpack_moves(s.blob(6));
        unpacked ? void(g.moves = std::move(*unpacked)) : void(g.problem = unpacked.error());
      } else {
        rows.reset().bind(1, s.integer(0));
        while (rows.step())
          g.moves.push_back({rows.text(0), !rows.is_null(1), rows.is_null(1) ? 0 : int(rows.integer(1)),
                             rows.is_null(2) ? 0 : int(rows.integer(2))});
      }
      if (!each(g)) break;
    }
    return true;
  });
}

chess::Result<std::vector<StoredGame>> RunStore::games(std::int64_t run_id) {
  return guarded(c_, [&] {
    Statement s(c_,
                "SELECT id, game_index, opening_fen, opening_moves, white, black, result, termination, reason, plies, pgn, "
                "COALESCE(end_kind, ''), COALESCE(params, '') FROM games WHERE run_id=? ORDER BY game_index");
    s.bind(1, run_id);
    std::vector<StoredGame> out;
    while (s.step()) {
      std::vector<std::string> opening;
      std::istringstream moves(s.text(3));
      for (std::string m; moves >> m;) opening.push_back(m);
      const std::string termination = s.text(7), reason = s.text(8);
      out.push_back({s.integer(0), int(s.integer(1)), s.text(2), opening, s.text(4), s.text(5), s.text(6), termination,
                     stored_end(s.text(11), termination, reason), reason, int(s.integer(9)), s.text(10), s.text(12)});
    }
    return out;
  });
}

chess::Result<std::vector<std::string>> RunStore::game_moves(std::int64_t game_id) {
  return guarded(c_, [&] {
    Statement s(c_, "SELECT uci FROM moves WHERE game_id=? ORDER BY ply");
    s.bind(1, game_id);
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.text(0));
    return out;
  });
}

}  // namespace harness
