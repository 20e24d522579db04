// Which strings may name a function or a program, and which bytes are UTF-8 text: checked where a
// name or a string enters from outside the parser (binary IR, the C++ and Python APIs), since a
// function name becomes a file name (`kernels/<name>.pto`), a C symbol and a PTO symbol.
#pragma once
#include <string_view>

namespace ptorw::ir {

/// An ASCII identifier: a letter or `_`, then letters, digits and `_` (review rev44d 1: a function
/// named `../../evil` read from a binary file made `compile` write outside its output directory).
inline bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

/// The offset of the first byte of `s` that is not well-formed UTF-8 (an overlong form, a
/// surrogate, a code point past U+10FFFF, a cut sequence), or npos. ASCII, nearly every string, is
/// one pass over the bytes.
inline std::size_t utf8_error_offset(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 0;
    if (len == 0 || i + len > n) return i;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return i;
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f) || (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))
      return i;
    i += len;
  }
  return std::string_view::npos;
}
/// Whether `s` is well-formed UTF-8.
inline bool valid_utf8(std::string_view s) { return utf8_error_offset(s) == std::string_view::npos; }

}  // namespace ptorw::ir
