// The generalized sequential probability ratio test on trinomial or pentanomial counts, under
// the logistic or the normalized Elo model, computed as Stockfish's testing framework does:
// the log-likelihood ratio of the two maximum-likelihood distributions with the hypothesised
// expected score (logistic) or t-value (normalized), after adding 0.001 to empty counts.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "tally.h"

namespace harness {

enum class EloModel { LOGISTIC, NORMALIZED };

struct SprtConfig {
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  EloModel model = EloModel::NORMALIZED;
  double lower_bound() const;  // log(beta / (1 - alpha))
  double upper_bound() const;  // log((1 - beta) / alpha)
};

// "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized"; errors name the key. Both bounds are
// required; alpha and beta default to 0.05, the model to normalized. Errors start with
// `option`, the name it was given by (--sprt, fastchess's -sprt).
chess::Result<SprtConfig> parse_sprt(const std::string& spec, const std::string& option = "--sprt");
const char* elo_model_name(EloModel model);
chess::Result<EloModel> parse_elo_model(const std::string& name, const std::string& option);
inline chess::Result<EloModel> parse_elo_model(const std::string& name) { return parse_elo_model(name, "--sprt"); }
void to_json(nlohmann::json& j, const SprtConfig& c);
void from_json(const nlohmann::json& j, SprtConfig& c);

// `counts` is L, D, W (3 entries) or the pentanomial LL..WW (5 entries).
double sprt_llr(const std::vector<double>& counts, const SprtConfig& config);
// Pentanomial when pairs exist, otherwise trinomial.
double sprt_llr(const Tally& t, const SprtConfig& config);

enum class SprtDecision { CONTINUE, ACCEPT_H0, ACCEPT_H1 };
SprtDecision sprt_decision(double llr, const SprtConfig& config);

}  // namespace harness
