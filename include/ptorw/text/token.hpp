// Tokens of the pl DSL (the Python subset of ../shared/dsl.md).
#pragma once
#include <cstdint>
#include <string_view>

namespace ptorw::text {

enum class Tok : std::uint8_t { Name, Int, Float, String, Punct, Newline, Indent, Dedent, End };

struct Token {
  Tok kind = Tok::End;
  std::string_view text;  // view into the source (for String: without quotes)
  std::uint32_t line = 0, col = 0;

  // Compared by hand: the parser tests tokens against short literals millions of times, and
  // string_view's == calls memcmp for each.
  [[gnu::always_inline]] bool is(Tok k, std::string_view t) const {
    if (kind != k || text.size() != t.size()) return false;
    for (std::size_t i = 0; i < t.size(); ++i)
      if (text[i] != t[i]) return false;
    return true;
  }
  [[gnu::always_inline]] bool punct(std::string_view t) const { return is(Tok::Punct, t); }
  [[gnu::always_inline]] bool name(std::string_view t) const { return is(Tok::Name, t); }
};

inline std::string_view describe(const Token& t) {
  switch (t.kind) {
    case Tok::Newline: return "end of line";
    case Tok::Indent: return "an indented block";
    case Tok::Dedent: return "the end of a block";
    case Tok::End: return "end of input";
    default: return t.text;
  }
}

}  // namespace ptorw::text
