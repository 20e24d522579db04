// Which names the pl DSL, read as Python, cannot bind: the parser refuses them as definitions
// (`True = 5`), the printer and the report renderings (visit/describe.hpp) rename a variable that
// carries one, and a `name_hint=` must be an identifier the C++ and file names can carry. One list
// for all three, so that what the printer writes the parser reads back (std only: the lexical
// layer of scripts/layers.toml).
#pragma once
#include <string_view>

namespace ptorw::text {

/// Python's hard keywords. Asked for every definition the parser reads (a million at 1M
/// statements): only the keywords of the name's length are compared.
inline bool is_python_keyword(std::string_view s) {
  static constexpr std::string_view by_len[9][8] = {
      {},
      {},
      {"as", "if", "in", "is", "or"},
      {"and", "def", "del", "for", "not", "try"},
      {"None", "True", "elif", "else", "from", "pass", "with"},
      {"False", "async", "await", "break", "class", "raise", "while", "yield"},
      {"assert", "except", "global", "import", "lambda", "return"},
      {"finally"},
      {"continue", "nonlocal"}};
  if (s.size() < 2 || s.size() > 8) return false;
  for (std::string_view k : by_len[s.size()])
    if (!k.empty() && k == s) return true;
  return false;
}

/// A name a printed variable may not take: a keyword, or a name the printed text means otherwise
/// (`pl` the module, `self`, the builtins `min`/`max`/`tuple` it calls).
inline bool is_reserved_name(std::string_view s) {
  return is_python_keyword(s) || s == "pl" || s == "self" || s == "min" || s == "max" || s == "tuple";
}

/// ASCII letters, digits and '_', not starting with a digit (the names C++ and every file system
/// take as they are).
inline bool is_ascii_identifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

}  // namespace ptorw::text
