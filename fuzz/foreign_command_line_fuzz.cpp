// fastchess's and cutechess-cli's command lines, as `harness fastchess` and `harness
// cutechess` read them: any words (the input split at newlines) give a run or one message,
// never a crash. (Storing the run is not checked yet: a value that is not UTF-8, such as an
// option's, makes to_json throw, a finding left open in issue 38's note.)
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
    (void)run->config;
  }
  return 0;
}
