// fastchess's and cutechess-cli's command lines, as `harness fastchess` and `harness
// cutechess` read them: any words (the input split at newlines) give a run or one message,
// never a crash; a run given is stored and read back as itself (every text in it UTF-8: a path
// or an option's value that is not is refused by the validation, not thrown by the storing).
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
    if (run->help || run->version || !run->compliance.empty()) continue;  // no run: nothing validated, nothing stored
    const std::string stored = run->config.to_json();
    auto read = harness::MatchConfig::from_json(stored);
    FUZZ_CHECK(read);
    FUZZ_CHECK(read->to_json() == stored);
  }
  return 0;
}
