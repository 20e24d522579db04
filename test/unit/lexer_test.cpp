// The lexer's tokens inside a line (text/lexer.hpp). Lexer::next answers the common tokens —
// names, `,`, brackets, `.`, `:`, `=` and numbers — without next_token's general dispatch; each
// case here puts one of them next to the longer tokens it must not cut short (`...`, `==`, `.5`,
// `1.`, `1e3`) and checks kind, text and column of every token.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/text/lexer.hpp"
namespace ut_lexer_test {  // one namespace per file: the suite builds as one unity TU

using ptorw::text::Lexer;
using ptorw::text::Tok;

namespace {
/// The tokens of `line` (one logical line, no indentation) as "kind:text@col", up to the NEWLINE.
std::vector<std::string> tokens(const std::string& line) {
  const std::string src = line + "\n";  // the lexer views its text: keep it alive
  Lexer lex(src);
  std::vector<std::string> out;
  for (;;) {
    ptorw::text::Token t = lex.next();
    if (t.kind == Tok::Newline || t.kind == Tok::End) break;
    const char* k = t.kind == Tok::Name ? "N" : t.kind == Tok::Int ? "I" : t.kind == Tok::Float ? "F"
                    : t.kind == Tok::String ? "S" : t.kind == Tok::Punct ? "P" : "?";
    out.push_back(std::string(k) + ":" + std::string(t.text) + "@" + std::to_string(t.col));
  }
  return out;
}
using V = std::vector<std::string>;
}  // namespace

TEST_CASE("lexer: dots, colons and equals next to the longer tokens they start") {
  CHECK(tokens("a = pl.tensor.slice(x)") ==
        V{"N:a@1", "P:=@3", "N:pl@5", "P:.@7", "N:tensor@8", "P:.@14", "N:slice@15", "P:(@20", "N:x@21", "P:)@22"});
  CHECK(tokens("a == b") == V{"N:a@1", "P:==@3", "N:b@6"});
  CHECK(tokens("a=b==c") == V{"N:a@1", "P:=@2", "N:b@3", "P:==@4", "N:c@6"});
  CHECK(tokens("a != b") == V{"N:a@1", "P:!=@3", "N:b@6"});
  CHECK(tokens("x <= y >= z") == V{"N:x@1", "P:<=@3", "N:y@6", "P:>=@8", "N:z@11"});
  CHECK(tokens("a ... b") == V{"N:a@1", "P:...@3", "N:b@7"});
  CHECK(tokens("a .. b") == V{"N:a@1", "P:.@3", "P:.@4", "N:b@6"});
  CHECK(tokens("f(x: int) -> y") == V{"N:f@1", "P:(@2", "N:x@3", "P::@4", "N:int@6", "P:)@9", "P:->@11", "N:y@14"});
  CHECK(tokens("a: b = c") == V{"N:a@1", "P::@2", "N:b@4", "P:=@6", "N:c@8"});
  CHECK(tokens("x += 1") == V{"N:x@1", "P:+=@3", "I:1@6"});
}

TEST_CASE("lexer: numbers, including those that start with a point or end in one") {
  CHECK(tokens("a = 12 + 3") == V{"N:a@1", "P:=@3", "I:12@5", "P:+@8", "I:3@10"});
  CHECK(tokens("a = .5") == V{"N:a@1", "P:=@3", "F:.5@5"});
  CHECK(tokens("a = 1. + 2.5") == V{"N:a@1", "P:=@3", "F:1.@5", "P:+@8", "F:2.5@10"});
  CHECK(tokens("a = 1e3, 2E-2, 1_000") == V{"N:a@1", "P:=@3", "F:1e3@5", "P:,@8", "F:2E-2@10", "P:,@14", "I:1_000@16"});
  CHECK(tokens("t[0].x") == V{"N:t@1", "P:[@2", "I:0@3", "P:]@4", "P:.@5", "N:x@6"});
  CHECK(tokens("f(a=1,b=[2,3])") ==
        V{"N:f@1", "P:(@2", "N:a@3", "P:=@4", "I:1@5", "P:,@6", "N:b@7", "P:=@8", "P:[@9", "I:2@10", "P:,@11", "I:3@12",
          "P:]@13", "P:)@14"});
}

TEST_CASE("lexer: a bad number is reported where the lexer stands") {
  const std::string src = "a = 12abc\n";
  Lexer lex(src);
  CHECK(lex.next().text == "a");
  CHECK(lex.next().text == "=");
  try {
    lex.next();
    FAIL("a number run into a name must be an error");
  } catch (const ptorw::text::ParseError& e) {
    CHECK(std::string(e.what()) == "invalid decimal literal");
    CHECK(e.line == 1);
    CHECK(e.col == 7);
  }
}
}  // namespace ut_lexer_test
