#include "run/match_status.h"

namespace harness {

int exit_status(const MatchStatus& status) {
  switch (status.kind) {
    case MatchStatus::INTERRUPTED: return 130;
    case MatchStatus::INCOMPLETE: return 3;
    case MatchStatus::FAILED:
    case MatchStatus::HELD: return 2;
    default: return 0;
  }
}

}  // namespace harness
