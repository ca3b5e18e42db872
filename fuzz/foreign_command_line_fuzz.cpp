// fastchess's and cutechess-cli's command lines, as `harness fastchess` and `harness
// cutechess` read them: any words (the input split at newlines) give a run or one message,
// and a run that reads is one the harness can store and read back.
#include <sstream>

#include "frontends/foreign_run.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words;
  std::istringstream in(fuzz::text(data, size));
  for (std::string word; std::getline(in, word);) words.push_back(word);
  for (harness::Dialect dialect : {harness::Dialect::FASTCHESS, harness::Dialect::CUTECHESS}) {
    auto run = harness::parse_foreign_command_line(dialect, words);
    if (!run) {
      FUZZ_CHECK(!run.error().empty());
      continue;
    }
    auto again = harness::MatchConfig::from_json(run->config.to_json());
    FUZZ_CHECK(again);
  }
  return 0;
}
