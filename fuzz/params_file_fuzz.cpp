// A parameters file of any bytes, as a run reads it before every pair: refused with one short
// printable message naming the file and line that quotes no more than one field, or read into
// values that are each one printable line, none empty, each passed by the engines' check.
#include "engines/params_file.h"
#include "fuzz_input.h"
#include "text/control_characters.h"

namespace {

// Stands for the started engines' declared options: a value starting with 'x' is refused.
chess::Result<bool> refuse_x(const std::string&, const std::string&, const std::string& value) {
  if (!value.empty() && value[0] == 'x') return chess::Error{"value " + harness::quoted_params_field(value) + " refused"};
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text(data, size);
  auto sections = harness::parse_params_file(text, "p.txt", {"dev", "base"}, refuse_x);
  if (!sections) {
    const std::string& message = sections.error();
    FUZZ_CHECK(message.rfind("p.txt:", 0) == 0);
    FUZZ_CHECK(harness::is_printable_line(message));
    FUZZ_CHECK(message.size() < 400);
    return 0;
  }
  for (const harness::ParamsSection& section : sections.value())
    for (const auto& [name, value] : section.values) {
      FUZZ_CHECK(harness::is_printable_line(name) && harness::is_printable_line(value));
      FUZZ_CHECK(!value.empty() && value[0] != 'x');
    }
  return 0;
}
