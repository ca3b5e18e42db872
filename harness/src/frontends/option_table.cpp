#include "frontends/option_table.h"

#include "core/nearest_names.h"
#include "settings/key_values.h"

namespace harness::frontend {

namespace {

chess::Result<bool> check_arity(const Flag& f, Arity arity) {
  const std::size_t n = f.params.size();
  switch (arity) {
    case Arity::NONE:
      if (n) return chess::Error{f.name + ": takes no value, got '" + f.params[0] + "'"};
      break;
    case Arity::ONE:
      if (n != 1) return chess::Error{f.name + ": expects exactly one value"};
      break;
    case Arity::OPTIONAL_ONE:
      if (n > 1) return chess::Error{f.name + ": expects at most one value"};
      break;
    case Arity::SOME:
      if (n == 0) return chess::Error{f.name + ": expects a value"};
      break;
    case Arity::KEY_VALUES:
      for (const std::string& p : f.params)
        if ((p.find('=') == std::string::npos && !is_button_press(p)) || p[0] == '=')
          return chess::Error{f.name + ": expected key=value, got '" + p + "'"};
      break;
    case Arity::ANY: break;
  }
  return true;
}

}  // namespace

chess::Result<bool> apply_option(const std::vector<OptionRow>& rows, LineState& state, const Flag& f) {
  std::vector<std::string> known;
  for (const OptionRow& row : rows) {
    if (row.apply) known.emplace_back(row.name);
    if (f.name != row.name) continue;
    if (!row.apply) return chess::Error{f.name + ": not supported: " + row.help};
    CHESS_RETURN_IF_ERROR(check_arity(f, row.arity));
    return row.apply(state, f);
  }
  return chess::Error{"unknown option '" + f.name + "'" + chess::did_you_mean(f.name, known)};
}

}  // namespace harness::frontend
