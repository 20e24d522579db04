// Tile ops that compute (docs/semantics.md "tile.* arithmetic", "tile.matmul"): elementwise
// binary, unary and tile-scalar ops, matmul and matmul_acc.
//
// Every computing op works on the valid region of its result (for elementwise ops: the first
// operand's valid extents) and reads only valid, non-poison elements of its operands: an operand
// whose valid region does not cover what is read, or a poison element read, is an error. The
// result's padding is poison.
#pragma once
#include <cmath>
#include <utility>

#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"
#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/tile_layout.hpp"

namespace ptorw::interp {

namespace tile_ops {

inline void check_covers(const OpCall& c, std::size_t operand, const TileData& t, const Shape& need) {
  for (std::size_t i = 0; i < need.size(); ++i)
    if (t.valid[i] < need[i])
      fail(c.op() + " reads " + c.operand_name(operand) + " outside its valid region (valid " + dims_str(t.valid) +
           ", needed " + dims_str(need) + ")");
}
[[noreturn]] inline void poison_read(const OpCall& c, std::size_t operand, const Shape& idx) {
  fail(c.op() + " reads poison element " + dims_str(idx) + " of " + c.operand_name(operand));
}
inline std::shared_ptr<TileData> result_like(const TileData& a) {
  auto r = new_tile(a.dtype, a.mem, a.shape);
  r->valid = a.valid;
  return r;  // padding stays poison
}

/// Integer division of tiles truncates toward zero (the device's semantics, unlike scalar `//`).
inline Bits int_div_trunc(const OpCall& c, Bits a, Bits b, DType d) {
  std::int64_t x = int_value(a), y = int_value(b);
  if (y == 0) fail(c.op() + ": integer division by zero");
  if (y == -1) return wrap_int(0 - static_cast<std::uint64_t>(x), d);
  return int_bits(x / y, d);
}

/// One element of a binary op in dtype d.
inline Bits binary_elem(const OpCall& c, ir::BinOp op, Bits a, Bits b, DType d) {
  if (op == ir::BinOp::Div && !ir::is_float(d)) return int_div_trunc(c, a, b, d);
  return arith(op, a, d, b, d, d);
}

/// tile.add/sub/mul/div/maximum/minimum(a, b): same physical shape and dtype.
template <ir::BinOp Op> Value binary(OpCall& c) {
  const TileVal& a = c.arg<TileVal>(0);
  const TileVal& b = c.arg<TileVal>(1);
  if (a->dtype != b->dtype || a->shape != b->shape)
    fail(c.op() + ": operands differ (" + std::string(ir::name_of(a->dtype)) + dims_str(a->shape) + " vs " +
         std::string(ir::name_of(b->dtype)) + dims_str(b->shape) + ")");
  check_covers(c, 1, *b, a->valid);
  auto r = result_like(*a);
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    if (b->poison[l]) poison_read(c, 1, idx);
    r->data[l] = binary_elem(c, Op, a->data[l], b->data[l], a->dtype);
    r->poison[l] = 0;
  });
  return {TileVal(r)};
}

/// One element of a unary op (its row's formula, ir/elementwise_ops.hpp): floats through `fp` on
/// the exact value, rounded once; integers through `ints`, wrapped to the dtype.
inline Bits unary_elem(const OpCall& c, const ir::ElemSem& op, Bits a, DType d) {
  if (!ir::is_float(d)) {
    if (!op.ints) fail(c.op() + " is defined for float tiles only, not " + std::string(ir::name_of(d)));
    return wrap_int(op.ints(int_value(a)), d);
  }
  return float_bits(op.fp(double_value(a, d)), d);
}

/// The unary op of elementwise row I.
template <std::size_t I> Value unary(OpCall& c) {
  constexpr const ir::ElemSem& Op = ir::kElementwiseOps[I].sem;
  const TileVal& a = c.arg<TileVal>(0);
  auto r = result_like(*a);
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    r->data[l] = unary_elem(c, Op, a->data[l], a->dtype);
    r->poison[l] = 0;
  });
  return {TileVal(r)};
}

/// Tile-scalar ops: the scalar is first converted to the tile's dtype (rounded once), then the
/// op is the binary op of that dtype. A `leaky` row (lrelu) is x > 0 ? x : x * s.
template <std::size_t I> Value scalar_op(OpCall& c) {
  constexpr const ir::ElemSem& Op = ir::kElementwiseOps[I].sem;
  const TileVal& a = c.arg<TileVal>(0);
  const Scalar s = convert(c.arg<Scalar>(1), a->dtype);
  const DType d = a->dtype;
  auto r = result_like(*a);
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    Bits x = a->data[l];
    Bits z = 0;
    if constexpr (Op.leaky) {
      bool pos = ir::is_float(d) ? double_value(x, d) > 0 : int_value(x) > 0;
      z = pos ? x : binary_elem(c, ir::BinOp::Mul, x, s.bits, d);
    } else {
      z = binary_elem(c, Op.bop, x, s.bits, d);
    }
    r->data[l] = z;
    r->poison[l] = 0;
  });
  return {TileVal(r)};
}

/// The value-mode handler of the tile form of elementwise row I.
template <std::size_t I> constexpr OpFn ew_tile_fn() {
  constexpr const ir::EwOp& r = ir::kElementwiseOps[I];
  if constexpr (r.shape == ir::EwShape::Binary) return binary<r.sem.bop>;
  else if constexpr (r.shape == ir::EwShape::Unary) return unary<I>;
  else return scalar_op<I>;
}

/// The accumulation dtype of a cube op: FP16/BF16/FP32 -> FP32, INT8 -> INT32.
inline DType acc_dtype(const OpCall& c, DType in) {
  switch (in) {
    case DType::FP16: case DType::BF16: case DType::FP32: return DType::FP32;
    case DType::INT8: return DType::INT32;
    default: fail(c.op() + " has no accumulation dtype for " + std::string(ir::name_of(in)) + " operands");
  }
}

/// acc[i, j] (+)= sum_k l[i, k] * r[k, j], k ascending. Floats: each product is rounded to FP32
/// (exact for FP16/BF16 operands) and added to the FP32 accumulator with one rounding per step.
/// INT8: exact products, INT32 accumulation with wrap-around.
/// The product is computed over [0, M) x [0, N) of `out` (its valid region unless a narrower
/// product is given).
inline void matmul_into(const OpCall& c, TileData& out, const TileData& l, const TileData& r, bool accumulate,
                        std::size_t l_arg, std::size_t r_arg, std::int64_t M, std::int64_t N) {
  const std::int64_t K = l.valid[1];
  check_covers(c, l_arg, l, {M, K});
  check_covers(c, r_arg, r, {K, N});
  const DType ad = out.dtype;
  // Row-major 2-D offsets computed directly: this loop is the interpreter's hottest.
  const auto at = [](const TileData& t, std::int64_t i, std::int64_t j) { return static_cast<std::size_t>(i * t.shape[1] + j); };
  for (std::int64_t i = 0; i < M; ++i)
    for (std::int64_t j = 0; j < N; ++j) {
      const std::size_t o = at(out, i, j);
      if (accumulate && out.poison[o]) poison_read(c, 0, {i, j});
      Bits acc = accumulate ? out.data[o] : (ir::is_float(ad) ? float_bits(0.0, ad) : Bits{0});
      for (std::int64_t k = 0; k < K; ++k) {
        const std::size_t li = at(l, i, k), ri = at(r, k, j);
        if (l.poison[li]) poison_read(c, l_arg, {i, k});
        if (r.poison[ri]) poison_read(c, r_arg, {k, j});
        Bits prod = arith(ir::BinOp::Mul, l.data[li], l.dtype, r.data[ri], r.dtype, ad);
        acc = arith(ir::BinOp::Add, acc, ad, prod, ad, ad);
      }
      out.data[o] = acc;
      out.poison[o] = 0;
    }
}

inline void check_cube_operands(const OpCall& c, const TileData& l, const TileData& r) {
  if (l.shape.size() != 2 || r.shape.size() != 2) fail(c.op() + " needs rank-2 tiles");
  if (l.dtype != r.dtype) fail(c.op() + ": operand dtypes differ");
  if (l.shape[1] != r.shape[0])
    fail(c.op() + ": inner dimensions differ (" + dims_str(l.shape) + " x " + dims_str(r.shape) + ")");
}

/// tile.matmul(l, r): a new Acc tile [M, N] of the accumulation dtype, valid [l.valid0, r.valid1].
inline Value matmul(OpCall& c) {
  const TileVal& l = c.arg<TileVal>(0);
  const TileVal& r = c.arg<TileVal>(1);
  check_cube_operands(c, *l, *r);
  auto out = new_tile(acc_dtype(c, l->dtype), ir::MemSpace::Acc, {l->shape[0], r->shape[1]});
  out->valid = {l->valid[0], r->valid[1]};
  matmul_into(c, *out, *l, *r, false, 0, 1, out->valid[0], out->valid[1]);
  return {TileVal(out)};
}

/// lower_tile_to_buffer.md "Matrix storage and cube recipes": an accumulator whose valid rectangle
/// is wider than the product [M, N) is written through a product-shaped view; "whole fractal boxes
/// outside the product keep their data, the rest of a partially covered box does not". The boxes
/// are those of the accumulator's space (Acc: 16 x 16 for 4-byte elements); a space without boxes
/// keeps every element outside the product.
inline void poison_partial_product_boxes(TileData& out, std::int64_t M, std::int64_t N) {
  auto layout = ir::resolve_layout(out.mem, std::nullopt);
  auto box = layout ? ir::box_extents(*layout, static_cast<int>(ir::dtype_bytes(out.dtype))) : std::nullopt;
  if (!box || out.shape.size() != 2) return;
  const std::int64_t rows = std::min(out.shape[0], (M + box->first - 1) / box->first * box->first);
  const std::int64_t cols = std::min(out.shape[1], (N + box->second - 1) / box->second * box->second);
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j)
      if (i >= M || j >= N) out.poison[static_cast<std::size_t>(i * out.shape[1] + j)] = 1;
}

/// tile.matmul_acc(acc, l, r[, init_cond]): acc + l @ r over the product [l.valid0, r.valid1]
/// within acc's valid region; a true init_cond starts from zero instead (an initialising write), as
/// tile.matmul does. Where acc's valid region is wider than the product, the rest keeps acc's
/// elements, except the rest of each fractal box the product partly covers (poison_partial_product_boxes).
inline Value matmul_acc(OpCall& c) {
  const TileVal& acc = c.arg<TileVal>(0);
  const TileVal& l = c.arg<TileVal>(1);
  const TileVal& r = c.arg<TileVal>(2);
  check_cube_operands(c, *l, *r);
  if (acc->dtype != acc_dtype(c, l->dtype))
    fail("tile.matmul_acc: the accumulator is " + std::string(ir::name_of(acc->dtype)) + ", " +
         std::string(ir::name_of(l->dtype)) + " operands accumulate in " + std::string(ir::name_of(acc_dtype(c, l->dtype))));
  if (acc->shape != Shape{l->shape[0], r->shape[1]})
    fail("tile.matmul_acc: the accumulator " + dims_str(acc->shape) + " is not " + dims_str({l->shape[0], r->shape[1]}));
  bool init = c.args.size() > 3 && c.arg<Scalar>(3).truth();
  auto out = std::make_shared<TileData>(*acc);
  const std::int64_t M = std::min(acc->valid[0], l->valid[0]), N = std::min(acc->valid[1], r->valid[1]);
  matmul_into(c, *out, *l, *r, !init, 1, 2, M, N);
  if (M < acc->valid[0] || N < acc->valid[1]) poison_partial_product_boxes(*out, M, N);
  return {TileVal(out)};
}

}  // namespace tile_ops

inline void add_tile_compute_ops(OpTable& t) {
  using namespace tile_ops;
  // Every elementwise row's tile form (ir/elementwise_ops.hpp).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((t[ir::kElementwiseOps[I].tile] = ew_tile_fn<I>()), ...);
  }(std::make_index_sequence<ir::kElementwiseOps.size()>{});
  t["tile.matmul"] = matmul;
  t["tile.matmul_acc"] = matmul_acc;
}

}  // namespace ptorw::interp
