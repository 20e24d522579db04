// The second traversal of LowerTileToBuffer: rewrites a planned kernel body statement by statement
// (lower_tile_to_buffer.md, "Conversion contract", "Branches", "Loops").
//
//  * op calls go through their recipe entry (recipes/all_recipes.hpp: `applies`, then `lower`);
//  * If / For / While / Return / Scope go through their statement entry (recipes/control_flow.hpp):
//    Tile results, iter args and yield operands are removed after checking that they name one
//    legalized storage; GM carries and results are removed when they resolve to one existing
//    parameter, and their uses then name that parameter; scalar ones stay, in their original
//    relative order, so native control flow carries only scalars; returns name GM parameters whose
//    types match the declared results. This class supplies what those entries use (`region`,
//    `same_storage`, the GM alias resolver) and handles assignments, sequences and yields.
// Nested regions use their own yield plan (a scoped yield context per construct). The first
// violation is kept in `error` and the caller discards the partial result (fail closed).
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/lowering/recipes/control_flow.hpp"
#include "ptorw/lowering/region_local_acc.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

class BodyConverter {
 public:
  /// Which yield operands of the enclosing construct survive (indices of scalar carries/results).
  using YieldPlan = std::vector<std::size_t>;

  BodyConverter(const StorageIndex& index, const ir::Function& fn)
      : fn_(fn), cx_(index, gm_), deferred_(region_local_accumulators(fn)) {
    for (const auto& p : fn.params) params_.emplace(p.var.get(), p.var);
    for (const auto& [at, vars] : deferred_)
      for (const auto& v : vars) deferred_vars_.insert(v.get());
  }

  std::optional<LowerError> error() const { return cx_.error; }
  /// Loop bodies around the statement being converted (flow::lower_loop): a dynamic handle a later
  /// statement of the body sets may hold those extents when an earlier one runs again.
  int loop_depth = 0;

  ir::Stmt convert(const ir::Stmt& body) {
    std::vector<ir::Stmt> out;
    block(body, nullptr, out);
    return ir::make_seq(std::move(out), body ? body->span : ir::Span{});
  }

  // ---- what a statement entry's `lower` uses (recipes/control_flow.hpp) ----
  void fail(ir::Span sp, std::string msg) { cx_.fail(sp, std::move(msg)); }
  bool failed() const { return cx_.error.has_value(); }
  const ir::Function& fn() const { return fn_; }
  /// The GM parameter a tensor value resolves to, or null.
  const ir::ExprNode* param_of(const ir::Expr& t) const {
    if (!t) return nullptr;
    ir::Expr p = cx_.gm(t);
    return params_.count(p.get()) ? p.get() : nullptr;
  }
  /// The parameter a tensor value resolves to, as the expression later uses name.
  ir::Expr param_expr(const ir::Expr& t) const {
    auto it = params_.find(param_of(t));
    return it == params_.end() ? nullptr : it->second;
  }
  void alias(const ir::Expr& v, const ir::ExprNode* p) {
    auto it = params_.find(p);
    if (it != params_.end()) cx_.alias_gm(v, it->second);
  }
  /// Checks a removed Tile carry/result: all the named values share one storage handle.
  void same_storage(std::initializer_list<ir::Expr> vs, ir::Span sp, const std::string& what) {
    ir::Expr first;
    for (const auto& v : vs) {
      if (!v) continue;
      ir::Expr h = cx_.handle(v, sp);
      if (!h) return;
      if (!first) first = h;
      else if (h != first)
        return fail(sp, what + " does not name one legalized storage (run plan-memory, which inserts the copies)");
    }
  }
  /// A region converted under its own yield plan ("Nested loops and branches use distinct yield
  /// contexts").
  ir::Stmt region(const ir::Stmt& body, const YieldPlan& plan) {
    std::vector<ir::Stmt> out;
    block(body, &plan, out);
    return ir::make_seq(std::move(out), body ? body->span : ir::Span{});
  }

 private:
  const ir::Function& fn_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> gm_;
  RecipeContext cx_;
  // Dynamic handles some converted statement already set to runtime extents (guard_runtime_valid).
  std::unordered_set<const ir::ExprNode*> set_handles_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> params_;
  DeferredAllocs deferred_;  // region-local PTOAS accumulators, declared at their first reference
  std::unordered_set<const ir::ExprNode*> deferred_vars_;

  void block(const ir::Stmt& s, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* st = it.next()) {
      if (failed()) return;
      if (auto d = deferred_.find(st->get()); d != deferred_.end())
        for (const auto& v : d->second)
          for (auto& def : cx_.index().definitions(v)) out.push_back(std::move(def));
      stmt(*st, plan, out);
    }
  }

  void stmt(const ir::Stmt& s, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && deferred_vars_.count(a->var.get())) return;  // declared later
    if (with_stmt_recipe(s, [&](auto r, const auto& node) { decltype(r)::lower(s, node, *this, out); })) return;
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) assign(s, k.var, k.value, out);
      else if constexpr (std::is_same_v<K, ir::Eval>) assign(s, nullptr, k.value, out);
      else if constexpr (std::is_same_v<K, ir::Seq>) block(s, plan, out);
      else if constexpr (std::is_same_v<K, ir::Yield>) yield(s, k, plan, out);
      else fail(s->span, "this statement kind has no Buffer recipe");
    }, s->kind);
  }

  void assign(const ir::Stmt& s, const ir::Expr& target, const ir::Expr& value, std::vector<ir::Stmt>& out) {
    auto* c = ir::expr_as<ir::Call>(value);
    if (!c && target && ir::is_var_like(value) && flow::kind_of(target) != flow::Kind::Scalar) {
      // `x = y`: an ordinary alias names its source's handle (a tile) or GM parameter (a tensor);
      // it writes nothing (selection admitted it: select_buffer_ir.hpp).
      if (ir::type_as<ir::TileType>(target->type)) return cx_.alias_tile(target, value, s->span);
      if (const ir::ExprNode* p = param_of(value)) return alias(target, p);
      return fail(s->span, "a tensor alias must resolve to a GM parameter");
    }
    if (!c && !ir::expr_as<ir::Submit>(value)) {
      // Scalar arithmetic and constants stay as they are.
      if (target && flow::kind_of(target) != flow::Kind::Scalar)
        return fail(s->span, "only scalar values may be assigned without an op in a Buffer kernel");
      out.push_back(s);
      return;
    }
    if (!c || c->kind != ir::CallKind::Op)
      return fail(s->span, "device helper calls and task launches have no Buffer recipe");
    if (c->callee.rfind("tile.", 0) != 0) {
      if (c->callee.rfind("buffer.", 0) == 0) return fail(s->span, "the kernel already mixes Buffer and Tile IR");
      return fail(s->span, "no Buffer recipe for " + c->callee);
    }
    cx_.out.clear();
    cx_.begin_statement();
    if (!lower_call(target, *c, s->span, cx_)) return fail(s->span, "no Buffer recipe for " + c->callee);
    guard_runtime_valid(target, *c, s->span, out);
    for (auto& x : cx_.out) out.push_back(std::move(x));
    cx_.out.clear();
  }

  /// The handle of `tile` when it is a dynamic one (its descriptor is its own dynamic form,
  /// storage_index.hpp dynamic_of: valid_shape=[-1, -1]), else null.
  ir::Expr dynamic_handle(const ir::Expr& tile, ir::Span sp) {
    ir::Expr h = cx_.handle(tile, sp);
    if (!h || !ir::type_as<ir::BufferType>(h->type)) return nullptr;
    return visit::structural_equal(h->type, dynamic_of(h->type)).equal ? h : nullptr;
  }
  static ir::Stmt set_validshape(const ir::Expr& h, const std::vector<ir::Expr>& valid, ir::Span sp) {
    return ir::make_stmt(ir::Eval{ir::make_expr(ir::Call{ir::CallKind::Op, "buffer.set_validshape", {h, ir::make_tuple(valid, sp)}, {}, {}},
                                                ir::void_type(), sp)},
                         sp);
  }

  /// Runtime valid extents (lower_tile_to_buffer.md, "Runtime valid extents"): "every operation that
  /// defines such a tile first states the extents it produces with buffer.set_validshape", and "an
  /// extent may be zero: allocation metadata is updated, but load/store/arithmetic execute only when
  /// both valid extents are positive" — so the op's Buffer calls (in cx_.out) move under
  /// `if e > 0 and ...:` over the distinct non-constant extents of its tiles; "constant-empty
  /// operations are removed". Ops of static tiles are left alone.
  void guard_runtime_valid(const ir::Expr& target, const ir::Call& c, ir::Span sp, std::vector<ir::Stmt>& out) {
    if (cx_.out.empty()) return;  // a relabel: no call, no metadata of its own
    if (ir::op_id(c.callee) == ir::op::id("tile.set_validshape")) {  // its call is the metadata update
      if (ir::Expr h = cx_.handle(target, sp)) set_handles_.insert(h.get());
      return;
    }
    std::vector<ir::Expr> extents;  // distinct non-constant extents of the op's tiles
    bool empty = false;
    auto note = [&](const ir::Expr& tile) {
      auto* t = ir::type_as<ir::TileType>(tile ? tile->type : nullptr);
      if (!t || !runtime_valid(*t)) return;
      for (const auto& e : t->view->valid_shape) {
        if (auto k = ir::const_int(e)) { empty = empty || *k == 0; continue; }
        bool seen = false;
        for (const auto& x : extents) seen = seen || same_value_expr(x, e);
        if (!seen) extents.push_back(e);
      }
    };
    for (const auto& a : c.args) note(a);
    note(target);
    // A tile with static extents defined into a window whose handle is dynamic (it shares the
    // handle with runtime-valid tiles of that window: "Tiles that name the same storage window and
    // differ only in valid extents share one dynamic handle") states its extents too — "every
    // operation that defines such a tile first states the extents it produces" — else the handle
    // keeps the last runtime extents and the op reads or writes only those (audit 2026-12-05).
    // Only where the handle may hold other extents: after a statement that set them, or in a loop
    // ("The allocation starts with its physical extents": a first define states nothing).
    auto* st = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (st && !runtime_valid(*st) && (loop_depth > 0 || !set_handles_.empty()))
      if (ir::Expr h = dynamic_handle(target, sp); h && (loop_depth > 0 || set_handles_.count(h.get())))
        out.push_back(set_validshape(h, st->view && !st->view->valid_shape.empty() ? st->view->valid_shape : st->shape, sp));
    if (extents.empty() && !empty) return;
    if (st && runtime_valid(*st)) {  // the metadata update comes first, outside the guard
      ir::Expr h = cx_.handle(target, sp);
      if (!h) return;
      set_handles_.insert(h.get());
      out.push_back(set_validshape(h, st->view->valid_shape, sp));
    }
    if (empty) { cx_.out.clear(); return; }  // constant-empty: removed
    ir::Expr cond;
    for (const auto& e : extents) {
      const ir::DType d = ir::type_as<ir::ScalarType>(e->type) ? ir::type_as<ir::ScalarType>(e->type)->dtype : ir::DType::INDEX;
      ir::Expr pos = ir::make_expr(ir::Binary{ir::BinOp::Gt, e, ir::make_int(0, d, sp)}, ir::scalar_type(ir::DType::BOOL), sp);
      cond = cond ? ir::make_expr(ir::Binary{ir::BinOp::And, cond, pos}, ir::scalar_type(ir::DType::BOOL), sp) : pos;
    }
    ir::Stmt then_body = ir::make_seq(std::move(cx_.out), sp);
    cx_.out.clear();
    cx_.out.push_back(ir::make_stmt(ir::If{std::move(cond), std::move(then_body), nullptr, {}}, sp));
  }

  void yield(const ir::Stmt& s, const ir::Yield& k, const YieldPlan* plan, std::vector<ir::Stmt>& out) {
    if (!plan) return fail(s->span, "pl.yield_ outside a region");
    std::vector<ir::Expr> vs;
    for (std::size_t i : *plan)
      if (i < k.values.size()) vs.push_back(k.values[i]);
    // A region left with nothing to yield (all its carries were Tile or GM) ends without a yield.
    if (!vs.empty()) out.push_back(ir::make_stmt(ir::Yield{std::move(vs)}, s->span));
  }
};

}  // namespace ptorw::lowering
