// Buffer mode for Buffer IR (docs/semantics.md "Buffer mode"; lower_tile_to_buffer.md): handles
// are views of on-chip bytes (memory.hpp) and every writing op is destination-passing.
//
//  * `buffer.alloc((valid...), [addr])`: a packed view at `addr` (addressless: the bump arena),
//    typed by the assigned variable's annotation — row-major, or fractal boxes in Mat / Left /
//    Right / Acc (fractal_layout.hpp); its bytes become poison.
//  * `buffer.subview(parent, offsets[, sizes][, valid])`: a byte offset inside the parent with the
//    parent's strides (inherited row pitch) or box strides; the window must lie inside the parent
//    (and, when boxed, be whole boxes of it).
//  * `buffer.reshape(src)`: the same bytes under another dense type (equal byte count; the source
//    must be dense).
//  * load / store / copy / full move data; the computing ops (elementwise, tile-scalar, matmul)
//    keep the value-mode meaning of their tile.* counterpart (tile_compute_ops.hpp) over the
//    destination's valid region: operands must cover it; a partially overlapping operand is an
//    error, an exact in-place operand is fine (recip / rsqrt: no overlap at all).
#pragma once
#include "ptorw/interp/planned_tile_ops.hpp"

namespace ptorw::interp {

namespace buffer_ops {

inline Value void_value() { return {TupleVal{}}; }

inline const BufVal& handle(const OpCall& c, std::size_t i) { return c.arg<BufVal>(i); }

inline const ir::BufferType& annotation(const OpCall& c) {
  auto* bt = ir::type_as<ir::BufferType>(c.result_type);
  if (!bt) fail(c.op() + " needs a pl.Buffer[...] annotation on its result");
  return *bt;
}

inline Shape eval_dims(const OpCall& c, const std::vector<ir::Expr>& dims, const char* what) {
  Shape out;
  for (const auto& d : dims) out.push_back(int_of(frame_eval(c, d, what), what));
  return out;
}

/// Valid extents of a new handle: the annotation's static extents; its -1 (dynamic) extents from
/// `runtime` in order when given, else the physical extent.
inline Shape annotated_valid(const OpCall& c, const ir::BufferType& bt, const Shape& shape, const Shape& runtime) {
  Shape valid = shape;
  if (!bt.view || bt.view->valid_shape.empty()) return valid;
  Shape ann = eval_dims(c, bt.view->valid_shape, "a valid extent");
  if (ann.size() != shape.size()) fail(c.op() + ": valid_shape " + dims_str(ann) + " has the wrong rank for " + dims_str(shape));
  std::size_t next = 0;
  for (std::size_t i = 0; i < ann.size(); ++i) {
    if (ann[i] >= 0) valid[i] = ann[i];
    else if (next < runtime.size()) valid[i] = runtime[next++];
  }
  tile_ops::check_valid(c.op(), valid, shape);
  return valid;
}

/// buffer.alloc((valid...), [addr]).
inline Value alloc(OpCall& c) {
  const ir::BufferType& bt = annotation(c);
  Shape shape = eval_dims(c, bt.shape, "a buffer dim");
  for (auto d : shape)
    if (d < 0) fail("buffer.alloc of a negative shape " + dims_str(shape));
  Shape runtime = c.args.empty() ? Shape{} : c.ints(0, "valid extents");
  const std::int64_t a = place(c, bt.memory, numel(shape) * ir::dtype_bytes(bt.dtype), c.args.size() > 1 ? &c.args[1] : nullptr);
  return {make_view(bt.memory, a, bt.dtype, shape, annotated_valid(c, bt, shape, runtime),
                    ir::resolve_layout(bt.memory, bt.view), "buffer.alloc")};
}

/// A subview of a boxed parent is whole boxes of it (lower_tile_to_buffer.md "Matrix storage": a
/// fractal window has no row-major byte view), in the parent's layout, with its box strides.
inline void check_box_window(const OpCall& c, const BufVal& p, const ir::BufferType& bt, const Shape& off, const Shape& shape) {
  auto ann = ir::resolve_layout(bt.memory, bt.view);
  const bool ann_boxed = ann && is_boxed(*ann);
  if (!p.boxed && !ann_boxed) return;
  if (!p.boxed || !ann_boxed || *ann != p.boxed->spec)
    fail("buffer.subview of " + c.operand_name(0) + " (" + view_str(p) + ") typed with another layout" +
         (ann_boxed ? " (" + layout_name(*ann) + ")" : std::string(" (no boxes)")) + ": a subview keeps its parent's layout");
  const BoxedLayout& x = *p.boxed;
  if (off.size() != 2 || shape.size() != 2 || off[0] % x.box_rows || off[1] % x.box_cols || shape[0] % x.box_rows ||
      shape[1] % x.box_cols)
    fail("buffer.subview of " + c.operand_name(0) + " (" + view_str(p) + "): window at offset " + dims_str(off) +
         " with extent " + dims_str(shape) + " is not whole " + std::to_string(x.box_rows) + " x " +
         std::to_string(x.box_cols) + " boxes");
}

/// buffer.subview(parent, offsets[, sizes][, valid]).
inline Value subview(OpCall& c) {
  const BufVal& p = handle(c, 0);
  const ir::BufferType& bt = annotation(c);
  Shape off = c.ints(1, "offsets");
  Shape shape = c.args.size() > 2 ? c.ints(2, "sizes") : eval_dims(c, bt.shape, "a buffer dim");
  if (bt.dtype != p.dtype)
    fail("buffer.subview of a " + std::string(ir::name_of(p.dtype)) + " buffer typed " + std::string(ir::name_of(bt.dtype)) +
         ": a subview keeps its parent's dtype (reinterpret with buffer.reshape)");
  if (bt.memory != p.mem) fail("buffer.subview changes the memory space");
  check_window("buffer.subview of " + c.operand_name(0), p.shape, off, shape);
  check_box_window(c, p, bt, off, shape);
  BufVal v{p.mem, p.elem_addr(off), p.dtype, shape, p.strides, nullptr, p.boxed};
  Shape valid = shape;
  if (c.args.size() > 3) {
    valid = c.ints(3, "valid extents");
    tile_ops::check_valid("buffer.subview", valid, shape);
  } else {
    valid = annotated_valid(c, bt, shape, {});
  }
  v.valid = std::make_shared<Shape>(valid);
  return {v};
}

/// buffer.reshape(src): the same dense bytes under the annotated type.
inline Value reshape(OpCall& c) {
  const BufVal& s = handle(c, 0);
  const ir::BufferType& bt = annotation(c);
  Shape shape = eval_dims(c, bt.shape, "a buffer dim");
  if (bt.memory != s.mem) fail("buffer.reshape changes the memory space");
  if (s.boxed && !dense(s))
    fail("buffer.reshape of " + c.operand_name(0) + " (" + view_str(s) + "), a window of bigger boxed storage: a "
         "reshape reinterprets packed boxes");
  if (!dense(s))
    fail("buffer.reshape of " + c.operand_name(0) + " (" + view_str(s) + ") whose rows are not dense (row pitch " +
         std::to_string(s.strides.size() > 1 ? s.strides[s.strides.size() - 2] : 0) + " bytes)");
  const std::int64_t bytes = numel(shape) * ir::dtype_bytes(bt.dtype);
  if (bytes != view_bytes(s))
    fail("buffer.reshape of " + c.operand_name(0) + " (" + std::to_string(view_bytes(s)) + " bytes) to " +
         std::string(ir::name_of(bt.dtype)) + dims_str(shape) + " (" + std::to_string(bytes) + " bytes) changes the byte count");
  return {make_view(s.mem, s.addr, bt.dtype, shape, annotated_valid(c, bt, shape, {}), ir::resolve_layout(bt.memory, bt.view),
                    "buffer.reshape")};
}

/// The destination's window [0, ext) must lie inside its physical shape.
inline void check_extent(const OpCall& c, const std::string& what, const Shape& ext, const Shape& within) {
  check_window(c.op() + " " + what, within, Shape(within.size(), 0), ext);
}

/// buffer.load(T, offsets, shape, dst): dst[idx] = T[offsets + idx] for idx < shape; poison in T is
/// an error (a GM read into a tile).
/// lower_tile_to_buffer.md "Runtime valid extents": "load/store/arithmetic execute only when both
/// valid extents are positive" — a native op over an empty rectangle does not exist, so the Buffer
/// program must guard it (conversion does); running one is an error here, which makes a missing
/// guard observable.
inline void check_nonempty(const OpCall& c, const Shape& rect, const std::string& what) {
  for (auto e : rect)
    if (e == 0)
      fail(c.op() + " over an empty " + what + " " + dims_str(rect) +
           ": native ops need positive extents (guard it: lower_tile_to_buffer.md, Runtime valid extents)");
}

inline Value load(OpCall& c) {
  const TensorVal& t = c.arg<TensorVal>(0);
  Shape off = c.ints(1, "offsets"), ext = c.ints(2, "shape");
  check_nonempty(c, ext, "window");
  const BufVal& d = handle(c, 3);
  if (t.dtype() != d.dtype)
    fail("buffer.load of a " + std::string(ir::name_of(t.dtype())) + " tensor into a " + std::string(ir::name_of(d.dtype)) + " buffer");
  if (ext.size() != d.shape.size()) fail("buffer.load: shape " + dims_str(ext) + " has the destination's rank " + std::to_string(d.shape.size()) + "?");
  check_extent(c, "into " + c.operand_name(3), ext, d.shape);
  tile_ops::GmWindow w = tile_ops::gm_window(c, off, t.shape, ext.size(), false);
  check_window("buffer.load from " + c.operand_name(0), t.shape, off, w.extents(ext));
  Memory& m = memory(c);
  Shape gidx;
  for_each_index(ext, [&](const Shape& idx) {
    w.map(idx, gidx);
    auto p = static_cast<std::size_t>(t.pos(gidx));
    if (t.storage->poison[p])
      fail("buffer.load reads poison element " + dims_str(gidx) + " of " + c.operand_name(0) + " (never written since it was allocated)");
    m.write(d.mem, d.elem_addr(idx), d.dtype, t.storage->data[p], false);
  });
  return void_value();
}

/// buffer.store(src, offsets, shape, T): T[offsets + idx] = src[idx] for idx < shape (values and
/// poison marks); the window must lie in src's valid region.
inline Value store(OpCall& c) {
  const BufVal& s = handle(c, 0);
  Shape off = c.ints(1, "offsets"), ext = c.ints(2, "shape");
  check_nonempty(c, ext, "window");
  const TensorVal& t = c.arg<TensorVal>(3);
  if (!ir::store_dtype_ok(s.dtype, s.mem, t.dtype()))
    fail("buffer.store of a " + std::string(ir::name_of(s.dtype)) + " buffer into a " + std::string(ir::name_of(t.dtype())) +
         " tensor (" + ir::kStoreDtypeRule + ")");
  if (ext.size() != s.shape.size()) fail("buffer.store: shape " + dims_str(ext) + " needs the source's rank " + std::to_string(s.shape.size()));
  check_extent(c, "of " + c.operand_name(0) + "'s valid region", ext, *s.valid);
  tile_ops::GmWindow w = tile_ops::gm_window(c, off, t.shape, ext.size(), false);
  check_window("buffer.store into " + c.operand_name(3), t.shape, off, w.extents(ext));
  check_writable(c, t, 3);
  Memory& m = memory(c);
  Shape gidx;
  for_each_index(ext, [&](const Shape& idx) {
    w.map(idx, gidx);
    auto p = static_cast<std::size_t>(t.pos(gidx));
    bool poison = false;
    const Bits v = m.read(s.mem, s.elem_addr(idx), s.dtype, poison);
    // An Acc buffer's FP32 narrows to FP16/BF16 as tile.store does (ir/store_dtype.hpp).
    t.storage->data[p] = s.dtype != t.dtype() && !poison ? *convert_bits(v, s.dtype, t.dtype()) : v;
    t.storage->poison[p] = poison ? 1 : 0;
  });
  return void_value();
}

/// buffer.copy(src, dst): src's valid region into dst at the same indices (poison marks travel).
inline Value copy(OpCall& c) {
  const BufVal& s = handle(c, 0);
  const BufVal& d = handle(c, 1);
  if (s.dtype != d.dtype) fail("buffer.copy between buffers of different dtypes");
  if (s.shape.size() != d.shape.size()) fail("buffer.copy between buffers of different ranks");
  check_extent(c, "into " + c.operand_name(1), *s.valid, d.shape);
  if (same_view(s, d)) return void_value();  // an exact self-copy
  check_overlap(c, d, 0, s, Overlap::InPlaceOk, c.operand_name(1));
  TileVal v = read_view(memory(c), s);
  Memory& m = memory(c);
  for_each_index(*s.valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(v->linear(idx));
    m.write(d.mem, d.elem_addr(idx), d.dtype, v->data[l], v->poison[l] != 0);
  });
  return void_value();
}

/// buffer.full(v, dst): every element of dst's valid region is v converted to dst's dtype.
inline Value full(OpCall& c) {
  const BufVal& d = handle(c, 1);
  Scalar v = convert(c.arg<Scalar>(0), d.dtype);
  Memory& m = memory(c);
  for_each_index(*d.valid, [&](const Shape& idx) { m.write(d.mem, d.elem_addr(idx), d.dtype, v.bits, false); });
  return void_value();
}

/// buffer.set_validshape(buf, extents): the handle's valid extents (shared by its copies) change;
/// the bytes do not.
inline Value set_validshape(OpCall& c) {
  const BufVal& b = handle(c, 0);
  Shape valid = c.ints(1, "valid extents");
  tile_ops::check_valid("buffer.set_validshape", valid, b.shape);
  *b.valid = valid;
  return void_value();
}

/// The tile value a computing op reads from operand i: its bytes, with its valid extents checked
/// to cover `need` and then narrowed to it (the op works on the destination's valid region).
inline Value operand_over(const OpCall& c, std::size_t i, const Shape& need) {
  const BufVal& b = handle(c, i);
  auto t = std::make_shared<TileData>(*read_view(memory(c), b));
  if (t->shape.size() != need.size()) fail(c.op() + ": " + c.operand_name(i) + " has rank " + std::to_string(t->shape.size()));
  tile_ops::check_covers(c, i, *t, need);
  t->valid = need;
  return {TileVal(t)};
}

/// Destination-passing form of a value-mode computing op: operands `srcs` (tile handles or
/// scalars) in the order F takes them, destination `dst`.
template <OpFn F, Overlap Rule = Overlap::InPlaceOk> Value compute(OpCall& c) {
  const std::size_t di = c.args.size() - 1;
  const BufVal d = handle(c, di);
  const Shape need = *d.valid;
  check_nonempty(c, need, "valid region of " + c.operand_name(di));
  std::vector<Value> args;
  for (std::size_t i = 0; i < di; ++i) {
    if (auto* b = std::get_if<BufVal>(&c.args[i].v)) {
      if (b->shape != d.shape)
        fail(c.op() + ": " + c.operand_name(i) + " is " + dims_str(b->shape) + ", the destination " + dims_str(d.shape));
      check_overlap(c, d, i, *b, Rule, c.operand_name(di));
      args.push_back(operand_over(c, i, need));
    } else {
      args.push_back(c.args[i]);
    }
  }
  OpCall inner{c.call, args, c.result_type, c.env, c.frame};
  Value r = F(inner);
  const TileData& t = *expect<TileVal>(r, c.op().c_str());
  if (t.dtype != d.dtype)
    fail(c.op() + " computes " + std::string(ir::name_of(t.dtype)) + " into a " + std::string(ir::name_of(d.dtype)) + " destination");
  write_view(memory(c), d, t);
  return void_value();
}

/// buffer.matmul(l, r, dst) / buffer.matmul_acc(l, r, acc): the value-mode cube op over the
/// destination's valid region (an initialising or accumulating write in place).
template <bool Acc> Value cube(OpCall& c) {
  const BufVal& l = handle(c, 0);
  const BufVal& r = handle(c, 1);
  const BufVal& d = handle(c, 2);
  check_overlap(c, d, 0, l, Overlap::Distinct, c.operand_name(2));
  check_overlap(c, d, 1, r, Overlap::Distinct, c.operand_name(2));
  Memory& m = memory(c);
  std::vector<Value> args;
  auto acc = std::make_shared<TileData>(*read_view(m, d));
  TileVal lt = read_view(m, l), rt = read_view(m, r);
  // lower_tile_to_buffer.md: "PTOAS requires a native matmul destination to match the product"
  // (a wider accumulator is written through a product-shaped view of its storage).
  if (lt->valid.size() == 2 && rt->valid.size() == 2 && *d.valid != Shape{lt->valid[0], rt->valid[1]})
    fail(c.op() + ": the destination " + view_str(d) + " is valid over " + dims_str(*d.valid) + ", the product over " +
         dims_str({lt->valid[0], rt->valid[1]}) + " (a native matmul destination matches the product)");
  if (Acc) args.push_back({TileVal(acc)});
  args.push_back({lt});
  args.push_back({rt});
  // tile.matmul_acc takes (acc, l, r): its messages name operand i of the call they see, so that
  // call lists the Buffer call's operands in the same order (else a poison acc is named 'l').
  ir::Call named = c.call;
  if (Acc && named.args.size() == 3) named.args = {c.call.args[2], c.call.args[0], c.call.args[1]};
  OpCall inner{named, args, c.result_type, c.env, c.frame};
  Value out = Acc ? tile_ops::matmul_acc(inner) : tile_ops::matmul(inner);
  auto t = std::make_shared<TileData>(*expect<TileVal>(out, c.op().c_str()));
  if (t->shape != d.shape || t->dtype != d.dtype)
    fail(c.op() + ": the product is " + std::string(ir::name_of(t->dtype)) + dims_str(t->shape) + ", the destination " + view_str(d));
  write_view(m, d, *t);
  poison_partial_boxes(m, d, t->valid);
  return void_value();
}

/// buffer.extract(src, row, col, dst): the window of src at (row, col) with dst's shape.
inline Value extract(OpCall& c) {
  const BufVal& s = handle(c, 0);
  const BufVal& d = handle(c, 3);
  if (s.shape.size() != 2 || d.shape.size() != 2) fail("buffer.extract needs rank-2 buffers");
  if (s.dtype != d.dtype) fail("buffer.extract between buffers of different dtypes");
  check_overlap(c, d, 0, s, Overlap::Distinct, c.operand_name(3));
  Shape off{int_of(c.args.at(1), "buffer.extract row"), int_of(c.args.at(2), "buffer.extract column")};
  TileVal v = read_view(memory(c), s);
  auto w = tile_ops::window_copy(c, *v, off, d.shape, d.mem);
  write_view(memory(c), d, *w);
  return void_value();
}

}  // namespace buffer_ops

inline void add_buffer_ir_ops(OpTable& t) {
  using namespace buffer_ops;
  using namespace tile_ops;
  using ir::BinOp;
  t["buffer.alloc"] = buffer_ops::alloc;
  t["buffer.subview"] = buffer_ops::subview;
  t["buffer.reshape"] = buffer_ops::reshape;
  t["buffer.load"] = buffer_ops::load;
  t["buffer.store"] = buffer_ops::store;
  t["buffer.copy"] = buffer_ops::copy;
  t["buffer.full"] = buffer_ops::full;
  t["buffer.set_validshape"] = buffer_ops::set_validshape;
  // Every elementwise row's Buffer IR form: its tile form's meaning, destination-passing.
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    auto add = [&]<std::size_t J>(std::integral_constant<std::size_t, J>) {
      if constexpr (ir::kElementwiseOps[J].has_buffer_form())
        t[ir::kElementwiseOps[J].buffer] =
            compute<ew_tile_fn<J>(), ir::kElementwiseOps[J].distinct_destination ? Overlap::Distinct : Overlap::InPlaceOk>;
    };
    (add(std::integral_constant<std::size_t, I>{}), ...);
  }(std::make_index_sequence<ir::kElementwiseOps.size()>{});
  t["buffer.matmul"] = cube<false>;
  t["buffer.matmul_acc"] = cube<true>;
  t["buffer.extract"] = buffer_ops::extract;
  t["buffer.get_block_idx"] = block_idx;
  t["buffer.get_block_num"] = block_num;
  t["buffer.get_subblock_idx"] = block_idx;
}

}  // namespace ptorw::interp
