// Tile ops that compute (docs/semantics.md "tile.* arithmetic", "tile.matmul"): elementwise
// binary, unary and tile-scalar ops, matmul and matmul_acc.
//
// Every computing op works on the valid region of its result (for elementwise ops: the first
// operand's valid extents) and reads only valid, non-poison elements of its operands: an operand
// whose valid region does not cover what is read, or a poison element read, is an error. The
// result's padding is poison.
#pragma once
#include <cmath>

#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"

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

enum class Un { Exp, Abs, Sqrt, Neg, Relu, Log, Recip, Rsqrt };

inline Bits unary_elem(const OpCall& c, Un op, Bits a, DType d) {
  if (!ir::is_float(d)) {
    std::int64_t x = int_value(a);
    switch (op) {
      case Un::Abs: return wrap_int(x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x), d);
      case Un::Neg: return wrap_int(0 - static_cast<std::uint64_t>(x), d);
      case Un::Relu: return int_bits(x > 0 ? x : 0, d);
      default: fail(c.op() + " is defined for float tiles only, not " + std::string(ir::name_of(d)));
    }
  }
  const double x = double_value(a, d);
  double z = 0;
  switch (op) {
    case Un::Exp: z = std::exp(x); break;
    case Un::Abs: z = std::fabs(x); break;
    case Un::Sqrt: z = std::sqrt(x); break;  // sqrt(negative) is NaN
    case Un::Neg: z = -x; break;
    case Un::Relu: z = std::isnan(x) ? x : (x > 0 ? x : 0.0); break;  // relu(-0) = +0
    case Un::Log: z = std::log(x); break;
    case Un::Recip: z = 1.0 / x; break;
    case Un::Rsqrt: z = 1.0 / std::sqrt(x); break;
  }
  return float_bits(z, d);
}

template <Un Op> Value unary(OpCall& c) {
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
/// op is the binary op of that dtype. `Lrelu` is x > 0 ? x : x * s.
enum class Sc { Add, Sub, Mul, Div, Max, Min, Lrelu };

template <Sc Op> Value scalar_op(OpCall& c) {
  const TileVal& a = c.arg<TileVal>(0);
  const Scalar s = convert(c.arg<Scalar>(1), a->dtype);
  const DType d = a->dtype;
  auto r = result_like(*a);
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    Bits x = a->data[l];
    Bits z = 0;
    switch (Op) {
      case Sc::Add: z = binary_elem(c, ir::BinOp::Add, x, s.bits, d); break;
      case Sc::Sub: z = binary_elem(c, ir::BinOp::Sub, x, s.bits, d); break;
      case Sc::Mul: z = binary_elem(c, ir::BinOp::Mul, x, s.bits, d); break;
      case Sc::Div: z = binary_elem(c, ir::BinOp::Div, x, s.bits, d); break;
      case Sc::Max: z = binary_elem(c, ir::BinOp::Max, x, s.bits, d); break;
      case Sc::Min: z = binary_elem(c, ir::BinOp::Min, x, s.bits, d); break;
      case Sc::Lrelu: {
        bool pos = ir::is_float(d) ? double_value(x, d) > 0 : int_value(x) > 0;
        z = pos ? x : binary_elem(c, ir::BinOp::Mul, x, s.bits, d);
        break;
      }
    }
    r->data[l] = z;
    r->poison[l] = 0;
  });
  return {TileVal(r)};
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
inline void matmul_into(const OpCall& c, TileData& out, const TileData& l, const TileData& r, bool accumulate,
                        std::size_t l_arg, std::size_t r_arg) {
  const std::int64_t M = out.valid[0], N = out.valid[1], K = l.valid[1];
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
  matmul_into(c, *out, *l, *r, false, 0, 1);
  return {TileVal(out)};
}

/// tile.matmul_acc(acc, l, r[, init_cond]): acc + l @ r over acc's valid region; a true
/// init_cond starts from zero instead (an initialising write), as tile.matmul does.
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
  matmul_into(c, *out, *l, *r, !init, 1, 2);
  return {TileVal(out)};
}

}  // namespace tile_ops

inline void add_tile_compute_ops(OpTable& t) {
  using namespace tile_ops;
  using ir::BinOp;
  t["tile.add"] = binary<BinOp::Add>;
  t["tile.sub"] = binary<BinOp::Sub>;
  t["tile.mul"] = binary<BinOp::Mul>;
  t["tile.div"] = binary<BinOp::Div>;
  t["tile.maximum"] = binary<BinOp::Max>;
  t["tile.minimum"] = binary<BinOp::Min>;
  t["tile.exp"] = unary<Un::Exp>;
  t["tile.abs"] = unary<Un::Abs>;
  t["tile.sqrt"] = unary<Un::Sqrt>;
  t["tile.neg"] = unary<Un::Neg>;
  t["tile.relu"] = unary<Un::Relu>;
  t["tile.log"] = unary<Un::Log>;
  t["tile.recip"] = unary<Un::Recip>;
  t["tile.rsqrt"] = unary<Un::Rsqrt>;
  t["tile.adds"] = scalar_op<Sc::Add>;
  t["tile.subs"] = scalar_op<Sc::Sub>;
  t["tile.muls"] = scalar_op<Sc::Mul>;
  t["tile.divs"] = scalar_op<Sc::Div>;
  t["tile.maximums"] = scalar_op<Sc::Max>;
  t["tile.minimums"] = scalar_op<Sc::Min>;
  t["tile.lrelu"] = scalar_op<Sc::Lrelu>;
  t["tile.matmul"] = matmul;
  t["tile.matmul_acc"] = matmul_acc;
}

}  // namespace ptorw::interp
