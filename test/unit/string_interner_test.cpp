// The orchestration emitter's string interner (codegen/string_interner.hpp): one id per distinct
// string, views that stay valid while the table grows and the arena adds chunks, long strings
// outside the chunks, and stored (not interned) copies that take no name.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/codegen/string_interner.hpp"
namespace ut_string_interner_test {  // one namespace per file: the suite builds as one unity TU

using ptorw::codegen::StringInterner;

TEST_CASE("string interner: one id per string, found again after growth") {
  StringInterner t;
  CHECK(t.find("x") == StringInterner::npos);
  auto [a, new_a] = t.insert("x");
  auto [b, new_b] = t.insert("x_window");
  CHECK(new_a);
  CHECK(new_b);
  CHECK(a != b);
  auto [a2, again] = t.insert("x");
  CHECK(a2 == a);
  CHECK_FALSE(again);
  // Enough strings to grow the slots many times and fill several 64 KiB chunks.
  std::vector<std::string_view> views;
  for (int i = 0; i < 50000; ++i) {
    auto [id, added] = t.insert("x_window_" + std::to_string(i));
    REQUIRE(added);
    views.push_back(t.view(id));
  }
  CHECK(t.size() == 50002);
  CHECK(t.find("x") == a);
  CHECK(t.view(b) == "x_window");
  for (int i = 0; i < 50000; i += 997) {
    CHECK(views[i] == "x_window_" + std::to_string(i));  // views taken before the growth
    CHECK(t.find(views[i]) == t.find("x_window_" + std::to_string(i)));
  }
  CHECK(t.find("x_window_50000") == StringInterner::npos);
  CHECK(t.find("") == StringInterner::npos);
}

TEST_CASE("string interner: long strings, stored copies, the empty string") {
  StringInterner t;
  const std::string long_one(100000, 'a');  // longer than a chunk: its own allocation
  auto small = t.insert("b").first;
  auto big = t.insert(long_one).first;
  auto after = t.insert("c").first;
  CHECK(t.view(big) == long_one);
  CHECK(t.view(small) == "b");
  CHECK(t.view(after) == "c");
  std::string_view kept = t.store("static_cast<uint64_t>(i * 32)");
  CHECK(kept == "static_cast<uint64_t>(i * 32)");
  CHECK(t.find(kept) == StringInterner::npos);  // stored, not a taken name
  auto [e, added] = t.insert("");
  CHECK(added);
  CHECK(t.view(e).empty());
  CHECK(t.find("") == e);
  CHECK(t.insert("").first == e);
}
}  // namespace ut_string_interner_test
