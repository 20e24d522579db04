// The parser's name table (text/name_table.hpp): bindings, shadowing, erasure, growth, copies, and
// the recent-slot cache in front of the open-addressing table, which must never answer with a
// binding that is gone or that belongs to another table.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/text/name_table.hpp"
namespace ut_name_table_test {  // one namespace per file: the suite builds as one unity TU

using ptorw::text::NameTable;
namespace ir = ptorw::ir;

namespace {
ir::Expr var(const std::string& n) { return ir::make_var(n, ir::scalar_type(ir::DType::INDEX)); }
}  // namespace

TEST_CASE("name table: find, rebind, erase") {
  NameTable t;
  CHECK(t.find("a") == nullptr);
  ir::Expr a1 = var("a"), b = var("b"), a2 = var("a");
  t.bind(a1);
  t.bind(b);
  REQUIRE(t.find("a"));
  CHECK(*t.find("a") == a1);
  t.bind(a2);  // a later definition of the same name shadows the first
  CHECK(*t.find("a") == a2);
  CHECK(t.size() == 2);
  t.erase("a");
  CHECK(t.find("a") == nullptr);  // the cached slot is empty now: not answered from the cache
  CHECK(*t.find("b") == b);
  t.bind(a1);
  CHECK(*t.find("a") == a1);
}

TEST_CASE("name table: many names, growth, and names far back") {
  NameTable t;
  std::vector<ir::Expr> vs;
  for (int i = 0; i < 20000; ++i) {
    vs.push_back(var("v" + std::to_string(i)));
    t.bind(vs.back());
  }
  CHECK(t.size() == 20000);
  for (int i : {0, 1, 63, 64, 4095, 19999}) CHECK(*t.find("v" + std::to_string(i)) == vs[static_cast<std::size_t>(i)]);
  CHECK(t.find("v20000") == nullptr);
  CHECK(t.find("") == nullptr);
}

TEST_CASE("name table: a copy answers from its own slots") {
  NameTable t;
  ir::Expr a = var("a"), a2 = var("a"), c = var("c");
  t.bind(a);
  NameTable copy = t;
  t.bind(a2);  // rebinding in the original must not show in the copy
  t.bind(c);
  CHECK(*copy.find("a") == a);
  CHECK(copy.find("c") == nullptr);
  CHECK(*t.find("a") == a2);
  {
    NameTable gone = t;
    copy = gone;  // assigned from a table that is then destroyed
  }
  CHECK(*copy.find("a") == a2);
  CHECK(*copy.find("c") == c);
  copy.clear();
  CHECK(copy.find("a") == nullptr);
  CHECK(*t.find("c") == c);
}

TEST_CASE("name table: bind hands back what it shadows; answers are always the current binding") {
  NameTable t;
  ir::Expr a1 = var("a"), a2 = var("a");
  CHECK(t.bind(a1) == nullptr);
  CHECK(t.bind(a2) == a1);  // shadowed: handed back (a loop header restores it after the body)
  CHECK(*t.find("a") == a2);
  t.erase("a");
  CHECK(t.find("a") == nullptr);
  CHECK(t.bind(a1) == nullptr);  // erased: nothing to hand back
  // Rounds of rebinding 3000 names (more than the recent cache holds, so answers come from both
  // the cache and the index, and cache entries are overwritten by colliding names), then erasing
  // half: every answer must be the latest binding, or none.
  constexpr int kNames = 3000;
  std::vector<ir::Expr> cur(kNames);
  int bad = 0;
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < kNames; ++i) {
      ir::Expr v = var("n" + std::to_string(i));
      bad += t.bind(v) != cur[static_cast<std::size_t>(i)];
      cur[static_cast<std::size_t>(i)] = v;
      if (i >= 7) bad += *t.find("n" + std::to_string(i - 7)) != cur[static_cast<std::size_t>(i - 7)];
    }
    for (int i = 0; i < kNames; ++i) bad += *t.find("n" + std::to_string(i)) != cur[static_cast<std::size_t>(i)];
  }
  for (int i = 0; i < kNames; i += 2) t.erase("n" + std::to_string(i));
  for (int i = 0; i < kNames; ++i) {
    const ir::Expr* e = t.find("n" + std::to_string(i));
    bad += i % 2 ? (!e || *e != cur[static_cast<std::size_t>(i)]) : e != nullptr;
  }
  CHECK(bad == 0);
  CHECK(t.size() == kNames / 2 + 1);  // the odd names and "a"
}
}  // namespace ut_name_table_test
