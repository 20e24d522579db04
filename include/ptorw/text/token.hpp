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

  bool is(Tok k, std::string_view t) const { return kind == k && text == t; }
  bool punct(std::string_view t) const { return is(Tok::Punct, t); }
  bool name(std::string_view t) const { return is(Tok::Name, t); }
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
