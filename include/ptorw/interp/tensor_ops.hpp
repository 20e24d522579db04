// Orchestration-level tensor ops on host views (docs/semantics.md "tensor.*").
// Views alias: tensor.slice shares the parent's storage; tensor.assemble and tensor.write update
// the parent's storage in place and return the parent view.
#pragma once
#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"
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

/// tensor.slice(t, shape, offset[, valid_shape]): a view sharing t's storage.
inline Value slice(OpCall& c) {
  TensorVal t = c.arg<TensorVal>(0);
  Shape shape = c.ints(1, "shape"), off = c.ints(2, "offset");
  check_window("tensor.slice of " + c.operand_name(0), t.shape, off, shape);
  if (c.args.size() > 3) {
    Shape valid = c.ints(3, "valid_shape");
    if (valid.size() != shape.size()) fail("tensor.slice valid_shape has the wrong rank");
    for (std::size_t i = 0; i < valid.size(); ++i)
      if (valid[i] < 0 || valid[i] > shape[i]) fail("tensor.slice valid_shape " + dims_str(valid) + " exceeds " + dims_str(shape));
  }
  t.offset = t.pos(off);
  t.shape = shape;
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

}  // namespace tensor_ops

inline void add_tensor_ops(OpTable& t) {
  using namespace tensor_ops;
  t["tensor.create"] = create;
  t["tensor.full"] = full;
  t["tensor.slice"] = slice;
  t["tensor.assemble"] = assemble;
  t["tensor.read"] = read;
  t["tensor.write"] = write;
  t["tensor.add"] = binary<ir::BinOp::Add>;
  t["tensor.sub"] = binary<ir::BinOp::Sub>;
  t["tensor.mul"] = binary<ir::BinOp::Mul>;
  t["tensor.div"] = binary<ir::BinOp::Div>;
}

}  // namespace ptorw::interp
