// InitMemRef's analysis (lower_tile_to_buffer.md "Placement and API": "Storage repair and
// VerifyTileStorage precede address placement"; issue 6 "Planned Tile input"): which tile values
// share one storage, and where storage legalization must insert copies.
//
// Storage identity. Each tile definition is a node of a union-find. New-storage ops (storage_rules.hpp)
// start a class; relabels (reshape, transpose_view, set_validshape, a plain alias) join their
// source's class. Loop carries (init, iter arg, yielded value, result) and If results (with the
// value each arm yields) must end in one class: where joining them is not safe, a copy is planned.
//
// Positions. Statements are numbered in text order; a loop reserves one slot per tile carry before
// it (entry copies), a yield reserves two per carry before it (snapshots, then copies), so planned
// copies have positions too. A use inside loop L of a value defined before L counts at L's end
// (it is read again in every iteration).
//
// Decisions, innermost statement first (post-order), per tile carry i of loop K:
//  * yield: nothing when the yielded value is already in the iter arg's class; join the yielded
//    value's class to the carry when every member of it is defined inside K's body, no other carry
//    claimed it, and the iter arg's class is not read (nor relabelled: a view of overwritten storage
//    would name the wrong value) at or after any write of that class (except as a direct operand of
//    that write when the op may run in place, not recip; every write is asked, not only the first:
//    with If arms unordered, a read in one arm can follow that arm's write but not the other's);
//    otherwise copy it at the end of the body. A copy whose source is the storage of another carry
//    that is itself overwritten by a copy reads a snapshot taken before any copy (spec: snapshot
//    copies for overlapping parallel moves; `yield (b, a)` must not clobber).
//  * entry: take the init's storage over when every member of its class is defined in the region
//    that holds K (not in an enclosing loop) and nothing reads that class after K starts except this
//    init; otherwise copy the init before the loop, so zero iterations preserve the initial value.
// Per If result: when both arms yield the one class (an accumulator updated in place in one arm and
// passed through, or updated, in the other) and nothing reads that class after the If, the result
// joins it in both arms. Otherwise, per arm: join the yielded value's class when all its members are
// defined inside that arm and no other result of the arm claimed it; else copy at the end of the arm.
// Positions in the two arms of one If are never ordered: a read in one arm is not "after" a write
// in the other (`exclusive_arms`).
// These rules are conservative: a copy is planned whenever sharing is not obviously safe.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/op_infer.hpp"
#include "ptorw/ir/tile_layout.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/planning/window_spans.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering::planning {

/// A planning refusal (the lowering stages' one error type, ir/diagnostic.hpp).
using PlanError = StageError;

enum class YieldPlan : std::uint8_t { Identity, Join, Copy, SnapshotCopy };
enum class EntryPlan : std::uint8_t { TakeOver, Copy };

/// One tile carry of a loop, or one tile result of an If (then `arm_y` are the two arms' values).
struct CarryPlan {
  int index = 0;             // position among the statement's iter args / return vars
  int slot = 0;              // position among its tile carries (reserved copy positions)
  int iter_arg = -1;         // node ids (loops)
  int init = -1;
  int result = -1;
  int yielded[2] = {-1, -1};  // loop: [0]; If: [then, else]
  YieldPlan yield_plan[2] = {YieldPlan::Identity, YieldPlan::Identity};
  EntryPlan entry_plan = EntryPlan::TakeOver;
  int entry_id = -1, copy_id[2] = {-1, -1}, snap_id = -1;  // virtual nodes of planned copies
};

struct CompoundPlan {
  const ir::StmtNode* stmt = nullptr;
  bool is_if = false;
  int start = 0, end = 0, then_end = 0;
  int loop = -1;     // index in StorageClasses::loops (loops)
  int region = -1;   // the region holding the statement
  int entry_base = 0;             // loops: reserved positions of entry copies
  int yield_base[2] = {0, 0};     // reserved positions before the yield(s): snapshots then copies
  std::vector<CarryPlan> carries;
};

class StorageClasses {
 public:
  struct Node {
    ir::Expr var;  // null for a planned copy
    const ir::TileType* type = nullptr;
    int def_pos = 0;
    ir::Span span;
    std::int64_t bytes = 0;
    bool window = false;  // a tile.slice result, or a relabel of one: a window of its source's storage
    int window_of = -1;                // a window: the node it was cut from (a relabel: its source)
    const ir::Call* slice = nullptr;   // a window: its tile.slice (rebuilt over a snapshot); null for a relabel
    bool alias = false;                // a plain alias `a = w` of a window: the same bytes and type (nothing to rebuild)
  };
  struct Use {
    int pos = 0;
    int loop = -1;          // innermost loop holding the use
    bool relabel = false;   // operand of a relabel: makes a member (still counted as a use)
    int in_place_def = -1;  // operand of an in-place-capable write at this position
    int init_of = -1, carry = -1;  // an init use (compound index, carry index), resolved by its entry decision
  };
  struct Loop { int start = 0, end = 0, parent = -1; };
  struct Region { int start = 0, end = 0; };

  std::vector<Node> nodes;
  std::vector<std::vector<Use>> uses;  // per node
  std::vector<Loop> loops;
  std::vector<Region> regions;
  std::vector<CompoundPlan> compounds;  // post-order
  std::vector<PlanError> errors;
  std::unordered_map<const ir::ExprNode*, int> id_of;

  /// Walks `f`'s body and decides every carry. Errors (unsupported forms) land in `errors`.
  void analyse(const ir::Function& f) {
    regions.push_back({next_++, 0});
    body(f.body, 0, nullptr);
    regions[0].end = next_++;
    if (errors.empty()) decide_assembles();
    for (std::size_t c = 0; c < compounds.size() && errors.empty(); ++c) decide(static_cast<int>(c));
    if (errors.empty()) check_accumulates();
  }
  /// An in-place write (StorageRule::Accumulate) at `pos` of `result` into `acc`'s storage.
  struct Accumulation { int pos = 0, acc = -1, result = -1; ir::Span span; };
  std::vector<Accumulation> accumulates;
  /// A tile.assemble at `pos` (its snapshot slot is `pos - 1`), in text order.
  struct Assembly {
    int pos = 0, loop = -1, target = -1, source = -1, result = -1;
    ir::Span span;
    WindowRelation relation = WindowRelation::Unproven;  // source vs destination window (same storage only)
    bool same_storage = false;  // the source is stored in the target's class
    std::size_t source_use = 0;  // index of the source's use at `pos` in uses[source]
    bool in_place = false;       // the result shares the target's storage
    int snapshot = -1;           // in place over an unproven source: the copy of its full typed parent
    std::vector<int> rebuilt;    // the source's windows cut again from the snapshot (outermost first)
  };
  std::vector<Assembly> assembles;
  /// The assemble whose result is node `id`, or null.
  const Assembly* assembly_of(int id) const {
    for (const auto& a : assembles)
      if (a.result == id) return &a;
    return nullptr;
  }

  int find(int x) {
    while (parent_[static_cast<std::size_t>(x)] != x) x = parent_[static_cast<std::size_t>(x)] = parent_[static_cast<std::size_t>(parent_[static_cast<std::size_t>(x)])];
    return x;
  }
  const std::vector<int>& members(int root) const { return members_[static_cast<std::size_t>(root)]; }
  int first_def(int root) const { return lo_[static_cast<std::size_t>(root)]; }

 private:
  int next_ = 0;
  std::vector<int> loop_stack_;
  std::vector<int> parent_, lo_, hi_;
  std::vector<std::vector<int>> members_;

  struct YieldSite {
    const ir::Yield* yield = nullptr;
    int pos = 0;
  };

  void error(ir::Span sp, std::string m) { errors.push_back({sp, std::move(m)}); }
  bool is_window(int id) const { return id >= 0 && nodes[static_cast<std::size_t>(id)].window; }

  int new_node(ir::Expr var, const ir::TileType* t, int pos, ir::Span sp, std::int64_t bytes) {
    int id = static_cast<int>(nodes.size());
    nodes.push_back({var, t, pos, sp, bytes});
    uses.emplace_back();
    parent_.push_back(id);
    lo_.push_back(pos);
    hi_.push_back(pos);
    members_.push_back({id});
    if (var) id_of[var.get()] = id;
    return id;
  }
  int node_of(const ir::Expr& v) const {
    auto it = id_of.find(v.get());
    return it == id_of.end() ? -1 : it->second;
  }
  void unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (members_[static_cast<std::size_t>(a)].size() < members_[static_cast<std::size_t>(b)].size()) std::swap(a, b);
    parent_[static_cast<std::size_t>(b)] = a;
    auto& ma = members_[static_cast<std::size_t>(a)];
    auto& mb = members_[static_cast<std::size_t>(b)];
    ma.insert(ma.end(), mb.begin(), mb.end());
    mb.clear();
    lo_[static_cast<std::size_t>(a)] = std::min(lo_[static_cast<std::size_t>(a)], lo_[static_cast<std::size_t>(b)]);
    hi_[static_cast<std::size_t>(a)] = std::max(hi_[static_cast<std::size_t>(a)], hi_[static_cast<std::size_t>(b)]);
  }

  /// A new node for a tile definition; nullopt-bytes shapes are refused.
  int define(const ir::Expr& var, int pos, ir::Span sp) {
    auto* t = ir::type_as<ir::TileType>(var->type);
    auto bytes = tile_bytes(*t);
    if (!bytes || *bytes == 0) {
      error(sp, "tile '" + ir::var_name(var) + "' needs a static, non-empty physical shape to be planned");
      return new_node(var, t, pos, sp, 0);
    }
    // A matrix tile's storage is whole fractal boxes (ir::not_whole_boxes): one that is not has no
    // planned form (the planned program could not run, and its PTO descriptor would be invalid),
    // so the kernel keeps its unplanned Tile form.
    const ir::MemSpace space = t->memory.value_or(ir::MemSpace::Vec);
    if (auto layout = ir::is_matrix_space(space) ? ir::resolve_layout(space, t->view) : std::nullopt;
        layout && layout->blayout != ir::TileLayout::none_box && t->shape.size() == 2)
      if (auto why = ir::not_whole_boxes(layout, *t)) error(sp, "tile '" + ir::var_name(var) + "'" + *why);
    return new_node(var, t, pos, sp, *bytes);
  }

  int innermost_loop() const { return loop_stack_.empty() ? -1 : loop_stack_.back(); }

  /// Records every tile-variable use under `e`.
  void uses_in(const ir::Expr& e, int pos, int in_place_def = -1) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (!ir::is_var_like(x) || !ir::type_as<ir::TileType>(x->type)) return;
      int id = node_of(x);
      if (id < 0) return;  // a variable of another function scope cannot occur; ignore
      uses[static_cast<std::size_t>(id)].push_back(Use{pos, innermost_loop(), false, in_place_def, -1, -1});
    });
  }

  void body(const ir::Stmt& b, int region, YieldSite* ys, int reserve = 0) {
    visit::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) stmt(*s, region, ys, reserve);
  }

  void stmt(const ir::Stmt& s, int region, YieldSite* ys, int reserve) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return assign(*a, s->span);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      if (auto* c = ir::expr_as<ir::Call>(e->value); c && ir::type_as<ir::TileType>(e->value->type))
        return error(s->span, "the tile result of " + c->callee + " is not assigned (a standalone tile op is not planned; "
                                                                    "standalone setters retain Tile IR)");
      return uses_in(e->value, next_++);
    }
    if (auto* r = ir::stmt_as<ir::Return>(s)) {
      int pos = next_++;
      for (const auto& v : r->values) uses_in(v, pos);
      return;
    }
    if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      next_ += 2 * reserve;
      int pos = next_++;
      for (const auto& v : y->values) uses_in(v, pos);
      if (ys) *ys = {y, pos};
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return body(sc->body, region, ys, reserve);
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      for (const auto& e : {f->start, f->stop, f->step}) uses_in(e, next_);
      return loop(s, f->iter_args, nullptr, f->body, f->return_vars, region);
    }
    if (auto* w = ir::stmt_as<ir::While>(s)) return loop(s, w->iter_args, &w->cond, w->body, w->return_vars, region);
    if (auto* i = ir::stmt_as<ir::If>(s)) return if_stmt(s, *i, region);
    error(s->span, "unsupported statement in a device function");
  }

  void assign(const ir::Assign& a, ir::Span sp) {
    auto* call = ir::expr_as<ir::Call>(a.value);
    const bool assemble = call && call->kind == ir::CallKind::Op && ir::op_id(call->callee) == ir::op::id("tile.assemble");
    if (assemble) ++next_;  // the slot of a snapshot copy of an overlapping source (decide_assembles)
    int pos = next_++;
    const ir::Type& t = a.var->type;
    if (ir::type_as<ir::PtrType>(t) || (call && ir::op_id(call->callee) == ir::op::id("tile.alloc"))) {
      error(sp, "tile.alloc in a function being planned: a function is either fully planned or not at all");
      return;
    }
    if (auto* tt = ir::type_as<ir::TupleType>(t)) {
      for (const auto& e : tt->elems)
        if (ir::type_as<ir::TileType>(e)) return error(sp, "tile values inside tuples are not planned");
    }
    if (!ir::type_as<ir::TileType>(t)) return uses_in(a.value, pos);
    // A tile definition: how is the result stored?
    const OpStorage* rule = nullptr;
    ir::Expr source;  // relabel source
    if (call && call->kind == ir::CallKind::Op) {
      rule = op_storage(call->callee);
      if (!rule) return error(sp, "no storage rule for '" + call->callee + "' (a tile-producing op InitMemRef does not know)");
      if (rule->rule == StorageRule::Refused) return error(sp, std::string(rule->refusal));
      if (rule->rule == StorageRule::Window && ir::kwarg_as<bool>(call->kwargs, "clamp").value_or(false))
        return error(sp, "tile.slice with clamp=True pads past its source and is not planned yet (a window cannot)");
      // pad_value fills the result outside its valid region (docs/semantics.md, Tiles): a window
      // cannot hold the pad without writing it into its source, and planned as a window the
      // padding read the source's data instead (review rev41b F3).
      if (rule->rule == StorageRule::Window && ir::infer::slice_pads(call->kwargs))
        return error(sp, "tile.slice with pad_value fills its padding and is not planned yet (a window cannot)");
      // A window is a byte range of its source's storage. Mat, Left, Right and Acc tiles are laid
      // out in fractal boxes, where a sub-rectangle is in general not one range (rows 16..31 of an
      // NZ [32, 32] accumulator are two boxes apart), so the window would alias the wrong bytes
      // (review rev17: the planned kernel failed where its input ran). Fail closed: such a kernel
      // is not planned (tile.extract is the cube path's window, lower_tile_to_buffer.md).
      if (rule->rule == StorageRule::Window)
        if (auto* st = ir::type_as<ir::TileType>(call->args.at(0)->type);
            st && st->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec)
          return error(sp, "tile.slice of a pl.Mem." + std::string(ir::name_of(*st->memory)) +
                               " tile is not planned: its fractal boxes make a window more than one byte range "
                               "(tile.extract takes a window of a pl.Mem.Mat tile)");
      if (rule->rule == StorageRule::Relabel || rule->rule == StorageRule::Window || rule->rule == StorageRule::Accumulate)
        source = call->args.at(0);
      if (rule->rule == StorageRule::Assemble) return assemble_def(a, *call, pos, sp);
    } else if (ir::is_var_like(a.value) && ir::type_as<ir::TileType>(a.value->type)) {
      source = a.value;  // `x = y`: a plain alias is a relabel
    } else {
      return error(sp, "a tile must be defined by a tile op (calls of user functions returning tiles are not planned)");
    }
    // Uses of the value's operands.
    for (std::size_t k = 0; call && k < call->args.size(); ++k) {
      const ir::Expr& arg = call->args[k];
      if (ir::is_var_like(arg) && ir::type_as<ir::TileType>(arg->type)) {
        int id = node_of(arg);
        if (id < 0) continue;
        bool rel = rule && (rule->rule == StorageRule::Relabel || rule->rule == StorageRule::Window) && k == 0;
        // "Arithmetic destinations cannot reuse the storage family of a window they read": an
        // operand that is a window never offers its storage to the result.
        const bool in_place = rule && rule->in_place_ok && !nodes[static_cast<std::size_t>(id)].window;
        uses[static_cast<std::size_t>(id)].push_back(Use{pos, innermost_loop(), rel, in_place ? pos : -1, -1, -1});
      } else {
        uses_in(arg, pos);
      }
    }
    if (!call) {
      int id = node_of(source);
      if (id >= 0) uses[static_cast<std::size_t>(id)].push_back(Use{pos, innermost_loop(), true, -1, -1, -1});
    }
    int me = define(a.var, pos, sp);
    if (source) {
      int src = node_of(source);
      if (src < 0) return error(sp, "the source of '" + ir::var_name(a.var) + "' is not a planned tile");
      if (rule && rule->rule == StorageRule::Window) {
        // The window's MemRef is its source's whole window (a runtime offset can reach any of it).
        if (space_of(*nodes[static_cast<std::size_t>(src)].type) != space_of(*nodes[static_cast<std::size_t>(me)].type))
          return error(sp, "'" + ir::var_name(a.var) + "' is a window in another memory space than its source");
        nodes[static_cast<std::size_t>(me)].bytes = nodes[static_cast<std::size_t>(src)].bytes;
        nodes[static_cast<std::size_t>(me)].window = true;
        nodes[static_cast<std::size_t>(me)].window_of = src;
        nodes[static_cast<std::size_t>(me)].slice = call;
        unite(src, me);
        return;
      }
      if (nodes[static_cast<std::size_t>(src)].window) return window_relabel(a, source, src, me, rule, sp);
      if (nodes[static_cast<std::size_t>(src)].bytes != nodes[static_cast<std::size_t>(me)].bytes)
        return error(sp, "'" + ir::var_name(a.var) + "' relabels a tile of " +
                             std::to_string(nodes[static_cast<std::size_t>(src)].bytes) + " bytes as " +
                             std::to_string(nodes[static_cast<std::size_t>(me)].bytes) +
                             " bytes (reshape must preserve physical bytes)");
      if (space_of(*nodes[static_cast<std::size_t>(src)].type) != space_of(*nodes[static_cast<std::size_t>(me)].type))
        return error(sp, "'" + ir::var_name(a.var) + "' relabels a tile into another memory space");
      unite(src, me);
      if (rule && rule->rule == StorageRule::Accumulate) accumulates.push_back({pos, src, me, sp});
    }
  }

  /// Whether the window `id` is dense bytes: one row, or whole rows of the storage it was cut from
  /// (its row bytes equal the inherited row pitch: the row of the nearest tile up its slice chain
  /// that is not itself a slice, i.e. the root or a relabel, which is dense by construction).
  bool dense_window(int id) const {
    const Node& w = nodes[static_cast<std::size_t>(id)];
    if (!w.slice) return true;  // a relabel of a window: planned only when dense
    int cur = id;
    while (nodes[static_cast<std::size_t>(cur)].window && nodes[static_cast<std::size_t>(cur)].slice)
      cur = nodes[static_cast<std::size_t>(cur)].window_of;
    const ir::TileType& root = *nodes[static_cast<std::size_t>(cur)].type;
    auto rows = dim(*w.type, 0), cols = dim(*w.type, 1), pcols = dim(root, 1);
    if (!rows || !cols || !pcols) return false;
    return *rows == 1 || *cols * ir::dtype_bytes(w.type->dtype) == *pcols * ir::dtype_bytes(root.dtype);
  }

  /// `me` relabels the window `src` ("a relabel of a window is a buffer.reshape of it at the same
  /// place", "Windows: slice and assemble"): a window itself, named by its source's whole window,
  /// whose typed bytes equal the window's ("Reshape and reinterpret preserve equal physical bytes"
  /// and "require dense source row pitch"). A relabel of a strided window reads bytes that are not
  /// contiguous: it gets storage of its own (the Tile pipeline copies; "strided relabels ...
  /// remain Tile", recipes/windows.hpp).
  void window_relabel(const ir::Assign& a, const ir::Expr& source, int src, int me, const OpStorage* rule, ir::Span sp) {
    if (rule && rule->rule == StorageRule::Accumulate)
      return error(sp, "'" + ir::var_name(a.var) + "' accumulates into the slice window '" + ir::var_name(source) + "'");
    Node& n = nodes[static_cast<std::size_t>(me)];
    const Node& w = nodes[static_cast<std::size_t>(src)];
    if (space_of(*w.type) != ir::MemSpace::Vec)
      return error(sp, "'" + ir::var_name(a.var) + "' relabels the matrix-space window '" + ir::var_name(source) +
                           "': a relabel of a matrix window is not planned");
    // Views of the window's bytes: a plain alias, set_validshape, the reshape of a dense window.
    // A reshape of a strided window, and a row-major transpose_view (which moves data), are copies
    // into storage of their own.
    auto* call = ir::expr_as<ir::Call>(a.value);
    const ir::OpId op = call ? ir::op_id(call->callee) : ir::OpId{};
    if (call && (op == ir::op::id("tile.transpose_view") || (op == ir::op::id("tile.reshape") && !dense_window(src)))) return;
    if (tile_bytes(*w.type) != tile_bytes(*n.type))
      return error(sp, "'" + ir::var_name(a.var) + "' relabels the slice window '" + ir::var_name(source) +
                           "' with another byte count (reshape must preserve physical bytes)");
    if (space_of(*w.type) != space_of(*n.type))
      return error(sp, "'" + ir::var_name(a.var) + "' relabels a window into another memory space");
    n.bytes = w.bytes;  // named by the source's whole window, as the window is
    n.window = true;
    n.window_of = src;
    n.alias = ir::is_var_like(a.value);  // "ordinary aliases": a name of the window itself
    unite(src, me);
  }

  int tile_operand(const ir::Expr& e) const {
    return ir::is_var_like(e) && ir::type_as<ir::TileType>(e->type) ? node_of(e) : -1;
  }
  static std::optional<std::int64_t> dim(const ir::TileType& t, std::size_t i) {
    return t.shape.size() == 2 ? ir::const_int(t.shape[i]) : std::nullopt;
  }
  /// Where node `id`'s bytes lie in its storage: a window's static offsets summed up its slice
  /// chain, with the row pitch of the full tile it was cut from ("inherited row pitch"). Nullopt
  /// when an offset is not a constant ("a static child never makes its dynamic parent's storage
  /// range precise") or a shape is not static rank 2.
  std::optional<WindowSpan> storage_span(int id) const {
    const ir::TileType& t = *nodes[static_cast<std::size_t>(id)].type;
    std::int64_t row = 0, col = 0;
    int cur = id;
    while (nodes[static_cast<std::size_t>(cur)].window) {
      const Node& w = nodes[static_cast<std::size_t>(cur)];
      auto* offs = w.slice && w.slice->args.size() > 2 ? ir::expr_as<ir::MakeTuple>(w.slice->args[2]) : nullptr;
      if (!offs || offs->elems.size() != 2) return std::nullopt;
      auto r = ir::const_int(offs->elems[0]), c = ir::const_int(offs->elems[1]);
      if (!r || !c || __builtin_add_overflow(row, *r, &row) || __builtin_add_overflow(col, *c, &col)) return std::nullopt;
      cur = w.window_of;
    }
    const ir::TileType& root = *nodes[static_cast<std::size_t>(cur)].type;
    auto cols = dim(root, 1), rows = dim(t, 0), wcols = dim(t, 1);
    std::int64_t pitch = 0;
    if (!cols || !rows || !wcols || __builtin_mul_overflow(*cols, ir::dtype_bytes(root.dtype), &pitch)) return std::nullopt;
    return window_span(pitch, ir::dtype_bytes(t.dtype), row, col, *rows, *wcols);
  }
  /// The window of the target's storage an assemble writes: the source's shape at the offsets,
  /// with the target's row pitch (the target is not a window: it starts at origin 0).
  std::optional<WindowSpan> destination_span(int target, int source, const ir::Call& call) const {
    const ir::TileType& t = *nodes[static_cast<std::size_t>(target)].type;
    const ir::TileType& s = *nodes[static_cast<std::size_t>(source)].type;
    auto* offs = ir::expr_as<ir::MakeTuple>(call.args[2]);
    if (!offs || offs->elems.size() != 2) return std::nullopt;
    auto r = ir::const_int(offs->elems[0]), c = ir::const_int(offs->elems[1]);
    auto cols = dim(t, 1), rows = dim(s, 0), wcols = dim(s, 1);
    std::int64_t pitch = 0;
    if (!r || !c || !cols || !rows || !wcols || __builtin_mul_overflow(*cols, ir::dtype_bytes(t.dtype), &pitch))
      return std::nullopt;
    return window_span(pitch, ir::dtype_bytes(s.dtype), *r, *c, *rows, *wcols);
  }

  /// `r = tile.assemble(target, source, offsets)` (StorageRule::Assemble): the result is a new
  /// node; whether it takes the target's storage over is decided after the walk, when every later
  /// read is known (decide_assembles). The target's read may run in place; so may the source's
  /// when it lies in the target's storage as exactly the destination window or provably disjoint
  /// from it.
  void assemble_def(const ir::Assign& a, const ir::Call& call, int pos, ir::Span sp) {
    if (call.args.size() < 3) return error(sp, "tile.assemble needs a target, a source and an offset");
    const int target = tile_operand(call.args[0]), source = tile_operand(call.args[1]);
    if (target < 0 || source < 0) return error(sp, "the target and source of tile.assemble must be planned tile variables");
    uses_in(call.args[2], pos);
    if (is_window(target))
      return error(sp, "tile.assemble into the slice window '" + ir::var_name(call.args[0]) +
                           "' is not planned (an assemble into a window target retains Tile IR)");
    Assembly as;
    as.pos = pos;
    as.loop = innermost_loop();
    as.target = target;
    as.source = source;
    as.span = sp;
    as.same_storage = find(source) == find(target);
    if (as.same_storage) as.relation = relate(storage_span(source), destination_span(target, source, call));
    const bool proven = as.same_storage && as.relation != WindowRelation::Unproven;
    uses[static_cast<std::size_t>(target)].push_back(Use{pos, innermost_loop(), false, pos, -1, -1});
    as.source_use = uses[static_cast<std::size_t>(source)].size();
    uses[static_cast<std::size_t>(source)].push_back(Use{pos, innermost_loop(), false, proven ? pos : -1, -1, -1});
    as.result = define(a.var, pos, sp);
    const Node& t = nodes[static_cast<std::size_t>(target)];
    const Node& r = nodes[static_cast<std::size_t>(as.result)];
    if (t.bytes != r.bytes || space_of(*t.type) != space_of(*r.type))
      return error(sp, "tile.assemble's result '" + ir::var_name(a.var) + "' differs from its target in bytes or memory space");
    assembles.push_back(std::move(as));
  }

  /// Per assemble, in text order. "tile.assemble writes in place": the result takes the target's
  /// storage over when nothing reads the target's storage class after the assemble (its own reads
  /// of the target, and of a source stored there, excepted; a read inside a loop of a value from
  /// before it counts at the loop's end). Otherwise the result keeps new storage and the lowering
  /// copies the target into it first. In place over a source stored in the target's storage that
  /// is neither exactly the destination window nor provably disjoint from it, the assemble reads a
  /// snapshot: "An overlapping source is preserved by an explicit copy of its full typed parent
  /// before planning, followed by reconstruction of the source window" — a copy of the tile the
  /// source's windows were cut from, at the slot before the assemble, and those windows cut again
  /// from the copy with the same offsets.
  void decide_assembles() {
    for (Assembly& a : assembles) {
      const bool unproven = a.same_storage && a.relation == WindowRelation::Unproven;
      auto source_use = [&]() -> Use& { return uses[static_cast<std::size_t>(a.source)][a.source_use]; };
      if (unproven) source_use().in_place_def = a.pos;  // asked as if read from a snapshot
      a.in_place = nodes[static_cast<std::size_t>(a.target)].var && find(a.result) == a.result &&
                   !read_from(find(a.target), a.pos, 0);
      if (!a.in_place) {
        if (unproven) source_use().in_place_def = -1;
        continue;
      }
      unite(a.target, a.result);
      if (!unproven) continue;
      std::vector<int> chain;  // the source's windows, the source first
      int parent = a.source;
      while (nodes[static_cast<std::size_t>(parent)].window) {
        if (nodes[static_cast<std::size_t>(parent)].alias) {  // an alias names its window: rebuild that
          parent = nodes[static_cast<std::size_t>(parent)].window_of;
          continue;
        }
        if (!nodes[static_cast<std::size_t>(parent)].slice)
          return error(a.span, "tile.assemble reads a relabelled window that may overlap its destination: cutting a "
                               "relabel again from a snapshot is not planned");
        chain.push_back(parent);
        parent = nodes[static_cast<std::size_t>(parent)].window_of;
      }
      const int snap_pos = a.pos - 1;
      a.snapshot = virtual_node(parent, snap_pos);
      uses[static_cast<std::size_t>(parent)].push_back(Use{snap_pos, a.loop, false, -1, -1, -1});
      int prev = a.snapshot;
      for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const int w = virtual_node(*it, snap_pos);
        Node& n = nodes[static_cast<std::size_t>(w)];
        n.window = true;
        n.window_of = prev;
        n.slice = nodes[static_cast<std::size_t>(*it)].slice;
        unite(a.snapshot, w);
        a.rebuilt.push_back(w);
        prev = w;
      }
      uses[static_cast<std::size_t>(prev)].push_back(Use{a.pos, a.loop, false, -1, -1, -1});
    }
  }

  static std::vector<int> tile_positions(const std::vector<ir::Expr>& vs) {
    std::vector<int> out;
    for (std::size_t i = 0; i < vs.size(); ++i)
      if (ir::type_as<ir::TileType>(vs[i]->type)) out.push_back(static_cast<int>(i));
    return out;
  }

  void loop(const ir::Stmt& s, const std::vector<ir::Expr>& iter_args, const ir::Expr* cond, const ir::Stmt& b,
            const std::vector<ir::Expr>& results, int region) {
    CompoundPlan cp;
    cp.stmt = s.get();
    cp.region = region;
    auto tiles = tile_positions(iter_args);
    const int n = static_cast<int>(tiles.size());
    cp.entry_base = next_;
    next_ += n;
    cp.start = next_++;
    // Inits are read before the loop, in the enclosing loop; their position is settled by the
    // entry decision (at the loop, or at the entry copy's slot).
    std::vector<std::pair<int, std::size_t>> init_uses;
    for (int i : tiles) {
      const ir::Expr& init = ir::expr_as<ir::IterArg>(iter_args[static_cast<std::size_t>(i)])->init;
      int id = node_of(init);
      if (id < 0) {
        error(s->span, "the init of tile carry '" + ir::var_name(iter_args[static_cast<std::size_t>(i)]) +
                           "' must be a planned tile variable");
        continue;
      }
      uses[static_cast<std::size_t>(id)].push_back(Use{cp.start, innermost_loop(), false, -1, -1, i});
      init_uses.emplace_back(id, uses[static_cast<std::size_t>(id)].size() - 1);
    }
    int li = static_cast<int>(loops.size());
    loops.push_back({cp.start, 0, innermost_loop()});
    cp.loop = li;
    loop_stack_.push_back(li);
    for (int i : tiles) {
      const ir::Expr& ia = iter_args[static_cast<std::size_t>(i)];
      define(ia, cp.start, ia->span.line ? ia->span : s->span);
    }
    if (cond) uses_in(*cond, cp.start);
    int reg = static_cast<int>(regions.size());
    regions.push_back({cp.start, 0});
    YieldSite ys;
    body(b, reg, &ys, n);
    cp.end = next_++;
    regions[static_cast<std::size_t>(reg)].end = cp.end;
    loops[static_cast<std::size_t>(li)].end = cp.end;
    loop_stack_.pop_back();
    cp.yield_base[0] = ys.pos - 2 * n;
    for (int k = 0; k < n; ++k) {
      int i = tiles[static_cast<std::size_t>(k)];
      CarryPlan c;
      c.index = i;
      c.slot = k;
      c.iter_arg = node_of(iter_args[static_cast<std::size_t>(i)]);
      c.init = node_of(ir::expr_as<ir::IterArg>(iter_args[static_cast<std::size_t>(i)])->init);
      if (!ys.yield || static_cast<std::size_t>(i) >= ys.yield->values.size() ||
          static_cast<std::size_t>(i) >= results.size()) {
        error(s->span, "a loop with tile carries must end its body with pl.yield_ and have one result per carry");
        break;
      }
      const ir::Expr& y = ys.yield->values[static_cast<std::size_t>(i)];
      c.yielded[0] = ir::is_var_like(y) ? node_of(y) : -1;
      if (c.yielded[0] < 0 || c.init < 0) {
        error(s->span, "the init and yielded value of tile carry " + std::to_string(i) + " must be planned tile variables");
        break;
      }
      if (is_window(c.init) || is_window(c.yielded[0])) {
        error(s->span, "a slice window carried by a loop is not planned yet (window region carries)");
        break;
      }
      c.result = define(results[static_cast<std::size_t>(i)], cp.end, s->span);
      cp.carries.push_back(c);
    }
    for (auto [id, k] : init_uses) uses[static_cast<std::size_t>(id)][k].init_of = static_cast<int>(compounds.size());
    compounds.push_back(std::move(cp));
  }

  void if_stmt(const ir::Stmt& s, const ir::If& f, int region) {
    CompoundPlan cp;
    cp.stmt = s.get();
    cp.is_if = true;
    cp.region = region;
    auto tiles = tile_positions(f.return_vars);
    const int n = static_cast<int>(tiles.size());
    uses_in(f.cond, next_);
    cp.start = next_++;
    if (n > 0 && !f.else_body) error(s->span, "an if with tile results needs an else arm");
    YieldSite ys[2];
    int reg_then = static_cast<int>(regions.size());
    regions.push_back({cp.start, 0});
    body(f.then_body, reg_then, &ys[0], n);
    cp.then_end = next_++;
    regions[static_cast<std::size_t>(reg_then)].end = cp.then_end;
    int reg_else = static_cast<int>(regions.size());
    regions.push_back({cp.then_end, 0});
    body(f.else_body, reg_else, &ys[1], n);
    cp.end = next_++;
    regions[static_cast<std::size_t>(reg_else)].end = cp.end;
    for (int a = 0; a < 2; ++a) cp.yield_base[a] = ys[a].pos - 2 * n;
    for (int k = 0; k < n; ++k) {
      int i = tiles[static_cast<std::size_t>(k)];
      CarryPlan c;
      c.index = i;
      c.slot = k;
      bool ok = true;
      for (int a = 0; a < 2; ++a) {
        const ir::Yield* y = ys[a].yield;
        if (!y || static_cast<std::size_t>(i) >= y->values.size()) {
          ok = false;
          continue;
        }
        const ir::Expr& v = y->values[static_cast<std::size_t>(i)];
        c.yielded[a] = ir::is_var_like(v) ? node_of(v) : -1;
        ok = ok && c.yielded[a] >= 0;
      }
      if (!ok) {
        error(s->span, "each arm of an if with tile results must yield a planned tile variable for result " + std::to_string(i));
        break;
      }
      if (is_window(c.yielded[0]) || is_window(c.yielded[1])) {
        error(s->span, "a slice window as an if result is not planned yet (window region carries)");
        break;
      }
      c.result = define(f.return_vars[static_cast<std::size_t>(i)], cp.end, s->span);
      cp.carries.push_back(c);
    }
    compounds.push_back(std::move(cp));
  }

  // ---- decisions ---------------------------------------------------------------------------

  /// A use's position and the write it may run in place with, once the loops it feeds are decided.
  std::pair<int, int> resolve(const Use& u, int deciding) const {
    if (u.init_of >= 0 && u.init_of < deciding) {
      for (const auto& c : compounds[static_cast<std::size_t>(u.init_of)].carries)
        if (c.index == u.carry && c.entry_plan == EntryPlan::Copy) {
          int p = compounds[static_cast<std::size_t>(u.init_of)].entry_base + c.slot;
          return {p, p};  // read by the entry copy (a move: may run in place)
        }
    }
    return {u.pos, u.in_place_def};
  }
  int effective(const Use& u, int pos, int node) const {
    int d = nodes[static_cast<std::size_t>(node)].def_pos;
    int e = pos;
    for (int l = u.loop; l >= 0; l = loops[static_cast<std::size_t>(l)].parent)
      if (d < loops[static_cast<std::size_t>(l)].start) e = std::max(e, loops[static_cast<std::size_t>(l)].end);
    return e;
  }
  /// Whether class `root` is read at or after position `p`, other than in place by the write at `p`
  /// (a read in the other arm of an If than `p` is not after it).
  bool read_from(int root, int p, int deciding) const {
    for (int m : members_[static_cast<std::size_t>(root)])
      for (const Use& u : uses[static_cast<std::size_t>(m)]) {
        auto [pos, in_place] = resolve(u, deciding);
        int e = effective(u, pos, m);
        if (e == pos && exclusive_arms(pos, p)) continue;  // the other arm of an If never runs after p
        if (e > p || (e == p && in_place != p)) return true;
      }
    return false;
  }
  /// Whether class `reader` is read after a write of class `writer` (the definition of any of its
  /// values): sharing one storage would clobber that read. Asked per write, not from the class's
  /// first write alone: a read in an If's else arm is not after a then-arm write (exclusive_arms)
  /// but does follow a write earlier in the else arm (fuzz_kernels seed 91002030: a loop carry read
  /// by an else-arm assemble after that arm computed the next iteration's value into its storage).
  bool read_after_a_write(int reader, int writer, int deciding) const {
    for (int m : members_[static_cast<std::size_t>(writer)])
      if (read_from(reader, nodes[static_cast<std::size_t>(m)].def_pos, deciding)) return true;
    return false;
  }
  bool inside(int root, int lo, int hi) const {
    return lo_[static_cast<std::size_t>(root)] > lo && hi_[static_cast<std::size_t>(root)] < hi;
  }
  int virtual_node(int like, int pos) {
    const Node& n = nodes[static_cast<std::size_t>(like)];
    return new_node(nullptr, n.type, pos, n.span, n.bytes);
  }
  void same_storage_shape(int a, int b, ir::Span sp) {
    const Node& x = nodes[static_cast<std::size_t>(a)];
    const Node& y = nodes[static_cast<std::size_t>(b)];
    if (x.bytes != y.bytes || space_of(*x.type) != space_of(*y.type))
      error(sp, "'" + (y.var ? ir::var_name(y.var) : std::string("a carried tile")) +
                    "' must share storage with '" + (x.var ? ir::var_name(x.var) : std::string("its carry")) +
                    "' but differs in bytes or memory space");
  }

  /// Whether positions p and q lie in the two arms of one If (then-arm positions are in
  /// (start, then_end), else-arm positions in (then_end, end)): no run executes both.
  bool exclusive_arms(int p, int q) const {
    for (const CompoundPlan& c : compounds) {
      if (!c.is_if) continue;
      auto in_then = [&](int x) { return x > c.start && x < c.then_end; };
      auto in_else = [&](int x) { return x > c.then_end && x < c.end; };
      if ((in_then(p) && in_else(q)) || (in_else(p) && in_then(q))) return true;
    }
    return false;
  }

  /// "tile.matmul_acc must already accumulate in place": after the write, the accumulator's storage
  /// holds the result, so no value of its class defined before the write may be read afterwards
  /// (in a loop, a read in a later iteration counts at the loop's end; a read in the other arm of an
  /// If is never after). Such a kernel is refused:
  /// keeping the old value would need a copy of Acc storage, an "arbitrary matrix carry copy" the
  /// spec leaves excluded.
  void check_accumulates() {
    const int all = static_cast<int>(compounds.size());
    for (const Accumulation& a : accumulates)
      for (int m : members_[static_cast<std::size_t>(find(a.acc))]) {
        if (nodes[static_cast<std::size_t>(m)].def_pos >= a.pos) continue;
        for (const Use& u : uses[static_cast<std::size_t>(m)]) {
          auto [pos, in_place] = resolve(u, all);
          const int e = effective(u, pos, m);
          if (e == pos && exclusive_arms(pos, a.pos)) continue;  // the other arm of an If: never both
          if (e > a.pos || (pos == a.pos && in_place != a.pos)) {
            const Node& n = nodes[static_cast<std::size_t>(m)];
            return error(a.span, "the accumulator '" + (n.var ? ir::var_name(n.var) : std::string("a carried tile")) +
                                     "' of tile.matmul_acc is read after it accumulates in place (a copy of it is a "
                                     "matrix copy the cube path leaves excluded)");
          }
        }
      }
  }

  void decide(int c) {
    CompoundPlan& cp = compounds[static_cast<std::size_t>(c)];
    ir::Span sp = cp.stmt->span;
    const int n = static_cast<int>(cp.carries.size());
    if (cp.is_if) {
      const int arm_lo[2] = {cp.start, cp.then_end}, arm_hi[2] = {cp.then_end, cp.end};
      // Both arms yield the one storage class (an accumulator updated in place in one arm and
      // passed through, or updated, in the other): the result is that storage, with no copy,
      // when nothing reads the class after the If ("Matrix region carries must preserve one
      // storage alias"; an Acc-to-Acc copy is a matrix carry copy the spec excludes).
      std::vector<int> shared;
      std::vector<bool> both(cp.carries.size(), false);
      for (std::size_t k = 0; k < cp.carries.size(); ++k) {
        auto& cr = cp.carries[k];
        int y0 = find(cr.yielded[0]), y1 = find(cr.yielded[1]);
        if (y0 != y1 || std::find(shared.begin(), shared.end(), y0) != shared.end() || read_from(y0, cp.end, c)) continue;
        same_storage_shape(cr.result, cr.yielded[0], sp);
        same_storage_shape(cr.result, cr.yielded[1], sp);
        cr.yield_plan[0] = cr.yield_plan[1] = YieldPlan::Join;
        shared.push_back(y0);
        both[k] = true;
      }
      for (int a = 0; a < 2; ++a) {
        std::vector<int> claimed = shared;
        for (std::size_t k = 0; k < cp.carries.size(); ++k) {
          auto& cr = cp.carries[k];
          if (both[k]) continue;  // joined above
          same_storage_shape(cr.result, cr.yielded[a], sp);
          int y = find(cr.yielded[a]);
          bool join = inside(y, arm_lo[a], arm_hi[a]) && std::find(claimed.begin(), claimed.end(), y) == claimed.end();
          cr.yield_plan[a] = join ? YieldPlan::Join : YieldPlan::Copy;
          if (join) claimed.push_back(y);
        }
      }
      for (auto& cr : cp.carries)
        for (int a = 0; a < 2; ++a) {
          if (cr.yield_plan[a] == YieldPlan::Join) {
            unite(cr.result, cr.yielded[a]);
          } else {
            cr.copy_id[a] = virtual_node(cr.result, cp.yield_base[a] + n + cr.slot);
            unite(cr.result, cr.copy_id[a]);
          }
        }
      return;
    }
    // Loop: yields first (they read the iter args' classes as the body left them).
    std::vector<int> claimed;
    for (auto& cr : cp.carries) {
      same_storage_shape(cr.iter_arg, cr.yielded[0], sp);
      same_storage_shape(cr.iter_arg, cr.init, sp);
      int ia = find(cr.iter_arg), y = find(cr.yielded[0]);
      if (y == ia) {
        cr.yield_plan[0] = YieldPlan::Identity;
        continue;
      }
      bool join = inside(y, cp.start, cp.end) && std::find(claimed.begin(), claimed.end(), y) == claimed.end() &&
                  !read_after_a_write(ia, y, c);
      cr.yield_plan[0] = join ? YieldPlan::Join : YieldPlan::Copy;
      if (join) claimed.push_back(y);
    }
    for (auto& cr : cp.carries) {
      if (cr.yield_plan[0] != YieldPlan::Copy) continue;
      int src = find(cr.yielded[0]);
      for (const auto& o : cp.carries)
        if (&o != &cr && o.yield_plan[0] != YieldPlan::Identity && o.yield_plan[0] != YieldPlan::Join &&
            find(o.iter_arg) == src)
          cr.yield_plan[0] = YieldPlan::SnapshotCopy;
    }
    // Entries: take the init's storage over only when nothing else still needs it.
    const Region& outer = regions[static_cast<std::size_t>(cp.region)];
    std::vector<int> taken;
    for (auto& cr : cp.carries) {
      int v = find(cr.init);
      bool ok = inside(v, outer.start, cp.start) && std::find(taken.begin(), taken.end(), v) == taken.end() &&
                nodes[static_cast<std::size_t>(cr.init)].var && ir::expr_as<ir::Var>(nodes[static_cast<std::size_t>(cr.init)].var);
      for (int m : members_[static_cast<std::size_t>(v)]) {
        if (!ok) break;
        for (const Use& u : uses[static_cast<std::size_t>(m)]) {
          if (u.init_of == c && u.carry == cr.index) continue;
          auto [pos, in_place] = resolve(u, c);
          if (effective(u, pos, m) >= cp.start) {
            ok = false;
            break;
          }
        }
      }
      cr.entry_plan = ok ? EntryPlan::TakeOver : EntryPlan::Copy;
      if (ok) taken.push_back(v);
    }
    for (auto& cr : cp.carries) {
      unite(cr.iter_arg, cr.result);
      if (cr.yield_plan[0] == YieldPlan::Join) unite(cr.iter_arg, cr.yielded[0]);
      if (cr.yield_plan[0] == YieldPlan::Copy || cr.yield_plan[0] == YieldPlan::SnapshotCopy) {
        cr.copy_id[0] = virtual_node(cr.iter_arg, cp.yield_base[0] + n + cr.slot);
        unite(cr.iter_arg, cr.copy_id[0]);
      }
      if (cr.yield_plan[0] == YieldPlan::SnapshotCopy) cr.snap_id = virtual_node(cr.iter_arg, cp.yield_base[0] + cr.slot);
      if (cr.entry_plan == EntryPlan::TakeOver) {
        unite(cr.iter_arg, cr.init);
      } else {
        cr.entry_id = virtual_node(cr.iter_arg, cp.entry_base + cr.slot);
        unite(cr.iter_arg, cr.entry_id);
      }
    }
  }
};

/// Where InitMemRef's first refusal of `f` is (its statement), for reports made after the fact from
/// the recorded `init_memref_refused`; the function's own span when only the rewrite refuses.
inline ir::Span init_memref_refusal_span(const ir::Function& f) {
  StorageClasses sc;
  sc.analyse(f);
  return sc.errors.empty() ? f.span : sc.errors.front().span;
}

}  // namespace ptorw::lowering::planning
