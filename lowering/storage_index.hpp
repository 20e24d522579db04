// The storage index of LowerTileToBuffer (lower_tile_to_buffer.md, "Conversion contract" and
// "Planned storage views"): the first, indexed traversal. It collects every `pl.tile.alloc` of a
// planned kernel and every storage window named by a Tile's MemRef, then decides how each
// allocation becomes Buffer handles:
//
//  * one descriptor covering the whole allocation      → a typed `buffer.alloc` (direct form);
//  * several descriptors, all covering the allocation   → the first is the typed allocation, the
//                                                          others `buffer.reshape` it;
//  * otherwise                                          → a full-valid `UINT8[capacity/32, 32]` root,
//    each window a `buffer.subview(root, (offset/32, 0))` of `UINT8[bytes/32, 32]`, and each typed
//    interpretation a `buffer.reshape` of its window (a full-capacity member reshapes the root).
//
// Window parents (Vec members a `tile.slice` cuts or a `tile.assemble` writes into: conversion
// writes a `buffer.subview` of their handle). "PTOAS cannot legalize a subview of a byte-root
// relabel. Full-capacity window parents therefore retain typed roots; for other shared addressed
// storage, a window parent gets an alias allocation at its planned address" ("Windows"), and
// "Full-capacity members that need a window parent use that parent's typed allocation; other
// interpretations reshape it" ("Planned storage views"):
//  * a full-capacity window parent is the allocation's typed root; other full-capacity members
//    `buffer.reshape` it, and an interior member is a typed `buffer.subview` of whole rows of it
//    (then a `buffer.reshape` when its descriptor differs);
//  * under an addressed planner every other window parent is a typed `buffer.alloc` at its
//    effective address (alloc `addr` + offset);
//  * anything else fails closed (an interior window parent of addressless storage, two differently
//    typed full-capacity window parents of addressless storage, an interior member that is not
//    whole rows of the typed root): never a subview of a relabel.
//
// Equal (offset, descriptor) pairs share one SSA handle, including separate Tile variables that name
// the same view. The tile.alloc byte capacity is authoritative: every view must fit it with static
// 32-byte-aligned offsets, byte counts and rows. Producer calls do not establish allocations: a
// handle is found from a Tile's type (its MemRef), never from the op that defined it.
//
// The index is private to the pass: the output IR carries no side table.
#pragma once
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/tile_layout.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/product_view.hpp"
#include "ptorw/lowering/vec_descriptor.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

/// A fail-closed diagnostic of the lowering: the statement's span and the rule violated.
using LowerError = StageError;

/// Whether two scalar expressions denote the same value by their form: one node, equal constants, or
/// the same operator over the same operands, where a variable is only itself (structural equality
/// "up to renaming" would equate two different parameters `cols` and `n`). Conservative: any other
/// form compares unequal.
inline bool same_value_expr(const ir::Expr& a, const ir::Expr& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  if (auto x = ir::const_int(a), y = ir::const_int(b); x && y) return *x == *y;
  auto* p = ir::expr_as<ir::Binary>(a);
  auto* q = ir::expr_as<ir::Binary>(b);
  return p && q && p->op == q->op && same_value_expr(p->lhs, q->lhs) && same_value_expr(p->rhs, q->rhs);
}

/// The Buffer descriptor of a Tile: physical shape, dtype, space and layout/valid fields; no storage.
/// A valid shape equal to the physical shape is dropped (it is the default). A runtime valid extent
/// "makes both descriptor dimensions dynamic, because the native metadata update writes both"
/// (lower_tile_to_buffer.md, "Runtime valid extents"): valid_shape=[-1, -1].
inline ir::Type buffer_descriptor(const ir::TileType& t) {
  ir::BufferType b{t.shape, t.dtype, t.memory.value_or(ir::MemSpace::Vec), t.view};
  if (b.view && runtime_valid(t)) {
    b.view->valid_shape.assign(t.shape.size(), ir::make_int(-1));
    return ir::make_type(std::move(b));
  }
  if (b.view) {
    bool full = b.view->valid_shape.size() == b.shape.size();
    for (std::size_t i = 0; full && i < b.shape.size(); ++i) {
      auto v = ir::const_int(b.view->valid_shape[i]), s = ir::const_int(b.shape[i]);
      full = v && s && *v == *s;
    }
    if (b.view->valid_shape.empty() || full) b.view->valid_shape.clear();
    const auto& w = *b.view;
    if (w.valid_shape.empty() && !w.blayout && !w.slayout && !w.fractal && !w.pad) b.view.reset();
  }
  return ir::make_type(std::move(b));
}

/// Physical bytes of a static descriptor; nullopt when a dimension is not a constant.
inline std::optional<std::int64_t> static_bytes(const std::vector<ir::Expr>& shape, ir::DType d) {
  std::int64_t n = ir::dtype_bytes(d);
  for (const auto& e : shape) {
    auto c = ir::const_int(e);
    if (!c || *c <= 0 || __builtin_mul_overflow(n, *c, &n)) return std::nullopt;
  }
  return n;
}

struct AllocInfo {
  ir::Expr var;  // the Ptr variable of `var = pl.tile.alloc(space, capacity[, addr=A])`
  ir::MemSpace space;
  std::int64_t capacity = 0;
  std::optional<std::int64_t> addr;  // absent under PTOAS
  ir::Span span;
};

/// One typed interpretation of an allocation: a byte window and a descriptor.
struct Member {
  std::int64_t offset = 0;
  std::int64_t bytes = 0;
  ir::Type desc;   // BufferType
  ir::Expr handle;  // the Buffer variable every Tile naming this member uses
  std::string name;  // name hint: the first Tile variable naming it
  ir::Span span;
  bool dynamic = false;  // valid_shape=[-1, -1]: starts with its physical extents, set_validshape updates it
  // A product-shaped view of an accumulator (product_view.hpp): no Tile names it; the matmul recipe
  // writes through it. "another addressed allocation, or a PTOAS buffer.reshape".
  bool product = false;
  // A Vec window parent: conversion cuts a `buffer.subview` of this handle (a slice source or an
  // assemble destination), so it is never a relabel ("PTOAS cannot legalize a subview of a
  // byte-root relabel").
  bool window_parent = false;
};

/// `t`'s descriptor with both valid dimensions dynamic: what every tile naming one window that
/// differs only in valid extents shares ("Tiles that name the same storage window and differ only
/// in valid extents share one dynamic handle").
inline ir::Type dynamic_of(const ir::Type& desc) {
  ir::BufferType b = *ir::type_as<ir::BufferType>(desc);
  if (!b.view) b.view = ir::TileView{};
  b.view->valid_shape.assign(b.shape.size(), ir::make_int(-1));
  return ir::make_type(std::move(b));
}
inline ir::Type dynamic_descriptor(const ir::TileType& t) { return dynamic_of(buffer_descriptor(t)); }
/// A static descriptor whose valid rectangle is its physical shape (buffer_descriptor drops it).
inline bool full_valid(const ir::Type& desc) {
  auto* b = ir::type_as<ir::BufferType>(desc);
  return b && (!b->view || b->view->valid_shape.empty());
}
/// The valid rectangle by which the static descriptor `desc` differs from `parent`'s when that is
/// all they differ by (same shape, dtype, space and layout; `desc` partially valid with positive
/// constant extents); nullopt otherwise.
inline std::optional<std::vector<ir::Expr>> static_valid_of(const ir::Type& desc, const ir::Type& parent) {
  auto* a = ir::type_as<ir::BufferType>(desc);
  auto* p = ir::type_as<ir::BufferType>(parent);
  if (!a || !p || !a->view || a->view->valid_shape.size() != a->shape.size()) return std::nullopt;
  for (const auto& e : a->view->valid_shape)
    if (auto k = ir::const_int(e); !k || *k <= 0) return std::nullopt;
  auto without_valid = [](ir::BufferType b) {
    if (b.view) {
      b.view->valid_shape.clear();
      const auto& w = *b.view;
      if (!w.blayout && !w.slayout && !w.fractal && !w.pad) b.view.reset();
    }
    return ir::make_type(std::move(b));
  };
  if (!visit::structural_equal(without_valid(*a), without_valid(*p)).equal) return std::nullopt;
  return a->view->valid_shape;
}

/// A static member whose valid rectangle is its physical shape (not a dynamic handle or a product view).
inline bool fully_valid(const Member& m) { return !m.dynamic && !m.product && full_valid(m.desc); }

/// The member that keeps an allocation's typed root: a full-capacity window parent ("Full-capacity
/// window parents therefore retain typed roots"), the fully valid one when there are several (its
/// partially valid siblings are its zero-offset subviews); when every such parent is partially
/// valid, a fully valid full-capacity member they differ from only by their valid rectangles
/// ("Static valid rectangles use independent zero-offset subviews": the parents become its
/// subviews, and no member widens another's valid rectangle); null when no window parent covers it.
inline const Member* typed_root_of(const std::vector<Member>& ms, std::int64_t capacity) {
  auto covers = [&](const Member& m) { return m.offset == 0 && m.bytes == capacity; };
  const Member* root = nullptr;
  for (const auto& m : ms) {
    if (!m.window_parent || !covers(m)) continue;
    if (!root) root = &m;
    if (fully_valid(m)) return &m;
  }
  if (!root) return nullptr;
  for (const auto& f : ms) {
    if (!covers(f) || !fully_valid(f)) continue;
    bool all = true;
    for (const auto& m : ms)
      if (m.window_parent && covers(m)) all = all && static_valid_of(m.desc, f.desc).has_value();
    if (all) return &f;
  }
  return root;
}


class StorageIndex {
 public:
  /// Indexes the allocations and tile windows of `body`. Returns the first violation, if any.
  std::optional<LowerError> build(const ir::Stmt& body) {
    collect_allocs(body);
    if (error_) return error_;
    collect_tiles(body);
    if (!error_) matrix_windows();
    if (!error_) window_parents();
    return error_;
  }

  /// The Buffer handle of a planned Tile value (by its type's MemRef); null when unknown.
  ir::Expr handle_of(const ir::Expr& tile) const {
    const Member* m = member_of(tile);
    return m ? m->handle : nullptr;
  }
  const Member* member_of(const ir::Expr& tile) const {
    // Types are shared handles (a variable and all its uses carry one), so one lookup per type.
    if (!tile || !tile->type) return nullptr;
    auto memo = by_type_.find(tile->type.get());
    if (memo != by_type_.end()) return memo->second;
    const Member* m = find_member(tile);
    by_type_.emplace(tile->type.get(), m);
    return m;
  }
  const Member* find_member(const ir::Expr& tile) const {
    auto* t = ir::type_as<ir::TileType>(tile ? tile->type : nullptr);
    if (!t || !t->memref || !t->memref->base) return nullptr;
    auto off = ir::const_int(t->memref->offset);
    if (!off) return nullptr;
    auto it = members_.find(t->memref->base.get());
    if (it == members_.end()) return nullptr;
    ir::Type d = buffer_descriptor(*t);
    for (const auto& m : it->second)
      if (m.offset == *off && visit::structural_equal(m.desc, d).equal) return &m;
    ir::Type dd = dynamic_descriptor(*t);
    for (const auto& m : it->second)
      if (m.dynamic && m.offset == *off && visit::structural_equal(m.desc, dd).equal) return &m;
    return nullptr;
  }
  bool is_alloc(const ir::Expr& v) const { return allocs_.count(v.get()) != 0; }

  /// The product-shaped view of the accumulator `target` (its window, with the valid rectangle
  /// `p`), declared by collect_tiles for a matmul whose accumulator is wider than its product; null
  /// when there is none.
  const Member* product_member(const ir::Expr& target, Extents2 p) const {
    auto* t = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!t || !t->memref || !t->memref->base) return nullptr;
    auto off = ir::const_int(t->memref->offset);
    auto it = members_.find(t->memref->base.get());
    if (!off || it == members_.end()) return nullptr;
    const ir::Type product = product_tile_type(*t, p);  // held: type_as points into it
    ir::Type d = buffer_descriptor(*ir::type_as<ir::TileType>(product));
    for (const auto& m : it->second)
      if (m.offset == *off && visit::structural_equal(m.desc, d).equal) return &m;
    return nullptr;
  }

  /// The statements replacing `alloc_var = pl.tile.alloc(...)`: the allocation and its aliases,
  /// in member order (spec: "Each alias definition occurs beside the original allocation").
  std::vector<ir::Stmt> definitions(const ir::Expr& alloc_var) const {
    std::vector<ir::Stmt> out;
    auto a = allocs_.find(alloc_var.get());
    auto ms = members_.find(alloc_var.get());
    if (a == allocs_.end() || ms == members_.end() || ms->second.empty()) return out;
    const AllocInfo& info = a->second;
    const auto& members = ms->second;
    const ir::Span sp = info.span;
    // `handle = buffer.alloc((), [addr])`: addressed planners pass the final address exactly once.
    // A dynamic descriptor "starts with its physical extents" (Runtime valid extents).
    auto allocate = [&](const ir::Expr& handle, const Member* m = nullptr, std::int64_t offset = 0) {
      std::vector<ir::Expr> start;
      if (m && m->dynamic)
        if (auto* bt = ir::type_as<ir::BufferType>(m->desc)) start = bt->shape;
      std::vector<ir::Expr> args{ir::make_tuple(std::move(start), sp)};
      if (info.addr) args.push_back(ir::make_int(*info.addr + offset, ir::DType::INT64, sp));
      out.push_back(ir::make_assign(handle, op_call("buffer.alloc", std::move(args), ir::unknown_type(), sp), sp));
    };
    auto alias = [&](const ir::Expr& handle, const char* op, std::vector<ir::Expr> args) {
      out.push_back(ir::make_assign(handle, op_call(op, std::move(args), ir::unknown_type(), sp), sp));
    };
    // "Static valid rectangles use independent zero-offset subviews, so addressless PTOAS storage
    // can preserve a partially valid assemble target without a second allocation": a member that
    // differs from its parent's descriptor only by a static valid rectangle is a zero-offset
    // subview carrying that rectangle; any other reinterpretation reshapes the parent. Not in the
    // matrix spaces, whose relabels and product views are buffer.reshape aliases ("a same-size
    // relabel of that window becomes a buffer.reshape alias"; "a PTOAS buffer.reshape").
    auto relabel = [&](const Member& m, const ir::Expr& parent) {
      std::optional<std::vector<ir::Expr>> valid;
      if (!ir::is_matrix_space(info.space) && !m.product) valid = static_valid_of(m.desc, parent->type);
      if (valid) {
        std::vector<ir::Expr> zero(valid->size(), ir::make_int(0, ir::DType::INDEX, sp));
        alias(m.handle, "buffer.subview",
              {parent, ir::make_tuple(std::move(zero), sp), ir::make_tuple(ir::type_as<ir::BufferType>(m.desc)->shape, sp),
               ir::make_tuple(*valid, sp)});
      } else {
        alias(m.handle, "buffer.reshape", {parent});
      }
    };
    auto covers = [&](const Member& m) { return m.offset == 0 && m.bytes == info.capacity; };
    bool all_full = true;
    for (const auto& m : members) all_full = all_full && covers(m);
    // "Full-capacity members that need a window parent use that parent's typed allocation".
    const Member* typed_root = typed_root_of(members, info.capacity);
    if (all_full) {
      // Typed allocation of the window parent, else of the first fully valid Vec member ("A single
      // descriptor covering the full allocation keeps the direct typed-allocation form"; the
      // partially valid ones are its zero-offset subviews, whatever order they are defined in),
      // else of the first member; the others reinterpret it.
      const Member* root = typed_root;
      if (!root && !ir::is_matrix_space(info.space))
        for (const auto& m : members)
          if (fully_valid(m)) { root = &m; break; }
      const Member& first = root ? *root : members[0];
      allocate(first.handle, &first);
      for (const auto& m : members) {
        if (&m == &first) continue;
        // A product-shaped view under an addressed planner is "another addressed allocation"; so
        // is a second window parent ("a window parent gets an alias allocation at its planned
        // address"; window_parents() refused it under PTOAS).
        if ((m.product || m.window_parent) && info.addr) allocate(m.handle, &m);
        else relabel(m, first.handle);
      }
      return out;
    }
    // Matrix spaces ("Matrix storage and cube recipes": "a fractal window has no row-major byte
    // view, so these spaces never use the UINT8[N,32] root. Addressed planners have already fixed
    // every window, so each distinct window becomes its own buffer.alloc at its final effective
    // address"; further descriptors of one window reshape it). PTOAS: refused in matrix_windows().
    if (ir::is_matrix_space(info.space)) {
      std::map<std::pair<std::int64_t, std::int64_t>, ir::Expr> typed;  // (offset, bytes) -> alloc
      for (const auto& m : members) {
        auto key = std::make_pair(m.offset, m.bytes);
        auto w = typed.find(key);
        if (w != typed.end() && !(m.product && info.addr)) {
          alias(m.handle, "buffer.reshape", {w->second});
          continue;
        }
        std::vector<ir::Expr> args{ir::make_tuple({}, sp)};
        if (info.addr) args.push_back(ir::make_int(*info.addr + m.offset, ir::DType::INT64, sp));
        out.push_back(ir::make_assign(m.handle, op_call("buffer.alloc", std::move(args), ir::unknown_type(), sp), sp));
        if (w == typed.end()) typed.emplace(key, m.handle);
      }
      return out;
    }
    // "Full-capacity window parents therefore retain typed roots": the parent's typed allocation;
    // other full-capacity members reshape it, interior ones are typed subviews of its whole rows
    // (window_parents() checked the rows) and reshape those when their descriptor differs. Other
    // window parents: alias allocations (addressed; window_parents() refused them under PTOAS).
    if (typed_root) {
      allocate(typed_root->handle, typed_root);
      auto* rt = ir::type_as<ir::BufferType>(typed_root->desc);
      const std::int64_t cols = *ir::const_int(rt->shape[1]);
      const std::int64_t pitch = cols * ir::dtype_bytes(rt->dtype);
      std::map<std::pair<std::int64_t, std::int64_t>, ir::Expr> windows;  // (offset, bytes) -> typed subview
      for (const auto& m : members) {
        if (&m == typed_root) continue;
        if (m.window_parent && info.addr) { allocate(m.handle, &m, m.offset); continue; }
        if (covers(m)) { relabel(m, typed_root->handle); continue; }
        auto key = std::make_pair(m.offset, m.bytes);
        auto w = windows.find(key);
        if (w == windows.end()) {
          ir::Type wt = ir::make_type(ir::BufferType{{ir::make_int(m.bytes / pitch), ir::make_int(cols)}, rt->dtype, info.space, {}});
          const bool exact = visit::structural_equal(wt, m.desc).equal;  // the subview is the member itself
          ir::Expr win = exact ? m.handle : ir::make_var(m.name + "_window", wt, sp);
          alias(win, "buffer.subview",
                {typed_root->handle,
                 ir::make_tuple({ir::make_int(m.offset / pitch, ir::DType::INDEX, sp), ir::make_int(0, ir::DType::INDEX, sp)}, sp),
                 ir::make_tuple({ir::make_int(m.bytes / pitch, ir::DType::INDEX, sp), ir::make_int(cols, ir::DType::INDEX, sp)}, sp)});
          windows.emplace(key, win);
          if (exact) continue;
          w = windows.find(key);
        }
        relabel(m, w->second);
      }
      return out;
    }
    // Byte root: UINT8[capacity / 32, 32], windows by row offset. An interior window parent of
    // addressed storage is an alias allocation at its effective address instead; the root is
    // declared only when some member is a view of it.
    auto bytes_type = [&](std::int64_t bytes) {
      return ir::make_type(ir::BufferType{{ir::make_int(bytes / 32), ir::make_int(32)}, ir::DType::UINT8, info.space, {}});
    };
    ir::Expr root;
    std::map<std::pair<std::int64_t, std::int64_t>, ir::Expr> windows;  // (offset, bytes) -> window
    for (const auto& m : members) {
      if (m.window_parent && info.addr) { allocate(m.handle, &m, m.offset); continue; }
      if (!root) {
        root = ir::make_var(var_name_of(alloc_var) + "_root", bytes_type(info.capacity), sp);
        allocate(root);
      }
      ir::Expr parent = root;
      if (!(m.offset == 0 && m.bytes == info.capacity)) {
        auto key = std::make_pair(m.offset, m.bytes);
        auto w = windows.find(key);
        if (w == windows.end()) {
          ir::Expr win = ir::make_var(m.name + "_window", bytes_type(m.bytes), sp);
          alias(win, "buffer.subview", {root, ir::make_tuple({ir::make_int(m.offset / 32, ir::DType::INDEX, sp),
                                                              ir::make_int(0, ir::DType::INDEX, sp)}, sp)});
          w = windows.emplace(key, win).first;
        }
        parent = w->second;
      }
      alias(m.handle, "buffer.reshape", {parent});
    }
    return out;
  }

  static ir::Expr op_call(const char* op, std::vector<ir::Expr> args, ir::Type t, ir::Span sp) {
    return ir::make_expr(ir::Call{ir::CallKind::Op, op, std::move(args), {}, {}}, std::move(t), sp);
  }

 private:
  std::unordered_map<const ir::ExprNode*, AllocInfo> allocs_;
  std::unordered_map<const ir::ExprNode*, std::vector<Member>> members_;
  std::optional<LowerError> error_;
  mutable std::unordered_map<const ir::TypeNode*, const Member*> by_type_;  // member_of memo

  static std::string var_name_of(const ir::Expr& v) {
    const std::string& n = ir::var_name(v);
    return n.empty() ? std::string("storage") : n;
  }
  void fail(ir::Span sp, std::string msg) {
    if (!error_) error_ = LowerError{sp, std::move(msg)};
  }

  void collect_allocs(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* next = it.next()) {
      const ir::Stmt& st = *next;
      auto* a = ir::stmt_as<ir::Assign>(st);
      if (!a || !ir::is_op_call(a->value, ir::op::id("tile.alloc"))) continue;
      auto* c = ir::expr_as<ir::Call>(a->value);
      AllocInfo info{a->var, ir::kwarg_as<ir::MemSpace>(c->kwargs, "memory_space").value_or(ir::MemSpace::Vec), 0,
                     ir::kwarg_as<std::int64_t>(c->kwargs, "addr"), st->span};
      auto cap = c->args.empty() ? std::nullopt : ir::const_int(c->args[0]);
      if (!cap || *cap <= 0) { fail(st->span, "tile.alloc capacity must be a positive constant byte count"); return; }
      info.capacity = *cap;
      if (info.space == ir::MemSpace::Vec && info.capacity % 32 != 0)
        fail(st->span, fmt::format("tile.alloc capacity {} is not a multiple of 32 bytes", info.capacity));
      if (info.addr && (*info.addr < 0 || *info.addr % 32 != 0))
        fail(st->span, fmt::format("tile.alloc address {} is not a nonnegative multiple of 32", *info.addr));
      allocs_.emplace(a->var.get(), info);
      members_[a->var.get()];
    }
  }

  /// "PTOAS allocations are addressless and therefore carry one window each": a matrix window that
  /// does not cover its addressless allocation has no Buffer form (no UINT8 root, no address).
  void matrix_windows() {
    for (const auto& [base, info] : allocs_) {
      if (info.addr || !ir::is_matrix_space(info.space)) continue;
      for (const auto& m : members_[base])
        if (m.offset != 0 || m.bytes != info.capacity)
          return fail(m.span, fmt::format("tile '{}' is a window [{}, {}) of an addressless pl.Mem.{} allocation of {} bytes: "
                                          "PTOAS matrix allocations carry one window each",
                                          m.name, m.offset, m.offset + m.bytes, ir::name_of(info.space), info.capacity));
    }
  }

  /// Marks the Vec window parents and refuses the storage neither window-parent rule covers
  /// ("PTOAS cannot legalize a subview of a byte-root relabel. Full-capacity window parents
  /// therefore retain typed roots; for other shared addressed storage, a window parent gets an
  /// alias allocation at its planned address").
  void window_parents() {
    for (const auto& e : parent_uses_) {
      const Member* m = find_member(e);
      if (m) const_cast<Member*>(m)->window_parent = true;  // points into members_, which we own
    }
    for (auto& [base, ms] : members_) {
      const AllocInfo& info = allocs_.at(base);
      if (ir::is_matrix_space(info.space)) continue;
      const std::string alloc_name = var_name_of(info.var);
      auto covers = [&](const Member& m) { return m.offset == 0 && m.bytes == info.capacity; };
      const Member* root = typed_root_of(ms, info.capacity);
      for (const auto& m : ms) {
        if (!m.window_parent) continue;
        if (!covers(m)) {
          if (!info.addr)
            return fail(m.span, fmt::format("tile '{}' is a window parent at bytes [{}, {}) of the addressless allocation '{}' ({} bytes): "
                                            "PTOAS cannot legalize a subview of a byte-root relabel, and only a "
                                            "full-capacity window parent keeps a typed root (addressed storage would give it an alias "
                                            "allocation)", m.name, m.offset, m.offset + m.bytes, alloc_name, info.capacity));
          continue;
        }
        // A parent that differs from the root only by a static valid rectangle is the root's
        // zero-offset subview ("Static valid rectangles use independent zero-offset subviews, so
        // addressless PTOAS storage can preserve a partially valid assemble target without a
        // second allocation"): a chain of in-place assembles that enlarge the valid region.
        if (&m == root || static_valid_of(m.desc, root->desc)) continue;
        if (!info.addr)
          return fail(m.span, fmt::format("tiles '{}' and '{}' are differently typed full-capacity window parents of the addressless "
                                          "allocation '{}': only one can keep the typed root, and PTOAS cannot legalize a subview of "
                                          "a relabel", root->name, m.name, alloc_name));
      }
      if (!root) continue;
      bool all_full = std::all_of(ms.begin(), ms.end(), covers);
      if (all_full) continue;
      auto* rt = ir::type_as<ir::BufferType>(root->desc);
      auto cols = rt && rt->shape.size() == 2 ? ir::const_int(rt->shape[1]) : std::nullopt;
      if (!cols) return fail(root->span, fmt::format("the typed root '{}' of the allocation '{}' is not a static rank-2 buffer", root->name, alloc_name));
      const std::int64_t pitch = *cols * ir::dtype_bytes(rt->dtype);
      for (const auto& m : ms) {
        if (&m == root || covers(m) || (m.window_parent && info.addr)) continue;
        if (m.offset % pitch != 0 || m.bytes % pitch != 0)
          return fail(m.span, fmt::format("tile '{}' (bytes [{}, {}) of '{}') is not whole {}-byte rows of the typed root '{}' that "
                                          "the allocation keeps for its full-capacity window parent, so it has no typed subview of it "
                                          "(and a subview of a byte-root relabel cannot be legalized)",
                                          m.name, m.offset, m.offset + m.bytes, alloc_name, pitch, root->name));
      }
    }
  }

  void note_tile(const ir::Expr& v, bool product = false) {
    auto* t = ir::type_as<ir::TileType>(v ? v->type : nullptr);
    if (!t) return;
    if (!t->memref || !t->memref->base) {
      fail(v->span, "tile '" + ir::var_name(v) + "' has no planned storage (pl.MemRef); run plan-memory first");
      return;
    }
    auto a = allocs_.find(t->memref->base.get());
    if (a == allocs_.end()) {
      fail(v->span, "tile '" + ir::var_name(v) + "' names storage '" + ir::var_name(t->memref->base) +
                        "' that is not a pl.tile.alloc at the top level of this function (an allocation inside a loop "
                        "or branch has no Buffer form)");
      return;
    }
    const AllocInfo& info = a->second;
    auto off = ir::const_int(t->memref->offset);
    auto size = ir::const_int(t->memref->size);
    auto phys = static_bytes(t->shape, t->dtype);
    const std::string who = "tile '" + ir::var_name(v) + "'";
    if (!off || !size) return fail(v->span, who + ": MemRef offset and size must be static");
    if (!phys) return fail(v->span, who + ": physical shape must be static");
    if (t->memory.value_or(ir::MemSpace::Vec) != info.space)
      return fail(v->span, who + " is in pl.Mem." + std::string(ir::name_of(t->memory.value_or(ir::MemSpace::Vec))) +
                               " but its allocation is in pl.Mem." + std::string(ir::name_of(info.space)));
    if (*off < 0) return fail(v->span, fmt::format("{}: storage offset {} is negative", who, *off));
    if (*off % 32 != 0) return fail(v->span, fmt::format("{}: storage offset {} is not 32-byte aligned", who, *off));
    if (*phys != *size)
      return fail(v->span, fmt::format("{}: physical bytes {} differ from its MemRef size {}", who, *phys, *size));
    if (*size % 32 != 0) return fail(v->span, fmt::format("{}: byte count {} is not a multiple of 32", who, *size));
    if (*size > info.capacity || *off > info.capacity - *size)  // checked: no int64 wrap for offsets near 2^63
      return fail(v->span, fmt::format("{}: window [{}, +{}) exceeds the allocation capacity {}", who, *off, *size,
                                       info.capacity));
    if (t->shape.size() == 2 && info.space == ir::MemSpace::Vec) {
      auto cols = ir::const_int(t->shape[1]);
      if (!cols || (*cols * ir::dtype_bytes(t->dtype)) % 32 != 0)
        return fail(v->span, who + ": physical rows must be 32-byte aligned");
    }
    // Boxed Vec views and static empty descriptors have no Buffer form (vec_descriptor.hpp).
    if (auto why = vec_descriptor_refusal(*t, who)) return fail(v->span, *why);
    ir::Type d = buffer_descriptor(*t);
    auto& ms = members_[t->memref->base.get()];
    for (const auto& m : ms)
      if (m.offset == *off && visit::structural_equal(m.desc, d).equal) return;
    // "Tiles that name the same storage window and differ only in valid extents share one dynamic
    // handle ... A dynamic tile must own its allocation; it cannot share a byte-view root."
    const bool dynamic = runtime_valid(*t);
    const bool any_dynamic = dynamic || std::any_of(ms.begin(), ms.end(), [](const Member& m) { return m.dynamic; });
    if (ir::Type dd = any_dynamic ? dynamic_descriptor(*t) : nullptr; dd)
      for (auto& m : ms)
        // A static member must be fully valid: the handle starts with its physical extents and
        // nothing states a static partial rectangle on it (such a pair is refused below).
        if ((dynamic || m.dynamic) && (m.dynamic || full_valid(m.desc)) && (dynamic || full_valid(d)) &&
            m.offset == *off && m.bytes == *size &&
            visit::structural_equal(m.dynamic ? m.desc : dynamic_of(m.desc), dd).equal) {
          if (!m.dynamic) {  // the first member was static: the shared handle becomes dynamic
            m.desc = dd;
            m.handle = ir::make_var(m.name + "_buf", dd, m.span);
            m.dynamic = true;
          }
          if (*off != 0 || *size != info.capacity)
            return fail(v->span, who + " has runtime valid extents but does not cover its whole allocation (a dynamic tile "
                                       "must own its allocation)");
          return;
        }
    if (dynamic && (*off != 0 || *size != info.capacity))
      return fail(v->span, who + " has runtime valid extents but does not cover its whole allocation (a dynamic tile "
                                 "must own its allocation)");
    if (!ms.empty() && (dynamic || ms.front().dynamic))
      return fail(v->span, who + " shares an allocation with a tile of another descriptor, and one of them has runtime "
                                 "valid extents (a dynamic tile must own its allocation)");
    Member m{*off, *size, d, nullptr, ir::var_name(v).empty() ? std::string("tile") : ir::var_name(v), v->span, dynamic, product};
    m.handle = ir::make_var(m.name + "_buf", d, v->span);
    ms.push_back(std::move(m));
  }

  std::unordered_set<const ir::ExprNode*> window_vars_;  // slice results and relabels of them
  std::vector<ir::Expr> parent_uses_;  // tiles a buffer.subview is cut from: slice sources, assemble results
  /// A slice, or a relabel (planning's StorageRule::Relabel, or a plain alias) of a window that the
  /// planner left in the window's storage (its MemRef is the window's; a relabel it copied has
  /// storage of its own and is an ordinary member).
  bool is_window_def(const ir::Assign& a) const {
    if (ir::is_op_call(a.value, ir::op::id("tile.slice"))) return true;
    const ir::Expr* src = nullptr;
    if (auto* c = ir::expr_as<ir::Call>(a.value); c && c->kind == ir::CallKind::Op && !c->args.empty()) {
      const planning::OpStorage* rule = planning::op_storage(c->callee);
      if (rule && rule->rule == planning::StorageRule::Relabel) src = &c->args[0];
    } else if (ir::is_var_like(a.value)) {
      src = &a.value;
    }
    if (!src || !window_vars_.count(src->get())) return false;
    auto* st = ir::type_as<ir::TileType>((*src)->type);
    auto* rt = ir::type_as<ir::TileType>(a.var->type);
    return st && rt && st->memref && rt->memref && st->memref->base == rt->memref->base &&
           visit::structural_equal(st->memref->offset, rt->memref->offset).equal &&
           visit::structural_equal(st->memref->size, rt->memref->size).equal;
  }

  /// "An accumulator whose valid rectangle is wider than the product is written through a
  /// product-shaped view of the same storage": declared here, beside the allocation, as another
  /// descriptor of the accumulator's window (named `<target>_product`).
  void note_product_view(const ir::Expr& target, const ir::Expr& value) {
    auto* c = ir::expr_as<ir::Call>(value);
    auto* t = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!c || !t || !t->memref) return;
    auto p = product_extents(*c);
    if (!p || !wider_than_product(*t, *p)) return;
    note_tile(ir::make_var(ir::var_name(target) + "_product", product_tile_type(*t, *p), target->span), true);
  }

  void collect_tiles(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* next = it.next()) {
      if (error_) return;
      const ir::Stmt& st = *next;
      ir::visit_stmt([&](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, ir::Assign>) {
          // A slice's window is defined where the slice is written, not at the allocation, "and a
          // relabel of a window is a buffer.reshape of it at the same place" ("Windows: slice and
          // assemble"): recipes/windows.hpp and storage_ops.hpp bind their handles there.
          if (is_window_def(k)) window_vars_.insert(k.var.get());
          else note_tile(k.var);
          if (auto* c = ir::expr_as<ir::Call>(k.value); c && c->kind == ir::CallKind::Op && !c->args.empty()) {
            if (ir::is_op_call(k.value, ir::op::id("tile.slice")) && !window_vars_.count(c->args[0].get()))
              parent_uses_.push_back(c->args[0]);
            else if (ir::is_op_call(k.value, ir::op::id("tile.assemble")))
              parent_uses_.push_back(k.var);
          }
          note_product_view(k.var, k.value);
        } else if constexpr (std::is_same_v<K, ir::If>) {
          collect_tiles(k.then_body);
          collect_tiles(k.else_body);
          for (const auto& r : k.return_vars) note_tile(r);
        } else if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
          for (const auto& ia : k.iter_args) note_tile(ia);
          collect_tiles(k.body);
          for (const auto& r : k.return_vars) note_tile(r);
        } else if constexpr (std::is_same_v<K, ir::Seq> || std::is_same_v<K, ir::Scope>) {
          if constexpr (std::is_same_v<K, ir::Scope>) collect_tiles(k.body);
          else for (const auto& c : k.stmts) collect_tiles(c);
        }
      }, st->kind);
    }
  }
};

}  // namespace ptorw::lowering
