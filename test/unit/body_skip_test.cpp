// The parser has several ways to read the same text, and they must be invisible: for any input,
// each gives the same program or the same first error as the reference (two phases, bodies
// skipped token by token):
// - phase 1 skips function bodies by scanning characters (Lexer::skip_indented_block);
// - the single pass parses each body right after its signature and starts again in two phases
//   on a call of a later function or on any error (ParseOptions::single_pass);
// Checked on hand-written edge cases (continuations, comments, end of input, dedents past the
// class) and on a few thousand mutations of the examples, which put bad characters, tabs, CRs,
// stray brackets, quotes and cuts in every part of a body.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptorw/text/parser.hpp"
#include "ptorw/text/parser_core.hpp"  // detail::fast_body_skip
#include "ptorw/text/printer.hpp"
#include "../fuzz/mutate.hpp"
namespace ut_body_skip_test {  // one namespace per file: the suite builds as one unity TU

namespace {

enum class Mode { TokenSkip, FastSkip, SinglePass };

/// The outcome of a parse as text: the printed program, or the first error with its position.
std::string outcome(const std::string& src, Mode mode) {
  ptorw::text::ParseOptions opts;
  opts.single_pass = mode == Mode::SinglePass;
  ptorw::text::detail::fast_body_skip() = mode != Mode::TokenSkip;
  auto r = ptorw::text::parse_program(src, "t.py", opts);
  ptorw::text::detail::fast_body_skip() = true;
  if (!r.errors.empty()) return "error: " + r.errors[0].str();
  return "ok:\n" + ptorw::text::print_program(*r.program);
}
std::string outcome(const std::string& src, bool fast) { return outcome(src, fast ? Mode::FastSkip : Mode::TokenSkip); }

void check_same(const std::string& src) {
  CAPTURE(src);
  const std::string ref = outcome(src, Mode::TokenSkip);
  for (Mode m : {Mode::FastSkip, Mode::SinglePass}) {
    CAPTURE(static_cast<int>(m));
    CHECK(outcome(src, m) == ref);
  }
}

const char* const kBase = R"(import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0],
                    [16, 32])  # a continuation line inside brackets, less indented than usual
        u = pl.tile.adds(t, 1.5e0)

        # a comment line, then a blank line with spaces
        
        r = pl.store(u, [0, 0], \
            out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:  # trailing comment
        buf = pl.create_tensor([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(buf,)):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="blk"):
                w = pl.tensor.slice(x, [16, 32], [i * 16, 0])
                o = pl.create_tensor([16, 32], dtype=pl.FP32)
                y = self.later(w, o)
            nxt = pl.tensor.assemble(acc, y, [i * 16, 0])
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.InCore)
    def later(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.k(a, out)
        return r
)";

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

}  // namespace

TEST_CASE("the fast body skip parses the base program like the token path") {
  const std::string base = kBase;
  REQUIRE(outcome(base, true).rfind("ok:", 0) == 0);  // the base itself is valid
  check_same(base);
}

TEST_CASE("the fast body skip agrees at the end of input and after the class") {
  std::string base = kBase;
  while (!base.empty() && base.back() == '\n') base.pop_back();
  check_same(base);                       // no final newline
  check_same(base + "\n   \n");           // trailing blank line with spaces
  check_same(base + "\n# end");           // a comment without a newline
  check_same(base + "\n        # deeper comment\n");
  check_same(base + "\nM = pl.dynamic(\"M\")\n");  // a top-level line right after the last body
  check_same(base + "\n@pl.program\nclass Q:\n    pass\n");  // second class: the same error
  check_same(base + "\n  x = 1\n");       // dedent to a level that does not exist
  check_same(base + "\n    @pl.function()\n    def e(self):\n");  // a def with no body at the end
}

TEST_CASE("the fast body skip reports what the token path reports on bad bodies") {
  const std::string base = kBase;
  const std::string line = "        u = pl.tile.adds(t, 1.5e0)\n";
  REQUIRE(base.find(line) != std::string::npos);
  for (const char* bad : {
           "        u = pl.tile.adds(t, 1.5e0) $\n",        // a character outside the DSL
           "\tu = pl.tile.adds(t, 1.5e0)\n",               // a tab in the indentation
           "        u = pl.tile.adds(t, 1a)\n",            // a bad number
           "        u = pl.tile.adds(t, \"open)\n",        // an unterminated string
           "        u = pl.tile.adds(t, \"a\\\"b\")\n",    // an escape inside a string
           "        u = pl.tile.adds(t, 1.5e0))\n",        // an unmatched bracket
           "        u = pl.tile.adds(t, [1.5e0)]\n",       // mismatched brackets
           "        u = pl.tile.adds(t, 1.5e0) \\ x\n",    // a backslash not before a newline
           "        u = pl.tile.adds(t, 1.5e0)\r\n",       // CRLF
           "          u = pl.tile.adds(t, 1.5e0)\n",       // an unexpected indent
           "      u = pl.tile.adds(t, 1.5e0)\n",           // a dedent to no level
           "        u = pl.tile.adds(t, 1 != 2)\n",        // `!=` is fine
           "        u = pl.tile.adds(t, 1 ! 2)\n",         // a lone `!` is not
           "        u = pl.tile.adds(t, .5)\n",            // a number starting with a dot
           "        u = pl.tile.adds(t, .5x)\n",
       }) {
    check_same(replace_all(base, line, bad));
  }
  // A lexical error in the first body comes before a parse error in a later signature.
  check_same(replace_all(replace_all(base, line, "        u = $\n"), "def later(self, a:", "def later(self, a"));
  // Bodies on the def line, missing bodies, comments after the colon.
  check_same(replace_all(base, "def later(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n",
                         "def later(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]: return a\n"));
  check_same(replace_all(base, "-> pl.Tensor[[64, 32], pl.FP32]:  # trailing comment\n",
                         "-> pl.Tensor[[64, 32], pl.FP32]:  # trailing comment\n    pass\n"));
  // Brackets nested past the limit inside a body.
  check_same(replace_all(base, line, "        u = " + std::string(250, '(') + "1" + std::string(250, ')') + "\n"));
}

TEST_CASE("the fast body skip agrees on mutated examples") {
  namespace fs = std::filesystem;
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  fs::path root = root_env ? root_env : ".";
  std::vector<std::string> sources{kBase};
  if (fs::exists(root / "examples"))
    for (const auto& e : fs::directory_iterator(root / "examples")) {
      if (e.path().extension() != ".py") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      sources.push_back(ss.str());
    }
  REQUIRE(sources.size() >= 2);
  ptorw::fuzz::Rng rng;  // deterministic: the same mutations every run
  int checked = 0, accepted = 0;
  for (const std::string& src : sources) {
    for (int m = 0; m < 400; ++m) {
      std::string s = src;
      ptorw::fuzz::mutate_once(s, rng);
      const std::string slow = outcome(s, Mode::TokenSkip);
      const std::string fast = outcome(s, Mode::FastSkip);
      CAPTURE(s);
      CHECK(fast == slow);
      CHECK(outcome(s, Mode::SinglePass) == slow);  // the default path
      ++checked;
      accepted += fast.rfind("ok:", 0) == 0;
    }
  }
  MESSAGE("compared ", checked, " mutated inputs (", accepted, " accepted)");
  CHECK(accepted > 0);
  CHECK(accepted < checked);
}

namespace {
/// A program whose `main` has `n` statements, its kernel defined before or after it.
std::string long_program(int n, bool forward_call) {
  std::string s = "import ptorw.language as pl\n\n\n@pl.program\nclass P:\n";
  const std::string kernel =
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        r = pl.store(t, [0, 0], out)\n"
      "        return r\n\n";
  if (!forward_call) s += kernel;
  s += "    @pl.function(type=pl.FunctionType.Orchestration)\n"
       "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
       "        v0 = x\n";
  for (int i = 1; i <= n; ++i) {
    s += "        o" + std::to_string(i) + " = pl.create_tensor([16, 32], dtype=pl.FP32)\n";
    s += "        v" + std::to_string(i) + " = self.k(v" + std::to_string(i - 1) + ", o" + std::to_string(i) + ")\n";
  }
  s += "        return v" + std::to_string(n) + "\n";
  if (forward_call) s += "\n" + kernel;
  return s;
}
}  // namespace

TEST_CASE("every parse path agrees on a long body, with errors deep inside it") {
  for (bool forward : {false, true}) {
    const std::string src = long_program(3000, forward);  // about 60,000 tokens
    CAPTURE(forward);
    const std::string ref = outcome(src, Mode::TokenSkip);
    REQUIRE(ref.rfind("ok:", 0) == 0);
    CHECK(outcome(src, Mode::SinglePass) == ref);
    // A lexical error deep in the body, a syntax error before it, and an error in the last line.
    const std::string lex_err = replace_all(src, "v2900 = self.k(", "v2900 = $self.k(");
    const std::string both = replace_all(lex_err, "o2000 = pl.create_tensor(", "o2000 = pl.create_tensor((");
    std::string last = src;
    last.insert(last.rfind("return v3000"), "bad bad\n        ");
    for (const std::string& bad : {lex_err, both, last}) {
      const std::string r = outcome(bad, Mode::TokenSkip);
      CHECK(r.rfind("error: ", 0) == 0);
      CHECK(outcome(bad, Mode::SinglePass) == r);
    }
  }
}
}  // namespace ut_body_skip_test
