// Interned names (ir/symbol.hpp): what a Call or Submit calls. Equal text must give the same pool
// entry — equality is a pointer comparison — from any thread; everything else must behave as the
// std::string the field used to be.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/symbol.hpp"

namespace ir = ptorw::ir;
using ir::Symbol;

TEST_CASE("symbol: equal text is one pool entry, different text is not") {
  const std::string text = "tile.add";
  Symbol a = "tile.add", b = text, c = std::string_view(text);
  CHECK(a == b);
  CHECK(&a.str() == &b.str());
  CHECK(&a.str() == &c.str());
  Symbol d = "tile.adds";
  CHECK_FALSE(a == d);
  CHECK(&a.str() != &d.str());
  // A prefix, a different case, an embedded NUL: all different names.
  CHECK_FALSE(Symbol("tile.ad") == a);
  CHECK_FALSE(Symbol("TILE.ADD") == a);
  CHECK_FALSE(Symbol(std::string_view("tile.add\0x", 10)) == a);
  CHECK(Symbol(std::string_view("tile.add\0x", 10)).size() == 10);
}

TEST_CASE("symbol: the default is the empty name") {
  Symbol e;
  CHECK(e.empty());
  CHECK(e.size() == 0);
  CHECK(e == Symbol(""));
  CHECK(e == Symbol(std::string()));
  CHECK(&e.str() == &Symbol("").str());
  CHECK(e == "");
  CHECK_FALSE(e == Symbol("x"));
}

TEST_CASE("symbol: reads and compares as the string it was") {
  Symbol s = "tensor.assemble";
  CHECK(s == "tensor.assemble");
  CHECK("tensor.assemble" == s);
  CHECK(s == std::string("tensor.assemble"));
  CHECK(std::string("tensor.assemble") == s);
  CHECK(s == std::string_view("tensor.assemble"));
  CHECK(s != "tensor.assembl");
  CHECK(s.rfind("tensor.", 0) == 0);
  CHECK(s.starts_with("tensor."));
  CHECK_FALSE(s.starts_with("tile."));
  CHECK(s.substr(7) == "assemble");
  CHECK(s.find('.') == 6);
  const std::string& r = s;
  CHECK(r == "tensor.assemble");
  std::string_view v = s;
  CHECK(v == "tensor.assemble");
  CHECK("op " + s == "op tensor.assemble");
  CHECK(s + "()" == "tensor.assemble()");
  std::ostringstream os;
  os << s;
  CHECK(os.str() == "tensor.assemble");
  // Usable as a key of string containers, and of its own.
  std::map<std::string, int> m{{"tensor.assemble", 1}};
  CHECK(m.at(s) == 1);
  std::unordered_set<Symbol> u{s, Symbol("tensor.assemble"), Symbol("tile.add")};
  CHECK(u.size() == 2);
}

TEST_CASE("symbol: ordered by text, not by interning order") {
  // Interned in reverse alphabetical order: a pointer order would likely follow that.
  std::vector<Symbol> v{Symbol("zz.sym_order_c"), Symbol("zz.sym_order_b"), Symbol("zz.sym_order_a")};
  std::sort(v.begin(), v.end());
  CHECK(v[0] == "zz.sym_order_a");
  CHECK(v[1] == "zz.sym_order_b");
  CHECK(v[2] == "zz.sym_order_c");
  std::set<Symbol> s{Symbol("b"), Symbol("a"), Symbol("b")};
  CHECK(s.size() == 2);
  CHECK(*s.begin() == "a");
  CHECK(Symbol("a") < Symbol("b"));
  CHECK_FALSE(Symbol("a") < Symbol("a"));
}

TEST_CASE("symbol: threads interning the same names get the same entries") {
  constexpr int kThreads = 4, kNames = 500;
  constexpr int kStep[kThreads] = {1, 3, 7, 9};  // coprime to kNames: each thread visits every name
  std::vector<std::vector<const std::string*>> got(kThreads, std::vector<const std::string*>(kNames));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&got, &kStep, t] {
      for (int i = 0; i < kNames; ++i) {
        // Each thread walks the names in a different order, so first insertions race.
        int k = (i * kStep[t] + t * 97) % kNames;
        got[t][static_cast<std::size_t>(k)] = &Symbol("thread_name_" + std::to_string(k)).str();
      }
    });
  for (auto& th : threads) th.join();
  for (int k = 0; k < kNames; ++k) {
    const std::string* want = &Symbol("thread_name_" + std::to_string(k)).str();
    CHECK(*want == "thread_name_" + std::to_string(k));
    for (int t = 0; t < kThreads; ++t) CHECK(got[t][static_cast<std::size_t>(k)] == want);
  }
}

TEST_CASE("symbol: a registry op's symbol is its name") {
  for (std::string_view name : {"tile.add", "tensor.slice", "tensor.assemble", "tile.load"}) {
    const ir::OpDef* def = ir::find_op(name);
    REQUIRE(def != nullptr);
    CHECK(ir::op_symbol(*def) == name);
    CHECK(ir::op_symbol(*def) == Symbol(name));
  }
}

TEST_CASE("symbol: call nodes are smaller than with a std::string callee") {
  // The reason for the type (issue 2): a call node is the largest expression alternative.
  static_assert(sizeof(Symbol) == sizeof(void*));
  CHECK(sizeof(ir::ExprNode) <= 88);
}
