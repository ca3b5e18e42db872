#include "driver/confirmation.h"

#include <ostream>
#include <sstream>

#include "settings/key_values.h"
#include "stats/elo.h"
#include "stats/results_block.h"
#include "time_control/time_control.h"

namespace tuner {

namespace {

const std::vector<std::string> KEYS = {"stc", "ltc", "sprt", "games", "concurrency"};

chess::Result<int> count(const harness::KeyValue& kv, int least, int most) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(kv.value, &used);
    if (used == kv.value.size() && v >= least && v <= most) return v;
  } catch (const std::exception&) {
  }
  return chess::Error{"--confirm " + kv.key + ": must be a number from " + std::to_string(least) + " to " + std::to_string(most) +
                      ", got '" + kv.value + "'"};
}

std::string verdict_of(const harness::Tally& t, const std::optional<harness::SprtConfig>& sprt) {
  if (!sprt) return "";
  switch (harness::sprt_decision(harness::sprt_llr(t, *sprt), *sprt)) {
    case harness::SprtDecision::ACCEPT_H1: return "H1";
    case harness::SprtDecision::ACCEPT_H0: return "H0";
    default: return "undecided";
  }
}

}  // namespace

chess::Result<ConfirmSettings> parse_confirm(const std::string& text) {
  auto words = harness::parse_key_values("--confirm", text);
  CHESS_RETURN_IF_ERROR(words);
  ConfirmSettings s;
  for (const harness::KeyValue& kv : *words) {
    CHESS_RETURN_IF_ERROR(harness::check_known_key("--confirm", kv.key, KEYS));
    if (kv.key == "stc" || kv.key == "ltc") {
      auto tc = harness::parse_time_control(kv.value);
      if (!tc) return chess::Error{"--confirm " + kv.key + "=" + kv.value + ": " + tc.error()};
      s.legs.push_back({kv.key, kv.value});
    } else if (kv.key == "sprt") {
      auto sprt = harness::parse_sprt(kv.value, "--confirm sprt");
      CHESS_RETURN_IF_ERROR(sprt);
      s.sprt = *sprt;
    } else {
      auto n = count(kv, kv.key == "games" ? 2 : 1, kv.key == "games" ? 1'000'000 : 1024);
      CHESS_RETURN_IF_ERROR(n);
      (kv.key == "games" ? s.games : s.concurrency) = *n;
    }
  }
  if (s.legs.empty()) return chess::Error{"--confirm: name a time control: stc=TC, ltc=TC, or both"};
  if (s.games % 2) return chess::Error{"--confirm games: must be even (games go in pairs), got " + std::to_string(s.games)};
  return s;
}

chess::Result<std::string> confirm(const TunedEngines& engines, const Values& tuned, const Values& start,
                                   const ConfirmSettings& settings, TunerDatabase& db, std::int64_t tuner_run,
                                   std::ostream& out) {
  std::string lines;
  for (const ConfirmSettings::Leg& leg : settings.legs) {
    const harness::EngineConfig a = engines.with_values(tuned, "tuned"), b = engines.with_values(start, "start");
    out << "Confirmation at " << leg.label << " (" << leg.tc << "): tuned against start, up to " << settings.games << " games"
        << (settings.sprt ? " under the SPRT" : "") << std::endl;
    MatchRequest request{{a, b}, harness::TournamentKind::MATCH, settings.games, leg.tc, settings.concurrency, 1,
                         "Tuner confirmation " + leg.label};
    request.sprt = settings.sprt;
    std::ostringstream quiet;
    auto played = engines.play(request, quiet);
    CHESS_RETURN_IF_ERROR(played);
    const harness::EloEstimate e = harness::estimate(played->first);
    const ConfirmationRow row{leg.label, leg.tc, played->run_id, e.elo, e.elo_error, verdict_of(played->first, settings.sprt)};
    CHESS_RETURN_IF_ERROR(db.save_confirmation(tuner_run, row));
    out << harness::results_block("tuned vs start at " + leg.tc + " (harness run " + std::to_string(played->run_id) + ")",
                                  played->first, settings.sprt);
    lines += confirmation_line(row) + "\n";
  }
  return lines;
}

std::string confirmation_line(const ConfirmationRow& row) {
  return "confirmation " + row.label + " " + row.tc + ": " + harness::elo_text(row.elo, row.elo_error) +
         (row.verdict.empty() ? "" : ", SPRT " + row.verdict) + " (harness run " + std::to_string(row.match_run) + ")";
}

}  // namespace tuner
