#include "events/run_events.h"

#include <array>

#include "record/illegal_move.h"
#include "record/termination.h"

namespace harness {

namespace {

using Json = nlohmann::ordered_json;

Json opening_fields(const Opening& o) { return Json{{"fen", o.fen}, {"moves", o.moves}, {"name", o.name}}; }

const char* colour_name(chess::Color c) { return c == chess::WHITE ? "white" : "black"; }

Json pentanomial_fields(const Tally& t) {
  return Json{{"wins", t.wins},
              {"draws", t.draws},
              {"losses", t.losses},
              {"pentanomial", t.pentanomial},
              {"pairs", t.pairs()}};
}

const char* decision_name(SprtDecision d) {
  switch (d) {
    case SprtDecision::ACCEPT_H0: return "H0";
    case SprtDecision::ACCEPT_H1: return "H1";
    default: return "continue";
  }
}

}  // namespace

Json game_end_fields(std::int64_t run_id, const GameRecord& g) {
  std::array<std::int64_t, 2> used{0, 0}, left{-1, -1};
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const std::size_t side = mover(g, i) == chess::WHITE ? 0 : 1;
    used[side] += g.moves[i].time_ms;
    if (g.moves[i].clock_left_ms >= 0) left[side] = g.moves[i].clock_left_ms;
  }
  auto clock = [](std::int64_t ms) { return ms < 0 ? Json(nullptr) : Json(ms); };
  Json fields{{"run", run_id},
              {"game", g.game_index + 1},
              {"pair", g.pair_index + 1},
              {"white", g.white},
              {"black", g.black},
              {"result", chess::result_string(g.result)},
              {"termination", game_end_name(g.end)},
              {"pgn_termination", pgn_termination(g.end)},
              {"reason", g.reason},
              {"plies", g.opening.moves.size() + g.moves.size()},
              {"engine_plies", g.moves.size()},
              {"time_used_ms", Json{{"white", used[0]}, {"black", used[1]}}},
              {"time_left_ms", Json{{"white", clock(left[0])}, {"black", clock(left[1])}}}};
  if (const std::string params = game_params_json(g); !params.empty()) fields["params"] = Json::parse(params);
  if (*fault_class(g.end, g.reason) != '\0') {
    // The engine at fault lost: the side the result is against.
    const chess::Color loser = g.result == chess::GameResult::WHITE_WINS ? chess::BLACK : chess::WHITE;
    fields["fault"] = Json{{"engine", loser == chess::WHITE ? g.white : g.black},
                           {"colour", colour_name(loser)},
                           {"kind", game_end_name(g.end)},
                           {"counts_as", fault_class(g.end, g.reason)},
                           {"last_lines", g.fault_lines}};
  }
  return fields;
}

void RunEvents::run_started(const RunStartInfo& info) {
  Json fields{{"run", info.run_id},
              {"kind", run_kind_name(info.kind)},
              {"database", info.database},
              {"engines", info.engines},
              {"games", info.games},
              {"done", info.done},
              {"concurrency", info.concurrency}};
  fields["settings"] = Json::parse(info.config_json, nullptr, false);
  stream_.write(EventKind::RUN_START, fields);
}

void RunEvents::game_started(int game_index, int pair_index, const std::string& white, const std::string& black,
                             const Opening& opening) {
  stream_.write(EventKind::GAME_START, Json{{"run", run_id_},
                                            {"game", game_index + 1},
                                            {"pair", pair_index + 1},
                                            {"white", white},
                                            {"black", black},
                                            {"opening", opening_fields(opening)}});
}

void RunEvents::warning(WarningKind kind, int game_index, Json fields) {
  Json event{{"run", run_id_}, {"game", game_index + 1}, {"kind", warning_name(kind)}};
  for (const auto& [key, value] : fields.items()) event[key] = value;
  stream_.write(EventKind::WARNING, event);
}

// fastchess's warnings of a finished game, in its order: the PV faults and mate-sign
// mismatches move by move, then the moves that were not their PV's first, then an illegal move.
void RunEvents::warnings(const GameRecord& g) {
  const std::vector<MateSignMismatch> mismatches = mate_sign_mismatches(g);
  auto mismatch = mismatches.begin();
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    const bool white = mover(g, i) == chess::WHITE;
    const std::string& engine = white ? g.white : g.black;
    for (const PvWarning& w : g.moves[i].pv_warnings)
      warning(WarningKind::PV_FAULT, g.game_index,
              Json{{"engine", engine}, {"ply", i + 1}, {"fault", pv_fault_key(w.fault)}, {"move", w.move}, {"info_line", w.info_line}});
    if (mismatch == mismatches.end() || mismatch->move != i) continue;
    warning(WarningKind::MATE_SIGN_MISMATCH, g.game_index,
            Json{{"engine", engine}, {"ply", i + 1}, {"opponent", white ? g.black : g.white},
                 {"opponent_mate", mismatch->them_mate}, {"mate", mismatch->us_mate}});
    ++mismatch;
  }
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    if (g.moves[i].pv_mismatch)
      warning(WarningKind::BESTMOVE_NOT_PV, g.game_index,
              Json{{"engine", mover(g, i) == chess::WHITE ? g.white : g.black}, {"ply", i + 1}, {"move", g.moves[i].uci}});
  if (g.end != GameEnd::ILLEGAL_MOVE) return;
  const std::string move = illegal_move_text(g);
  const std::string& engine = illegal_mover(g);
  if (!is_uci_move_text(move)) warning(WarningKind::MOVE_FORMAT, g.game_index, Json{{"engine", engine}, {"move", move}});
  warning(WarningKind::ILLEGAL_MOVE, g.game_index, Json{{"engine", engine}, {"move", move}});
}

std::string RunEvents::game_end_line(const GameRecord& g) const {
  return EventStream::line(EventKind::GAME_END, game_end_fields(run_id_, g));
}

bool RunEvents::game_stored(const GameRecord& g, const std::string& end_line, const Tally* match,
                            const std::optional<SprtConfig>& sprt) {
  warnings(g);
  const bool written = stream_.write_line(end_line);
  pair_and_sprt(g, match, sprt);
  return written;
}

void RunEvents::pair_and_sprt(const GameRecord& g, const Tally* match, const std::optional<SprtConfig>& sprt) {
  const std::string result(chess::result_string(g.result));
  if (paired_) {
    auto half = half_pairs_.find(g.pair_index);
    if (half == half_pairs_.end()) {
      half_pairs_.emplace(g.pair_index, result);
    } else {
      Json fields{{"run", run_id_}, {"pair", g.pair_index + 1}, {"results", {half->second, result}}};
      if (match) fields["match"] = pentanomial_fields(*match);
      half_pairs_.erase(half);
      stream_.write(EventKind::PAIR_END, fields);
    }
  }
  if (!sprt || !match) return;
  const double llr = sprt_llr(*match, *sprt);
  stream_.write(EventKind::SPRT, Json{{"run", run_id_},
                                      {"games", match->games()},
                                      {"llr", llr},
                                      {"lower", sprt->lower_bound()},
                                      {"upper", sprt->upper_bound()},
                                      {"elo0", sprt->elo0},
                                      {"elo1", sprt->elo1},
                                      {"alpha", sprt->alpha},
                                      {"beta", sprt->beta},
                                      {"model", elo_model_name(sprt->model)},
                                      {"decision", decision_name(sprt_decision(llr, *sprt))}});
}

void RunEvents::game_unplayed(int game_index, const std::string& why) {
  warning(WarningKind::GAME_NOT_PLAYED, game_index, Json{{"why", why}});
}

void RunEvents::run_ended(const RunEndInfo& info, const Tally* match) {
  Json fields{{"run", run_id_},
              {"status", run_end_status_name(info.status)},
              {"done", info.done},
              {"total", info.total},
              {"discarded", info.discarded},
              {"left_out", info.left_out},
              {"stop_reason", info.stop_reason},
              {"resume", info.resume}};
  if (match) fields["match"] = pentanomial_fields(*match);
  stream_.write(EventKind::RUN_END, fields);
}

}  // namespace harness
