// Tile ops that move data without computing (docs/semantics.md "tile.* data movement"):
// GM <-> tile transfers of the valid region, creation and fill, and the view-like ops (slice,
// assemble, reshape, move, extract, transpose_view, set_validshape). Poison marks travel with the
// elements they move; only tile.load refuses poison, because it is a read of GM into a tile.
#pragma once
#include <optional>

#include "ptorw/interp/op_api.hpp"
#include "ptorw/interp/scalar_ops.hpp"
#include "ptorw/ir/attr.hpp"
#include "ptorw/ir/store_dtype.hpp"

namespace ptorw::interp {

namespace tile_ops {

inline ir::MemSpace mem_kw(const OpCall& c, ir::MemSpace dflt) {
  return ir::kwarg_as<ir::MemSpace>(c.call.kwargs, "target_memory").value_or(dflt);
}
inline DType dtype_kw(const OpCall& c) {
  if (auto d = ir::kwarg_as<ir::DType>(c.call.kwargs, "dtype")) return *d;
  return ir::dtype_of(c.result_type).value_or(DType::FP32);
}

/// The bits of a pad value in dtype `d` (`max` = +inf / the integer maximum, `min` = -inf / the
/// integer minimum), or nullopt for `null` = poison.
inline std::optional<Bits> pad_value_bits(ir::PadValue p, DType d) {
  switch (p) {
    case ir::PadValue::zero: return ir::is_float(d) ? float_bits(0.0, d) : Bits{0};
    case ir::PadValue::max: return max_bits(d);
    case ir::PadValue::min: return min_bits(d);
    default: return std::nullopt;
  }
}

/// The padding value the declared result type asks for (TileView pad), or nullopt = poison.
inline std::optional<Bits> pad_bits(const ir::Type& t, DType d) {
  auto* tt = ir::type_as<ir::TileType>(t);
  if (!tt || !tt->view || !tt->view->pad) return std::nullopt;
  return pad_value_bits(*tt->view->pad, d);
}

/// The `pad_value=pl.PadValue.X` kwarg of a slice (checked by the op's type rule), if given.
inline std::optional<ir::PadValue> pad_value_kwarg(const OpCall& c) {
  const ir::AttrValue* v = ir::find_kwarg(c.call.kwargs, "pad_value");
  auto* e = v ? std::get_if<ir::EnumRef>(v) : nullptr;
  if (!e || e->text.rfind("pl.PadValue.", 0) != 0) return std::nullopt;
  return ir::enum_from<ir::PadValue>(std::string_view(e->text).substr(12));
}

/// Sets every element outside the valid region to the pad value, or to poison.
inline void fill_padding(TileData& t, std::optional<Bits> pad) {
  for_each_index(t.shape, [&](const Shape& idx) {
    if (t.in_valid(idx)) return;
    auto l = static_cast<std::size_t>(t.linear(idx));
    t.data[l] = pad.value_or(0);
    t.poison[l] = pad ? 0 : 1;
  });
}

inline void check_valid(const std::string& what, const Shape& valid, const Shape& shape) {
  if (valid.size() != shape.size()) fail(what + ": valid shape " + dims_str(valid) + " has the wrong rank for " + dims_str(shape));
  for (std::size_t i = 0; i < valid.size(); ++i)
    if (valid[i] < 0 || valid[i] > shape[i]) fail(what + ": valid shape " + dims_str(valid) + " exceeds the physical shape " + dims_str(shape));
}

/// How a GM transfer maps tile indices to tensor indices: the tile covers the trailing dims of
/// the tensor (leading tensor dims have extent 1); a transposed 2-D load swaps the tile's axes.
struct GmWindow {
  Shape off;
  std::size_t lead = 0;
  bool transpose = false;

  void map(const Shape& tidx, Shape& out) const {
    out = off;
    const std::size_t r = tidx.size();
    for (std::size_t j = 0; j < r; ++j) out[lead + j] += tidx[transpose ? r - 1 - j : j];
  }
  Shape extents(const Shape& tile_ext) const {
    Shape e(off.size(), 1);
    const std::size_t r = tile_ext.size();
    for (std::size_t j = 0; j < r; ++j) e[lead + j] = tile_ext[transpose ? r - 1 - j : j];
    return e;
  }
};
inline GmWindow gm_window(const OpCall& c, const Shape& off, const Shape& tensor_shape, std::size_t tile_rank, bool transpose) {
  if (off.size() != tensor_shape.size())
    fail(c.op() + ": offsets " + dims_str(off) + " need the tensor's rank " + std::to_string(tensor_shape.size()));
  if (tile_rank > tensor_shape.size()) fail(c.op() + ": a rank-" + std::to_string(tile_rank) + " tile does not fit a rank-" +
                                            std::to_string(tensor_shape.size()) + " tensor");
  if (transpose && tile_rank != 2) fail(c.op() + ": transpose needs a rank-2 tile");
  return {off, tensor_shape.size() - tile_rank, transpose};
}

/// tile.load(t, offsets, shape[, valid_shape], target_memory=, transpose=): the valid region
/// is read from GM (poison there is an error); the padding is poison or the declared pad value.
inline Value load(OpCall& c) {
  const TensorVal& t = c.arg<TensorVal>(0);
  Shape off = c.ints(1, "offsets"), shape = c.ints(2, "shape");
  Shape valid = c.args.size() > 3 ? c.ints(3, "valid_shape") : shape;
  check_valid("tile.load", valid, shape);
  bool transpose = ir::kwarg_as<bool>(c.call.kwargs, "transpose").value_or(false);
  GmWindow w = gm_window(c, off, t.shape, shape.size(), transpose);
  check_window("tile.load from " + c.operand_name(0), t.shape, off, w.extents(valid));
  auto r = new_tile(t.dtype(), mem_kw(c, ir::MemSpace::Vec), shape);
  r->valid = valid;
  fill_padding(*r, pad_bits(c.result_type, t.dtype()));
  Shape gidx;
  for_each_index(valid, [&](const Shape& idx) {
    w.map(idx, gidx);
    auto p = static_cast<std::size_t>(t.pos(gidx));
    if (t.storage->poison[p])
      fail("tile.load reads poison element " + dims_str(gidx) + " of " + c.operand_name(0) +
           " (never written since it was allocated)");
    auto l = static_cast<std::size_t>(r->linear(idx));
    r->data[l] = t.storage->data[p];
    r->poison[l] = 0;
  });
  return {TileVal(r)};
}

/// The memory space operand i is declared in (its static type), for the store's dtype rule.
inline std::optional<ir::MemSpace> declared_memory(const OpCall& c, std::size_t i) {
  if (i >= c.call.args.size() || !c.call.args[i]) return std::nullopt;
  if (auto* t = ir::type_as<ir::TileType>(c.call.args[i]->type)) return t->memory;
  if (auto* b = ir::type_as<ir::BufferType>(c.call.args[i]->type)) return b->memory;
  return std::nullopt;
}

/// tile.store(tile, offsets, t): writes the tile's valid region (values and poison marks) into
/// t's storage in place; returns t. An Acc tile's FP32 values narrow to an FP16/BF16 tensor by
/// round to nearest, ties to even (ir/store_dtype.hpp; docs/semantics.md "tile.store").
inline Value store(OpCall& c) {
  const TileVal& src = c.arg<TileVal>(0);
  Shape off = c.ints(1, "offsets");
  const TensorVal& t = c.arg<TensorVal>(2);
  if (!ir::store_dtype_ok(src->dtype, declared_memory(c, 0), t.dtype()))
    fail("tile.store of a " + std::string(ir::name_of(src->dtype)) + " tile into a " + std::string(ir::name_of(t.dtype())) +
         " tensor (" + ir::kStoreDtypeRule + ")");
  const bool converts = src->dtype != t.dtype();
  GmWindow w = gm_window(c, off, t.shape, src->shape.size(), false);
  check_window("tile.store into " + c.operand_name(2), t.shape, off, w.extents(src->valid));
  check_writable(c, t, 2);
  Shape gidx;
  for_each_index(src->valid, [&](const Shape& idx) {
    w.map(idx, gidx);
    auto p = static_cast<std::size_t>(t.pos(gidx));
    auto l = static_cast<std::size_t>(src->linear(idx));
    t.storage->data[p] = converts && !src->poison[l] ? *convert_bits(src->data[l], src->dtype, t.dtype()) : src->data[l];
    t.storage->poison[p] = src->poison[l];
  });
  return {t};
}

/// tile.create: fully valid, every element poison (uninitialised on-chip storage).
inline Value create(OpCall& c) {
  Shape shape = c.ints(0, "shape");
  check_valid("tile.create", shape, shape);
  return {TileVal(new_tile(dtype_kw(c), mem_kw(c, ir::MemSpace::Vec), shape))};
}

/// tile.full: fully valid, every element the value converted to dtype.
inline Value full(OpCall& c) {
  Shape shape = c.ints(0, "shape");
  check_valid("tile.full", shape, shape);
  DType d = dtype_kw(c);
  Scalar v = convert(c.arg<Scalar>(1), d);
  auto r = new_tile(d, mem_kw(c, ir::MemSpace::Vec), shape);
  std::fill(r->data.begin(), r->data.end(), v.bits);
  std::fill(r->poison.begin(), r->poison.end(), 0);
  return {TileVal(r)};
}

/// tile.move(t, target_memory=): the same value in another memory space.
inline Value move(OpCall& c) {
  auto r = std::make_shared<TileData>(*c.arg<TileVal>(0));
  r->mem = mem_kw(c, r->mem);
  return {TileVal(r)};
}

/// tile.reshape(t, shape): the physical elements reinterpreted row-major; the result is fully
/// valid, so padding of a partially valid source becomes visible (poison if it was poison).
inline Value reshape(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  Shape shape = c.ints(1, "shape");
  if (numel(shape) != numel(t->shape))
    fail("tile.reshape from " + dims_str(t->shape) + " to " + dims_str(shape) + " changes the element count");
  auto r = std::make_shared<TileData>(*t);
  r->shape = shape;
  r->valid = shape;
  return {TileVal(r)};
}

/// Copies the window [off, off + shape) of t's physical elements into a new tile.
inline std::shared_ptr<TileData> window_copy(const OpCall& c, const TileData& t, const Shape& off, const Shape& shape, ir::MemSpace mem) {
  check_window(c.op() + " of " + c.operand_name(0), t.shape, off, shape);
  auto r = new_tile(t.dtype, mem, shape);
  Shape sidx(off.size());
  for_each_index(shape, [&](const Shape& idx) {
    for (std::size_t i = 0; i < idx.size(); ++i) sidx[i] = off[i] + idx[i];
    auto l = static_cast<std::size_t>(r->linear(idx)), s = static_cast<std::size_t>(t.linear(sidx));
    r->data[l] = t.data[s];
    r->poison[l] = t.poison[s];
  });
  // By default the window is valid where the source was: clip the source's valid region.
  for (std::size_t i = 0; i < shape.size(); ++i) r->valid[i] = std::clamp<std::int64_t>(t.valid[i] - off[i], 0, shape[i]);
  return r;
}

/// tile.slice(t, shape, offset[, valid_shape], clamp=False, pad_value=pl.PadValue.null).
/// `clamp=True`: the window may reach past t's physical shape; it is clipped to t (never
/// enlarged): elements past t are padding and the valid extents end where t ends. `pad_value`:
/// the padding of the result holds that value instead of what the window covered (poison).
inline Value slice(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  Shape shape = c.ints(1, "shape"), off = c.ints(2, "offset");
  const bool clamp = ir::kwarg_as<bool>(c.call.kwargs, "clamp").value_or(false);
  std::shared_ptr<TileData> r;
  Shape inside = shape;  // the window's extents that lie inside t
  if (clamp) {
    if (off.size() != t->shape.size()) fail("tile.slice offset " + dims_str(off) + " does not have the rank of " + dims_str(t->shape));
    for (std::size_t i = 0; i < off.size(); ++i) {
      if (off[i] < 0) fail("tile.slice offset " + dims_str(off) + " is negative");
      inside[i] = std::clamp<std::int64_t>(t->shape[i] - off[i], 0, shape[i]);
    }
    r = new_tile(t->dtype, t->mem, shape);
    Shape sidx(off.size());
    for_each_index(shape, [&](const Shape& idx) {
      auto l = static_cast<std::size_t>(r->linear(idx));
      for (std::size_t i = 0; i < idx.size(); ++i) {
        if (idx[i] >= inside[i]) return;  // past t: stays poison (padding)
        sidx[i] = off[i] + idx[i];
      }
      auto s = static_cast<std::size_t>(t->linear(sidx));
      r->data[l] = t->data[s];
      r->poison[l] = t->poison[s];
    });
    for (std::size_t i = 0; i < shape.size(); ++i) r->valid[i] = std::clamp<std::int64_t>(t->valid[i] - off[i], 0, inside[i]);
  } else {
    r = window_copy(c, *t, off, shape, t->mem);
  }
  if (c.args.size() > 3) {
    Shape valid = c.ints(3, "valid_shape");
    check_valid("tile.slice", valid, shape);
    for (std::size_t i = 0; i < valid.size(); ++i) r->valid[i] = std::min(valid[i], inside[i]);
  }
  if (auto p = pad_value_kwarg(c)) fill_padding(*r, pad_value_bits(*p, t->dtype));
  return {TileVal(r)};
}

/// tile.extract(src, row, col, shape, target_memory=Left): a 2-D window in another space.
inline Value extract(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  if (t->shape.size() != 2) fail("tile.extract needs a rank-2 tile");
  Shape off{int_of(c.args.at(1), "tile.extract row"), int_of(c.args.at(2), "tile.extract column")};
  Shape shape = c.ints(3, "shape");
  return {TileVal(window_copy(c, *t, off, shape, mem_kw(c, ir::MemSpace::Left)))};
}

/// The valid extents a tile.assemble result is declared with when they enlarge the target's:
/// constant, each at least the target's and within the physical shape (lower_tile_to_buffer.md
/// "When assemble enlarges the valid region"); nullopt otherwise (the target's extents are kept).
inline std::optional<Shape> enlarged_assemble_valid(const ir::Type& declared, const TileData& target) {
  auto* tt = ir::type_as<ir::TileType>(declared);
  if (!tt || !tt->view || tt->view->valid_shape.size() != target.valid.size()) return std::nullopt;
  Shape v(target.valid.size());
  bool larger = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    auto k = ir::const_int(tt->view->valid_shape[i]);
    if (!k || *k < target.valid[i] || *k > target.shape[i]) return std::nullopt;
    v[i] = *k;
    larger = larger || *k > target.valid[i];
  }
  if (!larger) return std::nullopt;
  return v;
}

/// tile.assemble(target, source, offset): target with source's valid region written at offset;
/// the result keeps target's valid extents, unless its declared type enlarges them (the spec's
/// enlarging assemble, which the Buffer recipe lowers to the declared rectangle: review rev41b F1,
/// value mode kept the target's and a store of the result wrote fewer rows than the lowered
/// kernel). Elements the enlarged region gains that the source did not write are poison: the
/// target held nothing defined there.
inline Value assemble(OpCall& c) {
  const TileVal& dst = c.arg<TileVal>(0);
  const TileVal& src = c.arg<TileVal>(1);
  Shape off = c.ints(2, "offset");
  if (src->dtype != dst->dtype) fail("tile.assemble of tiles with different dtypes");
  check_window("tile.assemble into " + c.operand_name(0), dst->shape, off, src->valid);
  auto r = std::make_shared<TileData>(*dst);
  Shape didx(off.size());
  for_each_index(src->valid, [&](const Shape& idx) {
    for (std::size_t i = 0; i < idx.size(); ++i) didx[i] = off[i] + idx[i];
    auto l = static_cast<std::size_t>(r->linear(didx)), s = static_cast<std::size_t>(src->linear(idx));
    r->data[l] = src->data[s];
    r->poison[l] = src->poison[s];
  });
  if (auto v = enlarged_assemble_valid(c.result_type, *dst)) {
    for_each_index(*v, [&](const Shape& idx) {
      if (dst->in_valid(idx)) return;
      bool written = src->valid.size() == idx.size();
      for (std::size_t i = 0; i < idx.size(); ++i) written = written && idx[i] >= off[i] && idx[i] < off[i] + src->valid[i];
      if (!written) r->poison[static_cast<std::size_t>(r->linear(idx))] = 1;
    });
    r->valid = *v;
  }
  return {TileVal(r)};
}

/// tile.transpose_view(t): the 2-D transpose; valid extents swap with the axes.
inline Value transpose_view(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  if (t->shape.size() != 2) fail("tile.transpose_view needs a rank-2 tile");
  auto r = new_tile(t->dtype, t->mem, {t->shape[1], t->shape[0]});
  r->valid = {t->valid[1], t->valid[0]};
  for_each_index(t->shape, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(idx[1] * r->shape[1] + idx[0]), s = static_cast<std::size_t>(t->linear(idx));
    r->data[l] = t->data[s];
    r->poison[l] = t->poison[s];
  });
  return {TileVal(r)};
}

/// tile.set_validshape(t, rows, cols): changes only the valid extents (the data is kept, so
/// widening exposes whatever the padding holds — poison unless written).
inline Value set_validshape(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  if (t->shape.size() != 2) fail("tile.set_validshape needs a rank-2 tile");
  Shape valid{int_of(c.args.at(1), "tile.set_validshape rows"), int_of(c.args.at(2), "tile.set_validshape cols")};
  check_valid("tile.set_validshape", valid, t->shape);
  auto r = std::make_shared<TileData>(*t);
  r->valid = valid;
  return {TileVal(r)};
}

/// tile.read(t, [i, j]): element idx of t as a scalar of t's dtype (PyPTO's `t[i, j]`). Like a
/// computing op it reads only the valid region: an index outside it, or a poison element, is an error.
inline Value read(OpCall& c) {
  const TileVal& t = c.arg<TileVal>(0);
  Shape idx = c.ints(1, "index");
  if (idx.size() != t->shape.size()) fail(c.op() + ": index " + dims_str(idx) + " has the wrong rank for " + dims_str(t->shape));
  for (std::size_t i = 0; i < idx.size(); ++i)
    if (idx[i] < 0 || idx[i] >= t->valid[i])
      fail(c.op() + ": index " + dims_str(idx) + " is outside the valid region " + dims_str(t->valid) + " of " + c.operand_name(0));
  auto l = static_cast<std::size_t>(t->linear(idx));
  if (t->poison[l]) fail(c.op() + " reads poison element " + dims_str(idx) + " of " + c.operand_name(0));
  return {Scalar{t->dtype, t->data[l]}};
}

/// tile.alloc(space, bytes): a storage handle. Value mode gives it no storage: tiles are values
/// here; buffer mode binds tiles at their MemRef addresses inside such allocations.
inline Value alloc(OpCall& c) {
  auto m = ir::kwarg_as<ir::MemSpace>(c.call.kwargs, "memory_space");
  if (!m) fail("tile.alloc needs a memory space");
  std::int64_t bytes = int_of(c.args.at(0), "tile.alloc size");
  if (bytes < 0) fail("tile.alloc of a negative size");
  return {PtrVal{*m, bytes, c.env.next_ptr_id++, 0}};
}

/// SPMD queries: value mode runs one block.
inline Value block_idx(OpCall&) { return {int_scalar(0)}; }
inline Value block_num(OpCall&) { return {int_scalar(1)}; }

}  // namespace tile_ops

inline void add_tile_data_ops(OpTable& t) {
  using namespace tile_ops;
  t["tile.load"] = load;
  t["tile.store"] = store;
  t["tile.create"] = create;
  t["tile.full"] = full;
  t["tile.move"] = move;
  t["tile.reshape"] = reshape;
  t["tile.slice"] = slice;
  t["tile.extract"] = extract;
  t["tile.assemble"] = assemble;
  t["tile.transpose_view"] = transpose_view;
  t["tile.set_validshape"] = set_validshape;
  t["tile.read"] = read;
  t["tile.alloc"] = alloc;
  t["tile.get_block_idx"] = block_idx;
  t["tile.get_block_num"] = block_num;
  t["tile.get_subblock_idx"] = block_idx;
}

}  // namespace ptorw::interp
