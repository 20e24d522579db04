// IR construction, op registry checks and type inference.
#include <doctest/doctest.h>

#include "ptorw/ir.hpp"
#include "ptorw/visit/walk.hpp"
namespace ut_ir_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw::ir;

namespace {
Expr list(std::vector<std::int64_t> v) {
  std::vector<Expr> es;
  for (auto x : v) es.push_back(make_int(x));
  return make_tuple(std::move(es));
}
Type tensor(std::vector<std::int64_t> shape, DType d = DType::FP32) {
  std::vector<Expr> s;
  for (auto x : shape) s.push_back(make_int(x));
  return make_type(TensorType{std::move(s), d, {}, {}});
}
}  // namespace

TEST_CASE("tile.load infers a Vec tile of the load shape and the tensor dtype") {
  auto t = make_var("t", tensor({128, 32}));
  auto r = check_and_infer(*find_op("tile.load"), {t, list({0, 0}), list({16, 32})}, {});
  REQUIRE(r.error.empty());
  auto* tile = type_as<TileType>(r.type);
  REQUIRE(tile);
  CHECK(tile->dtype == DType::FP32);
  CHECK(tile->memory == MemSpace::Vec);
  CHECK(*const_int(tile->shape[0]) == 16);
}

TEST_CASE("registry rejects wrong operand kinds, arity and kwargs") {
  auto t = make_var("t", tensor({64}));
  CHECK_FALSE(check_and_infer(*find_op("tile.add"), {t, t}, {}).error.empty());
  CHECK_FALSE(check_and_infer(*find_op("tile.exp"), {}, {}).error.empty());
  CHECK_FALSE(check_and_infer(*find_op("tensor.create"), {list({64})}, {{"bogus", true}}).error.empty());
  CHECK_FALSE(check_and_infer(*find_op("tensor.create"), {list({64})}, {}).error.empty());
}

TEST_CASE("matmul accumulates FP16 in FP32 and INT8 in INT32, in Acc") {
  auto mk = [](DType d) { return make_var("x", make_type(TileType{{make_int(16), make_int(16)}, d, {}, MemSpace::Left, {}})); };
  auto f = check_and_infer(*find_op("tile.matmul"), {mk(DType::FP16), mk(DType::FP16)}, {});
  CHECK(type_as<TileType>(f.type)->dtype == DType::FP32);
  CHECK(type_as<TileType>(f.type)->memory == MemSpace::Acc);
  auto i = check_and_infer(*find_op("tile.matmul"), {mk(DType::INT8), mk(DType::INT8)}, {});
  CHECK(type_as<TileType>(i.type)->dtype == DType::INT32);
}

TEST_CASE("walk visits every expression; map_children rebuilds only on change") {
  auto x = make_var("x", scalar_type(DType::INDEX));
  auto sum = make_expr(Binary{BinOp::Add, x, make_int(1)}, scalar_type(DType::INDEX));
  auto body = make_seq({make_assign(make_var("y", scalar_type(DType::INDEX)), sum)});
  int exprs = 0, stmts = 0;
  auto fs = [&](const Stmt&) { ++stmts; };
  auto fe = [&](const Expr&) { ++exprs; };
  ptorw::visit::walk(body, fs, fe);
  CHECK(stmts == 2);
  CHECK(exprs == 4);  // y, sum, x, 1
  CHECK(ptorw::visit::map_children(sum, [](const Expr& c) { return c; }) == sum);
  auto changed = ptorw::visit::map_children(sum, [&](const Expr& c) { return c == x ? make_int(5) : c; });
  CHECK(changed != sum);
  CHECK(const_int(expr_as<Binary>(changed)->lhs) == 5);
}

TEST_CASE("enum spellings round-trip through the table") {
  CHECK(name_of(MemSpace::Acc) == "Acc");
  CHECK(enum_from<DType>("BF16") == DType::BF16);
  CHECK_FALSE(enum_from<DType>("FP64").has_value());
}
}  // namespace ut_ir_test
