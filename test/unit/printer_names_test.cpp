// The printer's naming rule (../shared/dsl.md "Printing": names are hints made unique within a
// function) through its fast paths: names memoized per node (a use answered without the table),
// the name set that tells a definition holds its own name by pointer, hashes reused from the
// prefetch; and the two containers under them (StringSet, TextOut). Expected texts are written
// from the rule: a printable free hint prints as is; a taken hint prints hint_N (N counting per
// hint); a keyword gets "_", other characters become "_", a leading digit or an empty hint "v".
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/text/string_set.hpp"
#include "ptorw/text/text_out.hpp"
namespace ut_printer_names_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::ir;

namespace {
Type idx() { return scalar_type(DType::INDEX); }
Expr add(Expr a, Expr b) { return make_expr(Binary{BinOp::Add, std::move(a), std::move(b)}, idx()); }
Stmt ret(std::vector<Expr> v) { return make_stmt(Return{std::move(v)}); }
std::string print_fn(std::vector<Stmt> body) {
  Function f;
  f.name = "f";
  f.body = make_seq(std::move(body));
  return text::print_function(f);
}
}  // namespace

TEST_CASE("names: collisions, keywords, unprintable and empty hints are renamed by the rule") {
  Expr x0 = make_var("x", idx()), x1 = make_var("x", idx()), x_1 = make_var("x_1", idx());
  Expr kw = make_var("for", idx()), dot = make_var("a.b", idx()), empty = make_var("", idx());
  Expr v = make_var("v", idx()), digit = make_var("1x", idx()), empty2 = make_var("", idx());
  std::string out = print_fn({
      make_assign(x0, make_int(1)),
      make_assign(x1, add(x0, make_int(1))),
      make_assign(x_1, x1),  // "x_1" is already x1's printed name
      make_assign(kw, make_int(2)),
      make_assign(dot, make_int(3)),
      make_assign(empty, make_int(4)),
      make_assign(v, make_int(5)),  // "v" is the empty hint's name
      make_assign(digit, make_int(6)),
      make_assign(empty2, add(empty, v)),
      ret({x0, x1, x_1, kw, dot, empty, v, digit, empty2}),
  });
  CHECK(out ==
        "@pl.function\n"
        "def f(self):\n"
        "    x: pl.Scalar[pl.INDEX] = 1\n"
        "    x_1: pl.Scalar[pl.INDEX] = x + 1\n"
        "    x_1_1: pl.Scalar[pl.INDEX] = x_1\n"
        "    for_: pl.Scalar[pl.INDEX] = 2\n"
        "    a_b: pl.Scalar[pl.INDEX] = 3\n"
        "    v: pl.Scalar[pl.INDEX] = 4\n"
        "    v_1: pl.Scalar[pl.INDEX] = 5\n"
        "    v1x: pl.Scalar[pl.INDEX] = 6\n"
        "    v_2: pl.Scalar[pl.INDEX] = v + v_1\n"
        "    return x, x_1, x_1_1, for_, a_b, v, v_1, v1x, v_2\n");
}

TEST_CASE("names: a hint taken first by a use (no definition yet) stays with that node") {
  // A use before any definition names the node at the use; a later definition of another node
  // with the same hint is renamed, and a use of the first node still prints the plain hint.
  Expr early = make_var("t", idx()), late = make_var("t", idx()), y = make_var("y", idx());
  std::string out = print_fn({make_assign(y, early), make_assign(late, make_int(0)), ret({early, late, y})});
  CHECK(out ==
        "@pl.function\n"
        "def f(self):\n"
        "    y: pl.Scalar[pl.INDEX] = t\n"
        "    t_1: pl.Scalar[pl.INDEX] = 0\n"
        "    return t, t_1, y\n");
}

TEST_CASE("names: an assignment whose target is not a variable prints 'v' there, its value at uses") {
  // Only variables are memoized: a use of the same (constant) node still prints the constant.
  Expr c = make_int(7), z = make_var("z", idx());
  std::string out = print_fn({make_assign(c, make_int(1)), make_assign(z, add(c, c)), ret({c, z})});
  CHECK(out ==
        "@pl.function\n"
        "def f(self):\n"
        "    v: pl.Scalar[pl.INDEX] = 1\n"
        "    z: pl.Scalar[pl.INDEX] = 7 + 7\n"
        "    return 7, z\n");
}

TEST_CASE("names: uses far from their definitions (beyond the per-node memo) keep the definition's name") {
  // 20000 definitions over three hints, each using the previous one, one a thousand back and one
  // half-way back: the memo (4096 slots) forgets most of them, the set grows many times. The
  // expected names follow the rule: the k-th definition of hint h is h, then h_1, h_2, ...
  constexpr int kDefs = 20000;
  const char* hints[] = {"a", "b", "a_1"};
  std::vector<Expr> vars;
  std::vector<std::string> names;
  int count[2] = {0, 0}, n_a1 = 0;
  bool a1_taken_by_a = false;
  for (int i = 0; i < kDefs; ++i) {
    const char* h = hints[i % 3];
    vars.push_back(make_var(h, idx()));
    std::string n;
    if (i % 3 == 2) {
      // The hint "a_1" is the printed name of the second "a" (i == 3), which comes after the
      // first "a_1" (i == 2): the first "a_1" prints as is; then a's second definition finds
      // "a_1" taken and skips to "a_2"; every later "a_1" definition is a_1_N.
      n = n_a1 == 0 ? "a_1" : "a_1_" + std::to_string(n_a1);
      ++n_a1;
    } else {
      int& k = count[i % 3];
      std::string base = h;
      if (k == 0) {
        n = base;
      } else {
        n = base + "_" + std::to_string(k);
        if (base == "a" && n == "a_1") {  // taken by the first "a_1" definition (i == 2)
          a1_taken_by_a = true;
          n = "a_" + std::to_string(++k);
        }
      }
      ++k;
    }
    names.push_back(n);
  }
  CHECK(a1_taken_by_a);
  std::vector<Stmt> body;
  std::string expected = "@pl.function\ndef f(self):\n";
  for (int i = 0; i < kDefs; ++i) {
    Expr value = make_int(i);
    std::string value_text = std::to_string(i);
    if (i > 0) {
      int far = i >= 1000 ? i - 1000 : 0, half = i / 2;
      value = add(add(vars[i - 1], vars[far]), vars[half]);
      value_text = names[i - 1] + " + " + names[far] + " + " + names[half];
    }
    body.push_back(make_assign(vars[i], value));
    expected += "    " + names[i] + ": pl.Scalar[pl.INDEX] = " + value_text + "\n";
  }
  body.push_back(ret({vars[0], vars[1], vars[2], vars[3], vars[kDefs - 1]}));
  expected += "    return " + names[0] + ", " + names[1] + ", " + names[2] + ", " + names[3] + ", " + names[kDefs - 1] + "\n";
  CHECK(names[3] == "a_2");
  std::string out = print_fn(std::move(body));
  CHECK(out.size() == expected.size());
  CHECK(out == expected);
}

TEST_CASE("names: symbolic dims are program-wide names; a local with the same hint is renamed") {
  auto p = std::make_shared<Program>();
  p->name = "P";
  Expr m0 = make_var("M", idx()), m1 = make_var("M", idx()), local = make_var("M", idx());
  p->dyn_dims = {m0, m1};
  Function f;
  f.name = "f";
  f.body = make_seq({make_assign(local, add(m0, m1)), ret({local, m1, m0})});
  p->functions.push_back(std::make_shared<const Function>(std::move(f)));
  CHECK(text::print_program(*p) ==
        "M = pl.dynamic(\"M\")\n"
        "M_1 = pl.dynamic(\"M\")\n"
        "\n"
        "@pl.program\n"
        "class P:\n"
        "    @pl.function\n"
        "    def f(self):\n"
        "        M_2: pl.Scalar[pl.INDEX] = M + M_1\n"
        "        return M_2, M_1, M\n");
}

TEST_CASE("names: each function starts afresh (memo and set are per function)") {
  Expr a = make_var("a", idx()), a2 = make_var("a", idx());
  auto p = std::make_shared<Program>();
  p->name = "P";
  for (const char* fname : {"f", "g"}) {
    Function f;
    f.name = fname;
    // g reuses f's nodes in swapped roles: the names must follow g's own order of definition.
    bool swap = std::string(fname) == "g";
    Expr first = swap ? a2 : a, second = swap ? a : a2;
    f.body = make_seq({make_assign(first, make_int(1)), make_assign(second, first), ret({first, second})});
    p->functions.push_back(std::make_shared<const Function>(std::move(f)));
  }
  CHECK(text::print_program(*p) ==
        "@pl.program\n"
        "class P:\n"
        "    @pl.function\n"
        "    def f(self):\n"
        "        a: pl.Scalar[pl.INDEX] = 1\n"
        "        a_1: pl.Scalar[pl.INDEX] = a\n"
        "        return a, a_1\n"
        "\n"
        "    @pl.function\n"
        "    def g(self):\n"
        "        a: pl.Scalar[pl.INDEX] = 1\n"
        "        a_1: pl.Scalar[pl.INDEX] = a\n"
        "        return a, a_1\n");
}

TEST_CASE("StringSet: keeps the first view of a string and says whose it is") {
  text::StringSet set;
  std::string one = "name", two = "name", other = "other";
  auto [held, inserted] = set.try_insert(one);
  CHECK(inserted);
  CHECK(held == one.data());
  auto [held2, inserted2] = set.try_insert(two);  // equal text, another buffer: the first view holds it
  CHECK_FALSE(inserted2);
  CHECK(held2 == one.data());
  CHECK(set.find(two) == one.data());
  CHECK(set.find(other) == nullptr);
  CHECK(set.contains("name"));
  CHECK_FALSE(set.contains("nam"));
  CHECK_FALSE(set.contains(""));
  CHECK(set.insert(std::string_view{}));  // the empty string is a string like any other
  CHECK(set.contains(""));
  CHECK_FALSE(set.insert(""));
}

TEST_CASE("StringSet: every string is found after many growths; near misses are not") {
  text::StringSet set;
  std::vector<std::string> keep;
  for (int i = 0; i < 100000; ++i) keep.push_back("v" + std::to_string(i) + (i % 7 ? "" : "_long_enough_for_two_rounds"));
  for (const auto& s : keep) CHECK(set.insert(s));
  CHECK(set.size() == keep.size());
  int found = 0, wrong = 0;
  for (const auto& s : keep) {
    found += set.find(s) == s.data();
    wrong += set.contains(s + "x") || set.contains(s.substr(1));
  }
  CHECK(found == static_cast<int>(keep.size()));
  CHECK(wrong == 0);
  set.clear();
  CHECK_FALSE(set.contains(keep[0]));
}

TEST_CASE("StringSet: queries between insertions see every earlier insertion, and only those") {
  // The exact index is brought up to date only when the filter says "maybe", so answers must not
  // depend on when the last update was: query members, the just-inserted string and non-members
  // after every insertion, across filter rebuilds and index growths, then again after clear().
  text::StringSet set;
  std::vector<std::string> keep;
  for (int i = 0; i < 40000; ++i) keep.push_back("t" + std::to_string(i * 7919 % 40009));
  for (int round = 0; round < 2; ++round) {
    int bad = 0;
    for (std::size_t i = 0; i < keep.size(); ++i) {
      auto [held, inserted] = set.try_insert(keep[i]);
      bad += !inserted || held != keep[i].data();
      std::string copy = keep[i];  // equal text in another buffer: held by the first view
      bad += set.find(copy) != keep[i].data();
      bad += set.find(keep[i / 2]) != keep[i / 2].data();
      bad += set.contains(keep[i] + "_") || set.contains("u" + keep[i].substr(1));
      if (i + 1 < keep.size()) bad += set.contains(keep[i + 1]);
    }
    CHECK(bad == 0);
    CHECK(set.size() == keep.size());
    set.clear();
    CHECK(set.size() == 0);
    CHECK_FALSE(set.contains(keep.back()));
  }
}

TEST_CASE("TextOut: many pieces across growths equal the same appends to a std::string") {
  text::TextOut out;
  std::string ref;
  for (int i = 0; i < 300000; ++i) {
    std::string piece(static_cast<std::size_t>(i % 23), static_cast<char>('a' + i % 26));
    out += piece;
    ref += piece;
    out += ", ";
    ref += ", ";
    out += static_cast<char>('0' + i % 10);
    ref += static_cast<char>('0' + i % 10);
    if (i % 1000 == 0) {
      out.fill(static_cast<std::size_t>(i % 70000), ' ');  // a piece larger than the window
      ref.append(static_cast<std::size_t>(i % 70000), ' ');
    }
  }
  CHECK(out.size() == ref.size());
  CHECK(out.since(ref.size() - 5) == std::string_view(ref).substr(ref.size() - 5));
  text::TextOut moved = std::move(out);  // the cursor survives a move
  moved += "end";
  ref += "end";
  std::string got = moved.take();
  CHECK(got.size() == ref.size());
  CHECK(got == ref);
  CHECK(moved.size() == 0);
  moved += "again";
  CHECK(moved.take() == "again");
  text::TextOut small;
  small += "ab";
  text::TextOut small_moved = std::move(small);
  small_moved += 'c';
  CHECK(small_moved.take() == "abc");
}
}  // namespace ut_printer_names_test
