// Orchestration-level tensor ops on host views (docs/semantics.md "tensor.*").
// Views alias: tensor.slice and tensor.reshape share the parent's storage; tensor.assemble and
// tensor.write update the parent's storage in place and return the parent view. Computing ops
// (add ... div, maximum/minimum, the unary ops, matmul, matmul_acc) return fresh packed tensors
// and compute each element exactly as the tile op of the same name does (tile_compute_ops.hpp).
#pragma once
#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"
#include "ptorw/interp/tile_compute_ops.hpp"
#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/attr.hpp"

namespace ptorw::interp {

namespace tensor_ops {

/// Strides the declared type asks for (an explicit TensorView stride), or empty = packed.
inline Shape declared_strides(const ir::Type& t, const Shape& shape) {
  auto* tt = ir::type_as<ir::TensorType>(t);
  if (!tt || !tt->view || tt->view->stride.empty()) return {};
  Shape st;
  for (const auto& e : tt->view->stride) {
    auto v = ir::const_int(e);
    if (!v) return {};  // symbolic strides: the evaluator resolves those for parameters only
    st.push_back(*v);
  }
  if (st.size() != shape.size()) fail("the declared TensorView stride has rank " + std::to_string(st.size()) +
                                      ", the tensor " + std::to_string(shape.size()));
  for (auto s : st)
    if (s <= 0) fail("TensorView strides must be positive, got " + dims_str(st));
  return st;
}

inline DType dtype_kw(const OpCall& c) {
  auto d = ir::kwarg_as<ir::DType>(c.call.kwargs, "dtype");
  if (!d) fail(c.op() + " needs dtype=");
  return *d;
}

inline Shape checked_shape(const OpCall& c, std::size_t i) {
  Shape s = c.ints(i, "shape");
  for (auto d : s)
    if (d < 0) fail(c.op() + ": negative extent in shape " + dims_str(s));
  return s;
}

/// tensor.create: a fresh allocation, every element poison.
inline Value create(OpCall& c) {
  Shape shape = checked_shape(c, 0);
  return {new_tensor(dtype_kw(c), shape, declared_strides(c.result_type, shape))};
}

/// tensor.full: a fresh allocation filled with the value converted to dtype.
inline Value full(OpCall& c) {
  Shape shape = checked_shape(c, 0);
  DType d = dtype_kw(c);
  Scalar v = convert(c.arg<Scalar>(1), d);
  TensorVal t = new_tensor(d, shape, declared_strides(c.result_type, shape));
  for_each_index(shape, [&](const Shape& idx) {
    auto p = static_cast<std::size_t>(t.pos(idx));
    t.storage->data[p] = v.bits;
    t.storage->poison[p] = 0;
  });
  return {t};
}

/// The `drop_dims=[...]` kwarg of tensor.slice: constant dims of the shape list, increasing, each
/// of extent 1, not all of them (the typing rule of ir::infer::tensor_slice, checked again here).
inline std::vector<bool> drop_dims(const OpCall& c, const Shape& shape) {
  std::vector<bool> drop(shape.size(), false);
  const ir::AttrValue* d = ir::find_kwarg(c.call.kwargs, "drop_dims");
  if (!d) return drop;
  const ir::Expr* e = std::get_if<ir::Expr>(d);
  auto* list = e ? ir::expr_as<ir::MakeTuple>(*e) : nullptr;
  if (!list) fail("tensor.slice drop_dims must be a list of dims, e.g. drop_dims=[0]");
  std::int64_t last = -1;
  for (const ir::Expr& x : list->elems) {
    auto k = ir::const_int(x);
    if (!k || *k <= last || *k >= static_cast<std::int64_t>(shape.size()))
      fail("tensor.slice drop_dims must list distinct constant dims of the shape " + dims_str(shape) + " in increasing order");
    if (shape[static_cast<std::size_t>(*k)] != 1)
      fail("tensor.slice drop_dims: dim " + std::to_string(*k) + " of the shape " + dims_str(shape) + " is not 1");
    drop[static_cast<std::size_t>(*k)] = true;
    last = *k;
  }
  if (list->elems.size() >= shape.size()) fail("tensor.slice drop_dims would drop every dim of " + dims_str(shape));
  return drop;
}

/// tensor.slice(t, shape, offset[, valid_shape], drop_dims=[...]): a view sharing t's storage.
/// `offset` has t's rank; a shorter `shape` names t's trailing dims (the leading ones are unit
/// windows at their offsets and are dropped); `drop_dims` then drops unit dims of `shape`. The
/// view keeps the strides of the dims it keeps.
inline Value slice(OpCall& c) {
  TensorVal t = c.arg<TensorVal>(0);
  Shape shape = c.ints(1, "shape"), off = c.ints(2, "offset");
  if (off.size() != t.shape.size())
    fail("tensor.slice offset " + dims_str(off) + " does not have the rank of " + c.operand_name(0) + " " + dims_str(t.shape));
  if (shape.empty() || shape.size() > t.shape.size())
    fail("tensor.slice shape " + dims_str(shape) + " has more dims than " + c.operand_name(0) + " " + dims_str(t.shape) +
         " (or none)");
  const std::size_t lead = t.shape.size() - shape.size();
  Shape ext(lead, 1);
  ext.insert(ext.end(), shape.begin(), shape.end());
  // clamp=True clips the window to t and never enlarges it: a window inside t is unchanged. The
  // part of a window past t has no storage to alias, so that case is refused (fail closed), not
  // guessed (docs/semantics.md).
  if (ir::kwarg_as<bool>(c.call.kwargs, "clamp").value_or(false))
    for (std::size_t i = 0; i < ext.size(); ++i)
      if (off[i] >= 0 && ext[i] > t.shape[i] - off[i])
        fail("tensor.slice clamp=True: the window " + dims_str(ext) + " at " + dims_str(off) + " reaches past " +
             c.operand_name(0) + " " + dims_str(t.shape) +
             "; a tensor view past its source is not modelled by the interpreter (only a window inside it)");
  check_window("tensor.slice of " + c.operand_name(0), t.shape, off, ext);
  if (c.args.size() > 3) {
    Shape valid = c.ints(3, "valid_shape");
    if (valid.size() != shape.size()) fail("tensor.slice valid_shape has the wrong rank");
    for (std::size_t i = 0; i < valid.size(); ++i)
      if (valid[i] < 0 || valid[i] > shape[i]) fail("tensor.slice valid_shape " + dims_str(valid) + " exceeds " + dims_str(shape));
  }
  const std::vector<bool> drop = drop_dims(c, shape);
  t.offset = t.pos(off);
  Shape kept, strides;
  for (std::size_t i = 0; i < shape.size(); ++i)
    if (!drop[i]) {
      kept.push_back(shape[i]);
      strides.push_back(t.strides[lead + i]);
    }
  t.shape = std::move(kept);
  t.strides = std::move(strides);
  return {t};
}

/// tensor.assemble(parent, part, offset): copies part (values and poison marks) into the window
/// of parent's storage, through a temporary so that an overlapping part is read before written.
/// A part of lower rank covers the parent's trailing dims (leading extents 1).
inline Value assemble(OpCall& c) {
  const TensorVal& parent = c.arg<TensorVal>(0);
  const TensorVal& part = c.arg<TensorVal>(1);
  Shape off = c.ints(2, "offset");
  if (part.dtype() != parent.dtype())
    fail("tensor.assemble of a " + std::string(ir::name_of(part.dtype())) + " part into a " +
         std::string(ir::name_of(parent.dtype())) + " parent");
  if (part.shape.size() > parent.shape.size())
    fail("tensor.assemble of a rank-" + std::to_string(part.shape.size()) + " part into a rank-" +
         std::to_string(parent.shape.size()) + " parent");
  const std::size_t lead = parent.shape.size() - part.shape.size();
  Shape ext(lead, 1);
  ext.insert(ext.end(), part.shape.begin(), part.shape.end());
  check_window("tensor.assemble into " + c.operand_name(0), parent.shape, off, ext);
  check_writable(c, parent, 0);
  std::vector<std::pair<Bits, std::uint8_t>> tmp;
  tmp.reserve(static_cast<std::size_t>(numel(part.shape)));
  for_each_index(part.shape, [&](const Shape& idx) {
    auto p = static_cast<std::size_t>(part.pos(idx));
    tmp.emplace_back(part.storage->data[p], part.storage->poison[p]);
  });
  std::size_t k = 0;
  Shape pidx = off;
  for_each_index(part.shape, [&](const Shape& idx) {
    for (std::size_t i = 0; i < idx.size(); ++i) pidx[lead + i] = off[lead + i] + idx[i];
    auto p = static_cast<std::size_t>(parent.pos(pidx));
    parent.storage->data[p] = tmp[k].first;
    parent.storage->poison[p] = tmp[k].second;
    ++k;
  });
  return {parent};
}

inline std::size_t element_pos(const OpCall& c, const TensorVal& t, const Shape& idx) {
  if (idx.size() != t.shape.size()) fail(c.op() + ": index " + dims_str(idx) + " has the wrong rank for " + dims_str(t.shape));
  for (std::size_t i = 0; i < idx.size(); ++i)
    if (idx[i] < 0 || idx[i] >= t.shape[i]) fail(c.op() + ": index " + dims_str(idx) + " is out of bounds of " + dims_str(t.shape));
  return static_cast<std::size_t>(t.pos(idx));
}

/// tensor.read(t, idx): a scalar; reading poison is an error.
inline Value read(OpCall& c) {
  const TensorVal& t = c.arg<TensorVal>(0);
  Shape idx = c.ints(1, "index");
  auto p = element_pos(c, t, idx);
  if (t.storage->poison[p]) fail("tensor.read reads poison element " + dims_str(idx) + " of " + c.operand_name(0));
  return {Scalar{t.dtype(), t.storage->data[p]}};
}

/// tensor.write(t, idx, v): stores v converted to t's dtype in place; returns t.
inline Value write(OpCall& c) {
  const TensorVal& t = c.arg<TensorVal>(0);
  Shape idx = c.ints(1, "index");
  Scalar v = convert(c.arg<Scalar>(2), t.dtype());
  auto p = element_pos(c, t, idx);
  check_writable(c, t, 0);
  t.storage->data[p] = v.bits;
  t.storage->poison[p] = 0;
  return {t};
}

/// tensor.add/sub/mul/div(t, x): a fresh packed tensor; x is a tensor of t's shape and dtype or
/// a scalar converted to t's dtype. Poison operands are errors.
template <ir::BinOp Op> Value binary(OpCall& c) {
  const TensorVal& a = c.arg<TensorVal>(0);
  if (c.args.size() < 2) fail(c.op() + " needs two operands");
  const TensorVal* b = std::get_if<TensorVal>(&c.args[1].v);
  Scalar s{a.dtype(), 0};
  if (b) {
    if (b->shape != a.shape || b->dtype() != a.dtype())
      fail(c.op() + ": operands differ in shape or dtype (" + dims_str(a.shape) + " vs " + dims_str(b->shape) + ")");
  } else {
    s = convert(c.arg<Scalar>(1), a.dtype());
  }
  TensorVal r = new_tensor(a.dtype(), a.shape);
  for_each_index(a.shape, [&](const Shape& idx) {
    auto pa = static_cast<std::size_t>(a.pos(idx));
    if (a.storage->poison[pa]) fail(c.op() + " reads poison element " + dims_str(idx) + " of " + c.operand_name(0));
    Bits y = s.bits;
    if (b) {
      auto pb = static_cast<std::size_t>(b->pos(idx));
      if (b->storage->poison[pb]) fail(c.op() + " reads poison element " + dims_str(idx) + " of " + c.operand_name(1));
      y = b->storage->data[pb];
    }
    auto pr = static_cast<std::size_t>(r.pos(idx));
    if (Op == ir::BinOp::Div && !ir::is_float(a.dtype())) {
      // Integer tensor division truncates toward zero, like tile.div (the device's semantics).
      std::int64_t x = int_value(a.storage->data[pa]), z = int_value(y);
      if (z == 0) fail(c.op() + ": integer division by zero at " + dims_str(idx));
      r.storage->data[pr] = (z == -1) ? wrap_int(0 - static_cast<std::uint64_t>(x), a.dtype()) : int_bits(x / z, a.dtype());
    } else {
      r.storage->data[pr] = arith(Op, a.storage->data[pa], a.dtype(), y, a.dtype(), a.dtype());
    }
    r.storage->poison[pr] = 0;
  });
  return {r};
}

/// tensor.maximum/minimum(a, b): like tensor.add with a tensor operand only (same shape and
/// dtype); each element as tile.maximum / tile.minimum: a NaN operand gives NaN, integers compare
/// as values.
template <ir::BinOp Op> Value same(OpCall& c) {
  if (c.args.size() < 2) fail(c.op() + " needs two operands");
  c.arg<TensorVal>(1);  // a scalar operand is an error (the tile∘scalar forms are tile.maximums / minimums)
  return binary<Op>(c);
}

/// The dtype rule of the unary ops that have no integer form (their row has no `ints`): exp,
/// sqrt, log, recip, rsqrt.
inline void check_unary_dtype(const OpCall& c, const ir::ElemSem& op, DType d) {
  if (!ir::is_float(d) && !op.ints) fail(c.op() + " is defined for float tensors only, not " + std::string(ir::name_of(d)));
}

/// tensor.exp/abs/sqrt/neg/relu/log/recip/rsqrt(t): a fresh packed tensor of t's shape and dtype,
/// each element tile_ops::unary_elem of the same op (the tile form's numerics). A poison element
/// is an error.
template <std::size_t I> Value unary(OpCall& c) {
  constexpr const ir::ElemSem& Op = ir::kElementwiseOps[I].sem;
  const TensorVal& a = c.arg<TensorVal>(0);
  check_unary_dtype(c, Op, a.dtype());
  TensorVal r = new_tensor(a.dtype(), a.shape);
  for_each_index(a.shape, [&](const Shape& idx) {
    auto pa = static_cast<std::size_t>(a.pos(idx));
    if (a.storage->poison[pa]) fail(c.op() + " reads poison element " + dims_str(idx) + " of " + c.operand_name(0));
    auto pr = static_cast<std::size_t>(r.pos(idx));
    r.storage->data[pr] = tile_ops::unary_elem(c, Op, a.storage->data[pa], a.dtype());
    r.storage->poison[pr] = 0;
  });
  return {r};
}

/// tensor.adds/subs/muls/divs(t, s): tensor.add/... with a scalar operand only.
template <ir::BinOp Op> Value scalar_only(OpCall& c) {
  if (c.args.size() < 2) fail(c.op() + " needs two operands");
  c.arg<Scalar>(1);  // a tensor operand is an error (the tensor ∘ tensor forms are tensor.add/...)
  return binary<Op>(c);
}

/// The value-mode handler of the tensor form of elementwise row I.
template <std::size_t I> constexpr OpFn ew_tensor_fn() {
  constexpr const ir::EwOp& r = ir::kElementwiseOps[I];
  if constexpr (r.tensor_form == ir::TensorForm::TensorOrScalar) return binary<r.sem.bop>;
  else if constexpr (r.tensor_form == ir::TensorForm::SameTensor) return same<r.sem.bop>;
  else if constexpr (r.tensor_form == ir::TensorForm::Scalar) return scalar_only<r.sem.bop>;
  else return unary<I>;
}

/// True when the view's elements are dense and row-major: each dim of extent > 1 has the stride
/// of the product of the later extents (dims of extent 1 and empty views are always dense).
inline bool is_contiguous(const TensorVal& t) {
  std::int64_t want = 1;
  for (std::size_t i = t.shape.size(); i-- > 0;) {
    if (t.shape[i] == 0) return true;
    if (t.shape[i] != 1 && t.strides[i] != want) return false;
    want *= t.shape[i];
  }
  return true;
}

/// tensor.reshape(t, shape): a **view** of t's storage under `shape` (same element count), packed
/// row-major from t's first element, so element k of the result in row-major order is element k
/// of t in row-major order; writes through either are seen by both, poison marks included. t
/// must be contiguous (a dense row-major view): reshaping a strided window is an error.
inline Value reshape(OpCall& c) {
  TensorVal t = c.arg<TensorVal>(0);
  Shape shape = checked_shape(c, 1);
  if (numel(shape) != numel(t.shape))
    fail("tensor.reshape of " + c.operand_name(0) + " " + dims_str(t.shape) + " (" + std::to_string(numel(t.shape)) +
         " elements) to " + dims_str(shape) + " (" + std::to_string(numel(shape)) + " elements)");
  if (!is_contiguous(t))
    fail("tensor.reshape of " + c.operand_name(0) + ", a strided view " + dims_str(t.shape) + " with strides " + dims_str(t.strides) +
         ": only a dense row-major tensor can be reshaped (a view shares its storage)");
  t.shape = shape;
  t.strides = packed_strides(shape);
  return {t};
}

/// The [M, K] x [K, N] operands of tensor.matmul / matmul_acc: rank 2, one dtype with an
/// accumulation dtype (FP16/BF16/FP32 -> FP32, INT8 -> INT32), inner extents equal.
inline DType check_matmul_operands(const OpCall& c, const TensorVal& l, const TensorVal& r, std::size_t li) {
  if (l.shape.size() != 2 || r.shape.size() != 2)
    fail(c.op() + " needs rank-2 tensors (" + dims_str(l.shape) + " x " + dims_str(r.shape) + ")");
  if (l.dtype() != r.dtype())
    fail(c.op() + ": " + c.operand_name(li) + " is " + std::string(ir::name_of(l.dtype())) + ", " + c.operand_name(li + 1) + " " +
         std::string(ir::name_of(r.dtype())));
  if (l.shape[1] != r.shape[0]) fail(c.op() + ": inner dimensions differ (" + dims_str(l.shape) + " x " + dims_str(r.shape) + ")");
  return tile_ops::acc_dtype(c, l.dtype());
}

/// out[i, j] = acc[i, j] (or 0) + sum_k l[i, k] * r[k, j], k ascending, in the accumulation dtype
/// `ad` exactly as tile.matmul (tile_ops::matmul_into): each product rounded to ad, each sum
/// rounded to ad (INT32: wrap-around). A poison element read is an error.
inline Bits matmul_elem(const OpCall& c, const TensorVal* acc, const TensorVal& l, const TensorVal& r, std::size_t li,
                        DType ad, std::int64_t i, std::int64_t j) {
  Bits sum = ir::is_float(ad) ? float_bits(0.0, ad) : Bits{0};
  if (acc) {
    auto p = static_cast<std::size_t>(acc->pos({i, j}));
    if (acc->storage->poison[p]) fail(c.op() + " reads poison element " + dims_str({i, j}) + " of " + c.operand_name(0));
    sum = acc->storage->data[p];
  }
  for (std::int64_t k = 0; k < l.shape[1]; ++k) {
    auto pl = static_cast<std::size_t>(l.pos({i, k})), pr = static_cast<std::size_t>(r.pos({k, j}));
    if (l.storage->poison[pl]) fail(c.op() + " reads poison element " + dims_str({i, k}) + " of " + c.operand_name(li));
    if (r.storage->poison[pr]) fail(c.op() + " reads poison element " + dims_str({k, j}) + " of " + c.operand_name(li + 1));
    Bits prod = arith(ir::BinOp::Mul, l.storage->data[pl], l.dtype(), r.storage->data[pr], r.dtype(), ad);
    sum = arith(ir::BinOp::Add, sum, ad, prod, ad, ad);
  }
  return sum;
}

/// tensor.matmul(l, r, out_dtype=): a fresh packed [M, N] tensor. Each element is accumulated in
/// the accumulation dtype as tile.matmul does, then converted (rounded once, or wrapped) to
/// `out_dtype` — by default the accumulation dtype itself. A conversion without a result (NaN to
/// an integer) is an error.
inline Value matmul(OpCall& c) {
  const TensorVal& l = c.arg<TensorVal>(0);
  const TensorVal& r = c.arg<TensorVal>(1);
  const DType ad = check_matmul_operands(c, l, r, 0);
  const DType od = ir::kwarg_as<ir::DType>(c.call.kwargs, "out_dtype").value_or(ad);
  TensorVal out = new_tensor(od, {l.shape[0], r.shape[1]});
  for_each_index(out.shape, [&](const Shape& idx) {
    Bits sum = matmul_elem(c, nullptr, l, r, 0, ad, idx[0], idx[1]);
    auto po = static_cast<std::size_t>(out.pos(idx));
    out.storage->data[po] = convert(Scalar{ad, sum}, od).bits;
    out.storage->poison[po] = 0;
  });
  return {out};
}

/// tensor.matmul_acc(acc, l, r): a fresh packed tensor of acc's shape and dtype, acc + l @ r: the
/// tile.matmul loop starting from acc's element. acc must have the accumulation dtype of l's and
/// the shape [M, N].
inline Value matmul_acc(OpCall& c) {
  const TensorVal& acc = c.arg<TensorVal>(0);
  const TensorVal& l = c.arg<TensorVal>(1);
  const TensorVal& r = c.arg<TensorVal>(2);
  const DType ad = check_matmul_operands(c, l, r, 1);
  if (acc.dtype() != ad)
    fail(c.op() + ": the accumulator " + c.operand_name(0) + " is " + std::string(ir::name_of(acc.dtype())) + ", " +
         std::string(ir::name_of(l.dtype())) + " operands accumulate in " + std::string(ir::name_of(ad)));
  if (acc.shape != Shape{l.shape[0], r.shape[1]})
    fail(c.op() + ": the accumulator " + dims_str(acc.shape) + " is not " + dims_str({l.shape[0], r.shape[1]}));
  TensorVal out = new_tensor(ad, acc.shape);
  for_each_index(out.shape, [&](const Shape& idx) {
    auto po = static_cast<std::size_t>(out.pos(idx));
    out.storage->data[po] = matmul_elem(c, &acc, l, r, 1, ad, idx[0], idx[1]);
    out.storage->poison[po] = 0;
  });
  return {out};
}

}  // namespace tensor_ops

inline void add_tensor_ops(OpTable& t) {
  using namespace tensor_ops;
  t["tensor.create"] = create;
  t["tensor.full"] = full;
  t["tensor.slice"] = slice;
  t["tensor.assemble"] = assemble;
  t["tensor.read"] = read;
  t["tensor.write"] = write;
  // Every elementwise row's tensor form (ir/elementwise_ops.hpp).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((ir::kElementwiseOps[I].tensor_form != ir::TensorForm::None ? void(t[ir::kElementwiseOps[I].tensor] = ew_tensor_fn<I>())
                                                                  : void()),
     ...);
  }(std::make_index_sequence<ir::kElementwiseOps.size()>{});
  t["tensor.reshape"] = reshape;
  t["tensor.matmul"] = matmul;
  t["tensor.matmul_acc"] = matmul_acc;
}

}  // namespace ptorw::interp
