// Property: every scalar expression tree prints to text that parses back to the same tree.
// Trees are written fully parenthesized (parentheses make no node, so that text parses to exactly
// the intended tree), then printed with the printer's minimal parentheses and parsed again.
// Covers every binary operator, min/max, negation, `not` and pl.cast in every operand position of
// every other, negative literals and negated literals, plus random deeper trees.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_expr_roundtrip_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {
// Binary operators as Python text; min/max are written as calls.
const std::vector<std::string> kInfix = {"+", "-", "*", "//", "%", "/", "<", "<=", ">", ">=", "==", "!=", "and", "or"};
const std::vector<std::string> kCalls = {"min", "max"};
const std::vector<std::string> kLeaves = {"a", "b", "c", "x", "2", "(-3)", "0", "1.5", "(-2.5)"};

/// One node kind applied to fully parenthesized operand texts.
std::string apply(const std::string& kind, const std::string& l, const std::string& r) {
  if (kind == "neg") return "(-(" + l + "))";
  if (kind == "not") return "(not (" + l + "))";
  if (kind == "cast") return "pl.cast(" + l + ", target_type=pl.INT32)";
  if (kind == "min" || kind == "max") return kind + "(" + l + ", " + r + ")";
  return "((" + l + ") " + kind + " (" + r + "))";
}
std::vector<std::string> all_kinds() {
  std::vector<std::string> k = kInfix;
  k.insert(k.end(), kCalls.begin(), kCalls.end());
  for (const char* u : {"neg", "not", "cast"}) k.emplace_back(u);
  return k;
}
bool unary(const std::string& kind) { return kind == "neg" || kind == "not" || kind == "cast"; }

std::string source_of(const std::string& e) {
  return "@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX], "
         "c: pl.Scalar[pl.BOOL], x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.INDEX]:\n        y = " + e + "\n        return a\n";
}

/// Parses the fully parenthesized `e`, prints it, parses the print: both trees must be equal and
/// the second print identical to the first.
void check_print_parse(const std::string& e) {
  CAPTURE(e);
  auto intended = text::parse_program(source_of(e), "intended.py");
  for (auto& d : intended.errors) FAIL_CHECK(d.str());
  REQUIRE(intended.ok());
  const std::string printed = text::print_program(*intended.program);
  CAPTURE(printed);
  auto back = text::parse_program(printed, "printed.py");
  for (auto& d : back.errors) FAIL_CHECK(d.str());
  REQUIRE(back.ok());
  auto eq = visit::structural_equal(*intended.program, *back.program);
  CHECK_MESSAGE(eq.equal, eq.report());
  CHECK(text::print_program(*back.program) == printed);
}

std::string random_tree(std::mt19937_64& rng, int depth) {
  const auto kinds = all_kinds();
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  if (depth == 0 || pick(4) == 0) return kLeaves[pick(kLeaves.size())];
  const std::string& k = kinds[pick(kinds.size())];
  std::string l = random_tree(rng, depth - 1);
  std::string r = unary(k) ? std::string() : random_tree(rng, depth - 1);
  return apply(k, l, r);
}
}  // namespace

TEST_CASE("print -> parse is the identity on every pair of nested operators, in every operand position") {
  // outer(inner(a, b), b), outer(a, inner(a, b)), outer(inner(...)) for unary outers, and the same
  // with a negated or negative-literal operand: covers every precedence and associativity pair,
  // e.g. -(a // 2) against (-a) // 2, a - (b - 1) against (a - b) - 1, not (a < b) against (not a) < b.
  const auto kinds = all_kinds();
  for (const std::string& outer : kinds) {
    for (const std::string& inner : kinds) {
      const std::string in = apply(inner, "a", "b");
      const std::string in_neg = apply(inner, apply("neg", "a", ""), "(-3)");
      if (unary(outer)) {
        check_print_parse(apply(outer, in, ""));
        check_print_parse(apply(outer, in_neg, ""));
      } else {
        check_print_parse(apply(outer, in, "b"));
        check_print_parse(apply(outer, "a", in));
        check_print_parse(apply(outer, in_neg, in));
      }
    }
  }
}

TEST_CASE("print -> parse is the identity on random expression trees") {
  std::mt19937_64 rng(20240614);
  for (int i = 0; i < 3000; ++i) check_print_parse(random_tree(rng, 5));
}

TEST_CASE("the mutation that drops the parentheses of a negated product is seen") {
  // -(a // 2) and (-a) // 2 are different trees; both must survive printing as written.
  check_print_parse("(-((a) // (2)))");
  check_print_parse("((-(a)) // (2))");
  auto p = text::parse_program(source_of("(-((a) // (2)))"), "n.py");
  REQUIRE(p.ok());
  CHECK(text::print_program(*p.program).find("y: pl.Scalar[pl.INDEX] = -(a // 2)\n") != std::string::npos);
}
}  // namespace ut_expr_roundtrip_test
