// Buffer mode for planned Tile IR (docs/semantics.md "Buffer mode"; lowering/planning/README.md
// "The contract"): `m = pl.tile.alloc(space, bytes[, addr=A])` places an allocation, and every tile
// definition typed `pl.Tile[..., pl.MemRef(m, offset, bytes), ...]` is a *view* of the bytes at
// `addr(m) + offset`. Two tiles placed at one address therefore see each other's writes — the
// aliasing a planner must avoid for simultaneously live tiles is real here, and reading a tile
// whose valid bytes a later definition changed is a named error (check_intact: a clobbered tile).
//
// Every tile op keeps its value-mode meaning (tile_data_ops.hpp, tile_compute_ops.hpp): the handler
// reads its tile operands out of memory, runs the value-mode op, and writes the result through the
// view its MemRef names. What buffer mode adds is where the bytes are:
//  * a result is written over its valid region (values and poison marks); padding the value leaves
//    poison keeps whatever bytes were there;
//  * an operand that partially overlaps the destination is an error (the device computes in an
//    unspecified order); exactly in place is fine, except recip / rsqrt, which need a distinct
//    destination (lower_tile_to_buffer.md "recip requires a distinct destination");
//  * reshape and set_validshape whose MemRef is their source's window only relabel the bytes (the
//    planner's Relabel rule), and a slice whose MemRef is its source's window is a view at its
//    offset with the source's row pitch (the Window rule); elsewhere they copy. So does transpose_view of a boxed (Mat / Left /
//    Right / Acc) tile: NZ bytes read transposed are ZN;
//  * tiles in Mat / Left / Right / Acc have fractal layouts (fractal_layout.hpp); a matmul's write
//    into an Acc box it covers only partly leaves the rest of that box poison.
#pragma once
#include <fmt/core.h>

#include "ptorw/interp/memory.hpp"
#include "ptorw/interp/tile_cast_ops.hpp"
#include "ptorw/interp/tile_compute_ops.hpp"
#include "ptorw/interp/tile_data_ops.hpp"
#include "ptorw/interp/tile_reduce_ops.hpp"

namespace ptorw::interp {

namespace buffer_ops {

inline Memory& memory(const OpCall& c) {
  if (!c.env.memory) fail(c.op() + " needs buffer mode's memory (run this program through interp::run)");
  return *c.env.memory;
}

inline Value frame_eval(const OpCall& c, const ir::Expr& e, const char* what) {
  if (!c.frame) fail(std::string("internal: ") + what + " needs the calling frame");
  if (!e) fail(std::string(what) + " is missing");
  return c.frame->eval(e);
}

/// The address of a new allocation: the `addr` given, or an addressless identity's own address.
inline std::int64_t place(OpCall& c, ir::MemSpace mem, std::int64_t bytes, const Value* addr) {
  Memory& m = memory(c);
  if (bytes < 0) fail(c.op() + " of a negative size");
  if (!addr) {
    if (bytes > m.capacity(mem))
      fail(fmt::format("{} of {} bytes exceeds the {} capacity {} of target {}", c.op(), bytes, ir::name_of(mem),
                       m.capacity(mem), m.target()));
    std::int64_t a = m.place_addressless(&c.call, mem, bytes);
    m.poison(mem, a, bytes);
    return a;
  }
  const std::int64_t a = int_of(*addr, (c.op() + " address").c_str());
  // `a > capacity - bytes`, not `a + bytes > capacity`: an address near INT64_MAX must not wrap
  // (re-audit 2026-12-05 F3: addr=2^63-32 passed this check and aborted the interpreter).
  if (a < 0 || bytes < 0 || bytes > m.capacity(mem) || a > m.capacity(mem) - bytes)
    fail(fmt::format("{} of {} bytes at address {} is outside the {} space ({} bytes on target {})", c.op(), bytes, a,
                     ir::name_of(mem), m.capacity(mem), m.target()));
  m.poison(mem, a, bytes);
  return a;
}

/// tile.alloc(space, bytes[, addr=A]): places the allocation; its bytes are poison.
inline Value tile_alloc(OpCall& c) {
  auto mem = ir::kwarg_as<ir::MemSpace>(c.call.kwargs, "memory_space");
  if (!mem) fail("tile.alloc needs a memory space");
  const std::int64_t bytes = int_of(c.args.at(0), "tile.alloc size");
  std::optional<Value> addr;
  if (const ir::AttrValue* v = ir::find_kwarg(c.call.kwargs, "addr")) {
    if (auto* i = std::get_if<std::int64_t>(v)) addr = Value{int_scalar(*i)};
    else if (auto* e = std::get_if<ir::Expr>(v)) addr = frame_eval(c, *e, "tile.alloc addr");
    else fail("tile.alloc addr must be an integer");
  }
  const std::int64_t a = place(c, *mem, bytes, addr ? &*addr : nullptr);
  return {PtrVal{*mem, bytes, c.env.next_ptr_id++, a}};
}

/// The view the declared result type's MemRef names for a value of `t`'s dtype and shape.
inline std::optional<BufVal> result_view(const OpCall& c, const TileData& t) {
  auto* tt = ir::type_as<ir::TileType>(c.result_type);
  if (!tt || !tt->memref) return std::nullopt;
  const ir::MemRef& mr = *tt->memref;
  if (!mr.base) fail(c.op() + ": the result's MemRef names no allocation ('" + mr.base_name + "' is not defined)");
  Value base = frame_eval(c, mr.base, "the result's MemRef base");
  const PtrVal& p = expect<PtrVal>(base, (c.op() + ": the result's MemRef base").c_str());
  const std::int64_t off = int_of(frame_eval(c, mr.offset, "the MemRef offset"), "the MemRef offset");
  const std::int64_t size = int_of(frame_eval(c, mr.size, "the MemRef size"), "the MemRef size");
  // The end is computed without overflow: a window past int64 is out of bounds, not wrapped (the
  // sanitized CLI found `off + size` overflowing on golden error_window_offset_overflow).
  std::int64_t end = 0;
  const bool past_int64 = __builtin_add_overflow(off, size, &end);
  if (off < 0 || size < 0 || past_int64 || end > p.bytes)
    fail(past_int64 ? fmt::format("{}: the result's MemRef window at offset {} of {} bytes is out of bounds of its "
                                  "allocation of {} bytes", c.op(), off, size, p.bytes)
                    : fmt::format("{}: the result's MemRef window [{}, {}) is out of bounds of its allocation of {} bytes",
                                  c.op(), off, end, p.bytes));
  if (tt->memory && *tt->memory != p.mem)
    fail(c.op() + ": the result is a " + std::string(ir::name_of(*tt->memory)) + " tile placed in a " +
         std::string(ir::name_of(p.mem)) + " allocation");
  const std::int64_t need = numel(t.shape) * ir::dtype_bytes(t.dtype);
  if (need > size)
    fail(fmt::format("{}: a {}{} tile ({} bytes) does not fit its MemRef window of {} bytes", c.op(),
                     ir::name_of(t.dtype), dims_str(t.shape), need, size));
  // The tile's layout: its TileView's fields over the implicit layout of the allocation's space
  // (Mat / Left / Right / Acc: fractal boxes, fractal_layout.hpp).
  return make_view(p.mem, p.addr + off, t.dtype, t.shape, t.valid, ir::resolve_layout(p.mem, tt->view),
                   c.op() + ": the result");
}

/// How an op's operands may share bytes with its destination.
enum class Overlap : std::uint8_t {
  InPlaceOk,  // an operand may be exactly the destination (same view), never partially overlap it
  Distinct,   // no operand may touch the destination (recip, rsqrt)
};

inline void check_overlap(const OpCall& c, const BufVal& dst, std::size_t operand, const BufVal& src, Overlap rule,
                          const std::string& dst_name) {
  if (!overlaps(dst, src)) return;
  if (rule == Overlap::InPlaceOk && same_view(dst, src)) return;
  fail(c.op() + " writes " + dst_name + " (" + view_str(dst) + ") over " + c.operand_name(operand) + " (" + view_str(src) +
       (rule == Overlap::Distinct ? "), which it reads: this op needs a distinct destination"
                                  : "), which it reads and which it only partially overlaps (not exactly in place)"));
}

/// A planned tile value must find its bytes as its defining write left them (SSA values are
/// immutable; lower_tile_to_buffer.md: allocations "may still reuse physical addresses after their
/// lifetimes end", not before). A valid byte changed by a later write is a clobber: two live tiles
/// share storage. Bytes rewritten with the same value (a window written in place) are not.
inline void check_intact(const OpCall& c, std::size_t operand, const BufVal& v) {
  if (v.gen == 0) return;
  Memory& m = memory(c);
  const std::int64_t n = ir::dtype_bytes(v.dtype);
  for_each_index(*v.valid, [&](const Shape& idx) {
    const std::int64_t a = v.elem_addr(idx);
    for (std::int64_t k = 0; k < n; ++k)
      if (const std::uint32_t g = m.stamp(v.mem, a + k); g > v.gen)
        fail(c.op() + " reads " + c.operand_name(operand) + " (" + view_str(v) + "), whose element " + dims_str(idx) +
             " was overwritten by " + m.writer(g) + " while " + c.operand_name(operand) +
             " was live: two live tiles share storage (a clobbered tile)");
  });
}

/// Replaces every tile handle among the operands by the value it holds (reading memory).
inline std::vector<std::pair<std::size_t, BufVal>> read_operands(OpCall& c) {
  std::vector<std::pair<std::size_t, BufVal>> views;
  for (std::size_t i = 0; i < c.args.size(); ++i)
    if (auto* b = std::get_if<BufVal>(&c.args[i].v)) {
      check_intact(c, i, *b);
      views.emplace_back(i, *b);
      c.args[i].v = read_view(memory(c), *b);
    }
  return views;
}

/// Writes a tile definition's value through its view as a new generation (see check_intact).
inline void define(OpCall& c, BufVal& dst, const TileData& t) {
  Memory& m = memory(c);
  dst.gen = m.begin_write(c.op(), c.env.site);
  write_view(m, dst, t);
  m.end_write();
}

/// A value-mode tile op run over memory: operands read, result written through its MemRef view.
template <OpFn F, Overlap Rule = Overlap::InPlaceOk> Value planned(OpCall& c) {
  auto views = read_operands(c);
  Value r = F(c);
  auto* tv = std::get_if<TileVal>(&r.v);
  if (!tv) return r;  // tile.store returns its tensor
  auto dst = result_view(c, **tv);
  if (!dst) fail(c.op() + ": a tile result in a planned function needs a pl.MemRef in its type");
  for (const auto& [i, v] : views) {
    // tile.assemble writes only the window at its offset (lower_tile_to_buffer.md "tile.assemble
    // writes in place"): its source may be exactly that window (written in place) or lie anywhere
    // else in the destination (a disjoint window of the target), never partly in the window.
    if (c.id() == ir::op::id("tile.assemble") && i == 1) {
      Shape off = ints_of(c.args.at(2), "tile.assemble offset");
      BufVal window = *dst;
      window.shape = v.shape;
      window.addr = dst->elem_addr(off);
      check_overlap(c, window, i, v, Overlap::InPlaceOk, "the window at its offset");
      continue;
    }
    check_overlap(c, *dst, i, v, Rule, "its result");
  }
  define(c, *dst, **tv);
  return {*dst};
}

/// Whether the result's MemRef is its operand 0's (the planner's Relabel and Window rules: the
/// result names its source's storage window; a window's view lies at an offset inside it, so the
/// views' addresses may differ while the MemRefs are one).
inline bool same_memref(const OpCall& c) {
  auto* st = c.call.args.empty() ? nullptr : ir::type_as<ir::TileType>(c.call.args[0]->type);
  auto* rt = ir::type_as<ir::TileType>(c.result_type);
  if (!st || !rt || !st->memref || !rt->memref || !st->memref->base || !rt->memref->base) return false;
  const ir::MemRef &a = *st->memref, &b = *rt->memref;
  const bool base = a.base == b.base || ir::var_name(a.base) == ir::var_name(b.base);
  return base && ir::const_int(a.offset) && ir::const_int(a.offset) == ir::const_int(b.offset) && ir::const_int(a.size) &&
         ir::const_int(a.size) == ir::const_int(b.size);
}

/// reshape / set_validshape: a relabel of the source's bytes when the MemRef names the source's
/// window (the planner's Relabel rule; for a slice window: "a relabel of a window is a
/// buffer.reshape of it at the same place"), else a copy into the MemRef's window.
template <OpFn F> Value relabel(OpCall& c) {
  const BufVal* src = c.args.empty() ? nullptr : std::get_if<BufVal>(&c.args[0].v);
  if (!src) return planned<F>(c);
  // Only a boxed transpose is a byte relabel (NZ bytes read as ZN); a row-major one copies.
  if (c.id() == ir::op::id("tile.transpose_view") && !src->boxed) return planned<F>(c);
  const BufVal s = *src;
  auto views = read_operands(c);
  Value r = F(c);
  const TileData& t = *expect<TileVal>(r, c.op().c_str());
  auto dst = result_view(c, t);
  if (!dst) fail(c.op() + ": a tile result in a planned function needs a pl.MemRef in its type");
  if (dst->mem == s.mem && dst->addr == s.addr && (s.boxed || dst->boxed)) {
    // Fractal relabels (lower_tile_to_buffer.md "Torch debugging models fractal layouts ...,
    // including transpose relabels"): set_validshape keeps the view; a transpose reads the same
    // boxes transposed (NZ <-> ZN); a reshape reinterprets the source's packed boxes under the
    // result's own layout.
    BufVal out = s;
    if (c.id() == ir::op::id("tile.transpose_view")) {
      out.shape = t.shape;
      out.boxed = s.boxed->transposed();
    } else if (c.id() == ir::op::id("tile.reshape")) {
      if (!dense(s))
        fail("tile.reshape of " + c.operand_name(0) + " (" + view_str(s) + "), a window of bigger boxed storage: a "
             "reshape reinterprets packed boxes");
      out = *dst;
      out.gen = s.gen;
    }
    out.valid = std::make_shared<Shape>(t.valid);
    return {out};
  }
  if ((dst->mem == s.mem && dst->addr == s.addr) || (!s.boxed && same_memref(c))) {
    if (c.id() == ir::op::id("tile.reshape") && !dense(s))
      fail("tile.reshape of " + c.operand_name(0) + " (" + view_str(s) + ") whose rows are not dense: a reshape "
           "reinterprets packed bytes");
    BufVal out = s;
    out.shape = t.shape;
    if (c.id() == ir::op::id("tile.reshape")) out.strides = packed_byte_strides(t.shape, t.dtype);
    out.valid = std::make_shared<Shape>(t.valid);
    return {out};
  }
  check_overlap(c, *dst, 0, s, Overlap::InPlaceOk, "its result");
  define(c, *dst, t);
  return {*dst};
}

/// tile.slice: a window of the source's bytes when the MemRef names the source's window (the
/// planner's Window rule, lower_tile_to_buffer.md "tile.slice is a window of its source at possibly
/// runtime offsets, keeping the source's row pitch"): a view at the offset with the source's
/// strides, the source's write generation (reading it checks the source's bytes are intact); else
/// a copy into the MemRef's window.
inline Value window_slice(OpCall& c) {
  const BufVal* src = c.args.empty() ? nullptr : std::get_if<BufVal>(&c.args[0].v);
  if (!src || src->boxed) return planned<tile_ops::slice>(c);
  const BufVal s = *src;
  auto views = read_operands(c);
  Value r = tile_ops::slice(c);
  const TileData& t = *expect<TileVal>(r, c.op().c_str());
  auto dst = result_view(c, t);
  if (!dst) fail(c.op() + ": a tile result in a planned function needs a pl.MemRef in its type");
  // The Window rule: the result's MemRef is its source's (a nested slice's source is itself a view
  // at an offset, so the views' addresses differ while the MemRefs are one).
  if ((dst->mem == s.mem && dst->addr == s.addr) || same_memref(c)) {
    BufVal out = s;
    out.addr = s.elem_addr(c.ints(2, "offset"));
    out.shape = t.shape;
    out.valid = std::make_shared<Shape>(t.valid);
    return {out};
  }
  check_overlap(c, *dst, 0, s, Overlap::InPlaceOk, "its result");
  define(c, *dst, t);
  return {*dst};
}

/// matmul / matmul_acc: the value-mode cube op written through the result's view; in a boxed
/// (Acc) view, the rest of each box the product only partly covers becomes poison.
/// A reduction's scratch tile (`row_sum(t, tmp)`) is working space the device overwrites: after
/// the op its bytes are unspecified. They are written poison as the op's own generation, so a
/// later read of `tmp`'s value is a clobbered tile (check_intact) and a read through another view
/// of those bytes reads poison. (Value mode cannot model this: its values are immutable.)
template <std::size_t I> void clobber_scratch(OpCall& c, const BufVal& scratch) {
  static const std::string writer = std::string(ir::kRowColOps[I].tile) + " (its scratch working space)";
  Memory& m = memory(c);
  m.begin_write(writer, c.env.site);  // begin_write keeps a pointer: the name is a static
  for_each_index(scratch.shape, [&](const Shape& idx) { m.write(scratch.mem, scratch.elem_addr(idx), scratch.dtype, 0, true); });
  m.end_write();
}

/// The row and column ops over memory: new storage (storage_rules), and a reduction's scratch
/// operand is clobbered once the result is written.
template <std::size_t I> Value planned_row_col(OpCall& c) {
  std::optional<BufVal> scratch;
  if constexpr (ir::kRowColOps[I].kind == ir::RcKind::Reduce)
    if (c.args.size() > 1)
      if (auto* b = std::get_if<BufVal>(&c.args[1].v)) scratch = *b;
  Value r = planned<tile_ops::row_col_op<I>, Overlap::Distinct>(c);
  if (scratch) clobber_scratch<I>(c, *scratch);
  return r;
}

template <OpFn F> Value planned_cube(OpCall& c) {
  Value r = planned<F>(c);
  const BufVal& d = std::get<BufVal>(r.v);
  poison_partial_boxes(memory(c), d, *d.valid);
  return r;
}

}  // namespace buffer_ops

/// Planned Tile IR's ops: every tile.* op over memory (block queries as in value mode).
inline void add_planned_tile_ops(OpTable& t) {
  using namespace tile_ops;
  using namespace buffer_ops;
  using ir::BinOp;
  t["tile.alloc"] = tile_alloc;
  t["tile.load"] = planned<load>;
  t["tile.store"] = planned<store>;
  t["tile.create"] = planned<create>;
  t["tile.full"] = planned<full>;
  t["tile.move"] = planned<move>;
  t["tile.reshape"] = relabel<reshape>;
  t["tile.set_validshape"] = relabel<set_validshape>;
  t["tile.slice"] = window_slice;
  t["tile.extract"] = planned<extract>;
  t["tile.assemble"] = planned<assemble>;
  t["tile.transpose_view"] = relabel<transpose_view>;
  // Every elementwise row's tile form over memory; recip / rsqrt (`distinct_destination`) may not
  // touch their destination (lower_tile_to_buffer.md "recip requires a distinct destination").
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((t[ir::kElementwiseOps[I].tile] =
          planned<ew_tile_fn<I>(), ir::kElementwiseOps[I].distinct_destination ? Overlap::Distinct : Overlap::InPlaceOk>),
     ...);
  }(std::make_index_sequence<ir::kElementwiseOps.size()>{});
  t["tile.matmul"] = planned_cube<matmul>;
  t["tile.matmul_acc"] = planned_cube<matmul_acc>;
  t["tile.cast"] = planned<cast, Overlap::Distinct>;  // new storage (storage_rules: the element size may change)
  t["tile.read"] = planned<read>;  // a scalar result: the operand is read from memory, nothing is written
  // Reductions and broadcasts (ir/reduction_ops.hpp): new storage, never an operand's (storage_rules).
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((t[ir::kRowColOps[I].tile] = planned_row_col<I>), ...);
  }(std::make_index_sequence<ir::kRowColOps.size()>{});
  t["tile.get_block_idx"] = block_idx;
  t["tile.get_block_num"] = block_num;
  t["tile.get_subblock_idx"] = block_idx;
}

}  // namespace ptorw::interp
