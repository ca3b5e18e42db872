#include "frontends/option_words.h"

#include <cctype>
#include <filesystem>

namespace harness::frontend {

namespace {

bool starts_flag(const std::string& token) {
  return token.size() > 1 && token[0] == '-' && !std::isdigit(static_cast<unsigned char>(token[1])) && token[1] != '.';
}

}  // namespace

chess::Result<std::vector<Flag>> split_flags(const std::vector<std::string>& args) {
  std::vector<Flag> flags;
  for (const std::string& a : args) {
    if (starts_flag(a)) {
      flags.push_back({a.rfind("--", 0) == 0 ? a.substr(1) : a, {}});
    } else {
      if (flags.empty()) return chess::Error{"'" + a + "' is not an option (options start with '-')"};
      flags.back().params.push_back(a);
    }
  }
  return flags;
}

chess::Result<std::vector<KeyValue>> key_values(const Flag& f) {
  std::vector<KeyValue> out;
  for (const std::string& p : f.params) {
    const std::size_t eq = p.find('=');
    if (is_button_press(p)) {
      out.push_back({p, ""});
      continue;
    }
    if (eq == std::string::npos || eq == 0) return chess::Error{f.name + ": expected key=value, got '" + p + "'"};
    out.push_back({p.substr(0, eq), p.substr(eq + 1)});
  }
  return out;
}

chess::Result<bool> boolean(const std::string& where, const std::string& text) {
  if (text == "true") return true;
  if (text == "false") return false;
  return chess::Error{where + ": expected true or false, got '" + text + "'"};
}

chess::Result<std::string> absolute_path(const std::string& at, const std::string& value) {
  if (value.empty()) return chess::Error{at + ": expects a path, got nothing"};
  std::error_code ec;
  const std::filesystem::path path = std::filesystem::absolute(value, ec);
  if (ec) return chess::Error{at + ": " + value + ": " + ec.message()};
  return path.lexically_normal().string();
}

std::string joined(const std::vector<std::string>& words, const std::string& separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : separator) + w;
  return out;
}

}  // namespace harness::frontend
