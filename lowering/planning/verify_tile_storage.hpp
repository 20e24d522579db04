// VerifyTileStorage (lower_tile_to_buffer.md "Placement and API": "Storage repair and
// VerifyTileStorage precede address placement"; "The pass rechecks storage closure"). Checks a
// planned device function independently of how its MemRefs were made:
//  * allocations: `pl.tile.alloc(space, capacity[, addr=A])` only at the function head, capacity a
//    positive multiple of 32, an `addr` (when present) non-negative and 32-byte aligned;
//  * every tile definition (assignment target, iter arg, loop / If result) has a MemRef whose base is
//    an allocation of this function in the tile's memory space, with a static 32-byte aligned offset
//    and `offset + bytes <= capacity`, and bytes covering the tile's physical shape × dtype;
//  * relabels (reshape, transpose_view, set_validshape, plain aliases) and windows (tile.slice)
//    keep their source's window;
//  * a loop carry's init, iter arg, yielded value and result name one window, and so do an If result
//    and the values both arms yield; distinct carries (results) of one statement do not overlap;
//  * recip / rsqrt write a destination that does not overlap their operand.
// Tile parameters are refused (a device function's tiles are its own storage).
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering::planning {

struct AllocFact {
  ir::Expr var;
  ir::MemSpace space = ir::MemSpace::Vec;
  std::int64_t capacity = 0;
  std::optional<std::int64_t> addr;
  ir::Span span;
  const ir::StmtNode* stmt = nullptr;
};

struct PlannedAllocs {
  std::vector<AllocFact> list;
  std::unordered_map<const ir::ExprNode*, std::size_t> index;
  const AllocFact* find(const ir::Expr& base) const {
    auto it = index.find(base.get());
    return it == index.end() ? nullptr : &list[it->second];
  }
};

inline bool is_alloc_call(const ir::Expr& e) { return ir::is_op_call(e, ir::op::id("tile.alloc")); }

/// Whether `f` already carries planned storage (a tile.alloc, or a MemRef on a tile definition).
inline bool is_planned(const ir::Function& f) {
  bool planned = false;
  if (!f.body) return false;
  visit::walk_all(
      f.body,
      [&](const ir::Stmt& s) {
        if (auto* a = ir::stmt_as<ir::Assign>(s)) {
          if (is_alloc_call(a->value)) planned = true;
          if (auto* t = ir::type_as<ir::TileType>(a->var->type); t && t->memref) planned = true;
        }
      },
      [&](const ir::Expr& e) {
        if (auto* t = ir::type_as<ir::TileType>(e->type); t && t->memref && ir::is_var_like(e)) planned = true;
      });
  return planned;
}

/// A static MemRef window: base node, byte offset, bytes.
struct Window {
  const ir::ExprNode* base = nullptr;
  std::int64_t offset = 0, bytes = 0;
  bool operator==(const Window&) const = default;
  bool overlaps(const Window& o) const {
    return base == o.base && offset < o.offset + o.bytes && o.offset < offset + bytes;
  }
};

class TileStorageVerifier {
 public:
  TileStorageVerifier(const ir::Function& f, std::string file) : f_(f), file_(std::move(file)) {}

  Diagnostics run() {
    for (const auto& p : f_.params)
      if (ir::type_as<ir::TileType>(p.var->type))
        error(p.var->span, "tile parameter '" + ir::var_name(p.var) + "' has no storage of this function");
    head();
    body(f_.body, true);
    return std::move(ds_);
  }
  const PlannedAllocs& allocs() const { return allocs_; }

 private:
  const ir::Function& f_;
  std::string file_;
  Diagnostics ds_;
  PlannedAllocs allocs_;
  std::unordered_map<const ir::ExprNode*, Window> windows_;

  void error(ir::Span sp, std::string m) {
    ds_.push_back(Diagnostic{file_, sp, Severity::Error, "VerifyTileStorage: " + std::move(m)});
  }

  void head() {
    visit::FlatStmts it(f_.body);
    while (const ir::Stmt* s = it.next()) {
      auto* a = ir::stmt_as<ir::Assign>(*s);
      if (!a || !is_alloc_call(a->value)) break;
      auto& c = std::get<ir::Call>(a->value->kind);
      AllocFact fact{a->var, ir::MemSpace::Vec, 0, std::nullopt, (*s)->span, s->get()};
      auto space = ir::kwarg_as<ir::MemSpace>(c.kwargs, "memory_space");
      auto cap = c.args.empty() ? std::nullopt : ir::const_int(c.args[0]);
      if (!space || !cap || *cap <= 0 || *cap % kAlign != 0) {
        error((*s)->span, "tile.alloc '" + ir::var_name(a->var) + "' needs a memory space and a static capacity that is a positive multiple of 32 bytes");
        continue;
      }
      fact.space = *space;
      fact.capacity = *cap;
      if (const ir::AttrValue* v = ir::find_kwarg(c.kwargs, "addr")) {
        const std::int64_t* addr = std::get_if<std::int64_t>(v);
        if (!addr || *addr < 0 || *addr % kAlign != 0) {
          error((*s)->span, "tile.alloc '" + ir::var_name(a->var) + "' addr must be a non-negative multiple of 32");
          continue;
        }
        fact.addr = *addr;
      }
      allocs_.index[a->var.get()] = allocs_.list.size();
      allocs_.list.push_back(std::move(fact));
    }
  }

  /// The window of a tile definition, checked against its allocation.
  std::optional<Window> window(const ir::Expr& v, ir::Span sp) {
    auto* t = ir::type_as<ir::TileType>(v->type);
    if (!t) return std::nullopt;
    std::string name = "'" + ir::var_name(v) + "'";
    if (!t->memref) {
      error(sp, "tile " + name + " has no MemRef (run init-memref)");
      return std::nullopt;
    }
    const ir::MemRef& m = *t->memref;
    const AllocFact* a = m.base ? allocs_.find(m.base) : nullptr;
    if (!a) {
      error(sp, "the MemRef base of tile " + name + " is not a tile.alloc at the head of '" + f_.name + "'");
      return std::nullopt;
    }
    auto off = ir::const_int(m.offset), bytes = ir::const_int(m.size);
    if (!off || !bytes) {
      error(sp, "the MemRef of tile " + name + " needs a static byte offset and size");
      return std::nullopt;
    }
    bool ok = true;
    if (a->space != space_of(*t)) {
      error(sp, "tile " + name + " in " + std::string(ir::name_of(space_of(*t))) + " uses storage '" +
                    ir::var_name(a->var) + "' allocated in " + std::string(ir::name_of(a->space)));
      ok = false;
    }
    if (*off < 0 || *off % kAlign != 0) {
      error(sp, "the MemRef offset of tile " + name + " (" + std::to_string(*off) + ") is not a non-negative multiple of 32");
      ok = false;
    }
    auto need = tile_bytes(*t);
    if (!need || *bytes < *need) {
      error(sp, "the MemRef of tile " + name + " has " + std::to_string(*bytes) + " bytes, less than the tile's " +
                    (need ? std::to_string(*need) : std::string("(non-static)")) + " bytes");
      ok = false;
    }
    std::int64_t end = 0;  // without wrapping: an offset near INT64_MAX is refused, not undefined
    if (__builtin_add_overflow(*off, *bytes, &end) || end > a->capacity) {
      error(sp, "the MemRef of tile " + name + " ends at byte " +
                    (end >= *off ? std::to_string(end) : std::string("past 2^63")) + ", past the capacity " +
                    std::to_string(a->capacity) + " of '" + ir::var_name(a->var) + "'");
      ok = false;
    }
    if (!ok) return std::nullopt;
    Window w{m.base.get(), *off, *bytes};
    windows_[v.get()] = w;
    return w;
  }
  std::unordered_set<const ir::ExprNode*> slices_;  // slice windows and the relabels that keep them
  std::optional<Window> window_of_use(const ir::Expr& v) const {
    auto it = windows_.find(v.get());
    if (it == windows_.end()) return std::nullopt;
    return it->second;
  }

  void same(const ir::Expr& a, const ir::Expr& b, ir::Span sp, const std::string& what) {
    auto x = window_of_use(a), y = window_of_use(b);
    if (x && y && !(*x == *y))
      error(sp, what + ": '" + ir::var_name(a) + "' and '" + ir::var_name(b) + "' must name one storage window");
  }
  void distinct(const std::vector<ir::Expr>& vs, ir::Span sp, const std::string& what) {
    for (std::size_t i = 0; i < vs.size(); ++i)
      for (std::size_t j = i + 1; j < vs.size(); ++j) {
        auto x = window_of_use(vs[i]), y = window_of_use(vs[j]);
        if (x && y && x->overlaps(*y))
          error(sp, what + " '" + ir::var_name(vs[i]) + "' and '" + ir::var_name(vs[j]) + "' overlap in storage");
      }
  }


  void body(const ir::Stmt& b, bool top) {
    visit::FlatStmts it(b);
    bool in_head = top;
    while (const ir::Stmt* s = it.next()) {
      auto* a = ir::stmt_as<ir::Assign>(*s);
      if (in_head && a && is_alloc_call(a->value)) continue;
      in_head = false;
      stmt(*s);
    }
  }

  void no_alloc_in(const ir::Expr& e, ir::Span sp) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (is_alloc_call(x)) error(sp, "tile.alloc must be hoisted to the head of '" + f_.name + "'");
    });
  }

  void stmt(const ir::Stmt& s) {
    ir::Span sp = s->span;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      no_alloc_in(a->value, sp);
      auto w = window(a->var, sp);
      auto* call = ir::expr_as<ir::Call>(a->value);
      const OpStorage* rule = call && call->kind == ir::CallKind::Op ? op_storage(call->callee) : nullptr;
      // A window (tile.slice) is named by its source's whole window, like a relabel; so is an
      // in-place accumulation (matmul_acc) by its accumulator's.
      bool relabel = (rule && (rule->rule == StorageRule::Relabel || rule->rule == StorageRule::Window ||
                               rule->rule == StorageRule::Accumulate)) ||
                     (!call && ir::is_var_like(a->value) && ir::type_as<ir::TileType>(a->value->type));
      if (w && relabel) {
        const ir::Expr& src = call ? call->args.at(0) : a->value;
        auto sw = window_of_use(src);
        // A reshape of a slice window whose bytes are not contiguous (a strided window), and a
        // row-major transpose_view of one, are planned as copies into storage of their own
        // (storage_classes.hpp `window_relabel`): they must not overlap the window they read.
        const bool copy_of_window =
            call && slices_.count(src.get()) &&
            (ir::op_id(call->callee) == ir::op::id("tile.reshape") || ir::op_id(call->callee) == ir::op::id("tile.transpose_view"));
        if (sw && !(*sw == *w) && !copy_of_window)
          error(sp, "'" + ir::var_name(a->var) + "' relabels '" + ir::var_name(src) + "' and must keep its storage window");
        if (sw && !(*sw == *w) && copy_of_window && sw->overlaps(*w))
          error(sp, "'" + ir::var_name(a->var) + "' copies the slice window '" + ir::var_name(src) +
                        "' into storage that overlaps it");
        if (sw && *sw == *w && slices_.count(src.get())) slices_.insert(a->var.get());
      }
      if (call && ir::op_id(call->callee) == ir::op::id("tile.slice")) slices_.insert(a->var.get());
      if (w && rule && rule->rule == StorageRule::New && !rule->in_place_ok) {
        for (const auto& arg : call->args)
          if (auto ow = window_of_use(arg); ow && ow->overlaps(*w))
            error(sp, call->callee + " needs a destination distinct from its operand: '" + ir::var_name(a->var) +
                          "' overlaps '" + ir::var_name(arg) + "'");
      }
      return;
    }
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return no_alloc_in(e->value, sp);
    if (ir::stmt_as<ir::Return>(s) || ir::stmt_as<ir::Yield>(s)) return;
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return body(sc->body, false);
    if (auto* f = ir::stmt_as<ir::For>(s)) return loop(s, f->iter_args, f->body, f->return_vars);
    if (auto* w = ir::stmt_as<ir::While>(s)) return loop(s, w->iter_args, w->body, w->return_vars);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      body(i->then_body, false);
      body(i->else_body, false);
      std::vector<ir::Expr> tiles;
      const ir::Yield* ys[2] = {visit::final_yield(i->then_body), visit::final_yield(i->else_body)};
      for (std::size_t k = 0; k < i->return_vars.size(); ++k) {
        const ir::Expr& r = i->return_vars[k];
        if (!ir::type_as<ir::TileType>(r->type)) continue;
        if (!window(r, sp)) continue;
        tiles.push_back(r);
        for (const ir::Yield* y : ys)
          if (y && k < y->values.size()) same(r, y->values[k], sp, "if result");
      }
      distinct(tiles, sp, "if results");
    }
  }

  void loop(const ir::Stmt& s, const std::vector<ir::Expr>& iter_args, const ir::Stmt& b,
            const std::vector<ir::Expr>& results) {
    ir::Span sp = s->span;
    std::vector<ir::Expr> tiles;
    for (const auto& ia : iter_args) {
      if (!ir::type_as<ir::TileType>(ia->type)) continue;
      if (!window(ia, sp)) continue;
      tiles.push_back(ia);
      same(ia, ir::expr_as<ir::IterArg>(ia)->init, sp, "loop carry init");
    }
    distinct(tiles, sp, "loop carries");
    body(b, false);
    const ir::Yield* y = visit::final_yield(b);
    for (std::size_t k = 0; k < iter_args.size(); ++k) {
      if (!ir::type_as<ir::TileType>(iter_args[k]->type)) continue;
      if (y && k < y->values.size()) same(iter_args[k], y->values[k], sp, "loop carry yield");
      if (k < results.size() && window(results[k], sp)) same(iter_args[k], results[k], sp, "loop carry result");
    }
  }
};

/// VerifyTileStorage of one device function.
inline Diagnostics verify_tile_storage(const ir::Function& f, const std::string& file) {
  return TileStorageVerifier(f, file).run();
}

}  // namespace ptorw::lowering::planning
