// The parser's name table (text/name_table.hpp): bindings, shadowing, erasure, growth, copies, and
// the recent-slot cache in front of the open-addressing table, which must never answer with a
// binding that is gone or that belongs to another table.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/text/name_table.hpp"

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
