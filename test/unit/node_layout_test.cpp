// Node layout for a small IR (issue 2): interned call names (ir/symbol.hpp) and boxed statement
// kinds (ir/stmt.hpp). Interned names: what a Call or Submit calls. Equal text must give the same pool
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
#include <variant>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/symbol.hpp"
namespace ut_node_layout_test {  // one namespace per file: the suite builds as one unity TU

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

// ---- boxed statement kinds (ir/stmt.hpp) ----
// If, For and While live out of line so that a statement node is as small as an assignment; every
// way of reaching a kind must open the box, and building one must read as before.

TEST_CASE("boxed kinds: stmt_as, kind_as and stmt_is see If, For and While") {
  auto i = ir::make_var("i", ir::scalar_type(ir::DType::INDEX));
  auto body = ir::make_seq({ir::make_stmt(ir::Yield{})});
  ir::Stmt loop = ir::make_stmt(ir::For{ir::ForKind::Range, i, ir::make_int(0), ir::make_int(4), ir::make_int(1), {}, body, {}});
  const ir::For* f = ir::stmt_as<ir::For>(loop);
  REQUIRE(f != nullptr);
  CHECK(f->loop_var == i);
  CHECK(f->body == body);
  CHECK(ir::kind_as<ir::For>(loop->kind) == f);
  CHECK(ir::stmt_is<ir::For>(loop->kind));
  CHECK_FALSE(ir::stmt_is<ir::While>(loop->kind));
  CHECK(ir::stmt_as<ir::While>(loop) == nullptr);
  CHECK(ir::stmt_as<ir::If>(loop) == nullptr);
  CHECK(ir::stmt_as<ir::Assign>(loop) == nullptr);
  CHECK(ir::stmt_as<ir::For>(ir::Stmt{}) == nullptr);
  CHECK(&ir::kind_get<ir::For>(loop->kind) == f);
  CHECK_THROWS_AS(ir::kind_get<ir::While>(loop->kind), std::bad_variant_access);  // as std::get did

  ir::Stmt branch = ir::make_stmt(ir::If{ir::make_var("c", ir::scalar_type(ir::DType::BOOL)), body, nullptr, {}});
  REQUIRE(ir::stmt_as<ir::If>(branch) != nullptr);
  CHECK(ir::stmt_as<ir::If>(branch)->then_body == body);
  CHECK(ir::stmt_as<ir::For>(branch) == nullptr);

  // A copy of a node shares the boxed kind (nodes are immutable).
  ir::StmtNode copy = *loop;
  CHECK(ir::kind_as<ir::For>(copy.kind) == f);
}

TEST_CASE("boxed kinds: visit_stmt hands the kind itself to the visitor") {
  auto i = ir::make_var("i", ir::scalar_type(ir::DType::INDEX));
  auto body = ir::make_seq({ir::make_stmt(ir::Yield{})});
  std::vector<ir::Stmt> stmts{
      ir::make_assign(i, ir::make_int(1)),
      ir::make_stmt(ir::For{ir::ForKind::Range, i, ir::make_int(0), ir::make_int(4), ir::make_int(1), {}, body, {}}),
      ir::make_stmt(ir::If{ir::make_var("c", ir::scalar_type(ir::DType::BOOL)), body, nullptr, {}}),
      ir::make_stmt(ir::While{ir::make_var("d", ir::scalar_type(ir::DType::BOOL)), {}, body, {}}),
  };
  std::vector<std::string> seen;
  for (const auto& s : stmts)
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      static_assert(!ir::is_boxed<K>::value);
      if constexpr (std::is_same_v<K, ir::Assign>) seen.push_back("assign");
      else if constexpr (std::is_same_v<K, ir::For>) seen.push_back(k.body == body ? "for" : "for?");
      else if constexpr (std::is_same_v<K, ir::If>) seen.push_back(k.then_body == body ? "if" : "if?");
      else if constexpr (std::is_same_v<K, ir::While>) seen.push_back(k.body == body ? "while" : "while?");
      else seen.push_back("other");
    }, s->kind);
  CHECK(seen == std::vector<std::string>{"assign", "for", "if", "while"});
}

TEST_CASE("boxed kinds: a statement node is as small as an assignment") {
  // The reason for the boxes (issue 2); fails if a large kind is put back inline.
  CHECK(sizeof(ir::StmtNode) <= 48);
}
}  // namespace ut_node_layout_test
