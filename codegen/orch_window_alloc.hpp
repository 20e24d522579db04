// Which storage an orchestration value is (`Roots`), and which tensor.create calls can be allocated
// as a window of the tensor their result is later assembled into (`plan_window_creates`).
//
// The runtime API of ../shared/pto_format.md has no copy task, so `tensor.assemble(parent, part,
// offsets)` has a C++ form only when `part` already is the view of `parent` at `offsets`. The common
// shape after OptimizeOrchTensors is
//     buf = tensor.create(shape)            # fresh
//     part = self.k(..., buf)               # the kernel writes buf (an Out parameter)
//     next = tensor.assemble(parent, part, offsets)
// and Pattern 2 (spec: "Attach the parent tensor's shape as TensorView strides on the InCore
// function's Out param type, so tile.store can use the correct memory layout") exists so that the
// kernel can write the parent's window directly. Allocating `buf` as `parent.view(shape, offsets)`
// then makes the assemble a no-op with the same result, when nothing can tell the difference:
//  - buf has no use but that Out argument, part none but the assemble (nobody reads the copy);
//    or buf's only uses are that Out argument and the assemble of buf itself (`self.k(..., buf)`
//    as a statement, then `tensor.assemble(parent, buf, offsets)`: outline-incore-scopes' form);
//  - the call and the assemble are in buf's block, in that order; parent and the offsets are
//    defined before the create (the view is made there);
//  - parent is one region on every path: a whole storage, or a window (a tensor.slice, or a loop
//    carry that starts as one and is assembled into in place: `acc.view(...)`);
//  - no statement between the create and the assemble, and no other argument of the call, touches
//    parent's storage (the window now changes at the call instead of at the assemble); a tensor
//    there whose storage is not known (a loop carry or If result of several, a tuple's element)
//    counts as touching it;
//  - the kernel addresses its parameter with the parent's strides (its declared TensorView stride,
//    or packed strides, equal the parent's on every dim of extent > 1), statically known.
// Anything else keeps the create and the assemble, which is then refused as a copy.
#pragma once
#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/codegen/orch_layouts.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::codegen::orch {

/// The storage (a parameter or a tensor.create variable) each value of one function is, through
/// aliases, in-place writes, kernel results, loop carries and If results (null: not one storage);
/// and the region, which may also be a window: the tensor.slice variable that makes it.
class Roots {
 public:
  Roots(const detail::Defs& defs, const KernelTable& kernels) : defs_(defs), kernels_(kernels) {}

  /// The whole storage `v` lies in, windows included: a tensor.slice (or an alias of one, or a
  /// loop carry that stays that window) lies in its source's storage. (root() answers nullptr for a
  /// window: it is no storage of its own.)
  const ir::ExprNode* storage(const ir::Expr& v, int depth = 0) const { return whole_of(region(v, depth), depth); }

  /// The whole storage element `i` of the tuple-valued `t` lies in (a kernel call's or pl.submit's
  /// result `i`), or null.
  const ir::ExprNode* element_storage(const ir::Expr& t, std::size_t i) const {
    const ir::Expr* def = &t;
    if (const ir::Expr* const* d = defs_.assigned.find(t.get())) def = *d;
    return whole_of(call_result(*def, i, 0), 0);
  }

  /// The whole storage `v` is (a parameter or a tensor.create variable), or null.
  const ir::ExprNode* root(const ir::Expr& v, int depth = 0) const {
    const ir::ExprNode* r = region(v, depth);
    return r && !window_source(r) ? r : nullptr;
  }

  /// The source a window region is sliced from (`w = tensor.slice(src, ...)`: src), or null for a
  /// whole storage.
  const ir::Expr* window_source(const ir::ExprNode* r) const {
    if (const ir::Expr* const* def = defs_.assigned.find(r))
      if (ir::is_op_call(**def, "tensor.slice")) {
        const auto& args = ir::expr_as<ir::Call>(**def)->args;
        return args.empty() ? nullptr : &args[0];
      }
    return nullptr;
  }

  /// The one region `v` is on every path: a whole storage (root) or a window (the tensor.slice
  /// variable). A loop carry whose init is a window and whose loop yields it back (an assemble into
  /// it in place) is that window on every trip, so a create can be allocated as a view of it.
  const ir::ExprNode* region(const ir::Expr& v, int depth = 0) const {
    if (!v || depth > 256) return nullptr;
    if (defs_.params.find(v.get())) return v.get();
    if (auto* ia = ir::expr_as<ir::IterArg>(v)) return iter_arg_region(v, *ia, depth);
    // A projection used in place (`return res[0]` after `res = pl.submit(...)`, PyPTO
    // tasks/02-submit): the result of the call its tuple holds (docs audit 2026-12-05 F4).
    if (auto* g = ir::expr_as<ir::TupleGetItem>(v)) return projection(*g, depth);
    if (const ir::Expr* const* def = defs_.assigned.find(v.get())) {
      const ir::Expr& val = **def;
      if (ir::is_var_like(val)) return region(val, depth + 1);
      if (ir::is_op_call(val, "tensor.create")) return v.get();
      if (ir::is_op_call(val, "tensor.slice")) return v.get();  // a window: a region, not a whole storage
      if (ir::is_op_call(val, "tensor.assemble")) {
        const auto& args = ir::expr_as<ir::Call>(val)->args;
        return args.empty() ? nullptr : region(args[0], depth + 1);
      }
      if (auto* g = ir::expr_as<ir::TupleGetItem>(val)) return projection(*g, depth);
      return call_result(val, 0, depth);
    }
    if (const auto* res = defs_.results.find(v.get())) {
      const ir::StmtNode* s = res->first;
      const std::size_t i = res->second;
      // A loop result is its iter-arg's region (which holds only when every trip yields it back).
      if (auto* f = ir::kind_as<ir::For>(s->kind)) return i < f->iter_args.size() ? region(f->iter_args[i], depth + 1) : nullptr;
      if (auto* w = ir::kind_as<ir::While>(s->kind)) return i < w->iter_args.size() ? region(w->iter_args[i], depth + 1) : nullptr;
      if (auto* x = ir::kind_as<ir::If>(s->kind)) {
        // Memoised when no iter-arg's region is assumed (such an answer is final): each arm of N
        // chained Ifs reaches the previous result, 2^N walks without it (30 Ifs: 41 s).
        if (assumed_.empty())
          if (const ir::ExprNode* const* known = if_regions_.find(v.get())) return *known;
        const ir::Expr* a = detail::Defs::yielded(x->then_body, i);
        const ir::Expr* b = x->else_body ? detail::Defs::yielded(x->else_body, i) : nullptr;
        const ir::ExprNode* ra = a ? region(*a, depth + 1) : nullptr;
        const ir::ExprNode* r = b && ra == region(*b, depth + 1) ? ra : nullptr;
        if (assumed_.empty()) if_regions_.try_emplace(v.get(), r);
        return r;
      }
    }
    return nullptr;
  }

  /// The whole storage region `r` lies in: `r` itself, or for a window its source's, and so on.
  const ir::ExprNode* whole_of(const ir::ExprNode* r, int depth) const {
    for (; r && depth <= 256; ++depth) {
      const ir::Expr* w = window_source(r);
      if (!w) return r;
      r = region(*w, depth + 1);
    }
    return nullptr;
  }

  /// An iter-arg is its init's region only when its loop yields that region back (Defs::
  /// judge_iter_arg; `nxt = pl.tensor.assemble(acc, ...)` yields acc itself). Under `yield_(b)`,
  /// acc is b from the second trip on: a create allocated as a window of acc then lay in b,
  /// written before the tasks reading b in between (39th session).
  const ir::ExprNode* iter_arg_region(const ir::Expr& v, const ir::IterArg& ia, int depth) const {
    return defs_.judge_iter_arg(v, ia, static_cast<const ir::ExprNode*>(nullptr), assumed_, iter_regions_,
                                [&](const ir::Expr& x) { return region(x, depth + 1); });
  }

  /// Element `g.index` of a tuple: result `index` of the kernel call or pl.submit that defines it.
  const ir::ExprNode* projection(const ir::TupleGetItem& g, int depth) const {
    const ir::Expr* t = &g.tuple;
    if (const ir::Expr* const* tdef = defs_.assigned.find(g.tuple.get())) t = *tdef;
    return g.index < 0 ? nullptr : call_result(*t, static_cast<std::size_t>(g.index), depth);
  }
  /// Result `i` of a kernel call or pl.submit `e`: the region of the argument the kernel wrote.
  const ir::ExprNode* call_result(const ir::Expr& e, std::size_t i, int depth) const {
    int p = result_param(e, i);
    return p < 0 ? nullptr : region(call_args(e)->at(p), depth + 1);
  }
  /// The callee parameter result `i` of call `e` is (-1: none).
  int result_param(const ir::Expr& e, std::size_t i) const {
    const std::vector<ir::Expr>* args = call_args(e);
    const ir::Symbol* callee = call_callee(e);
    if (!callee) return -1;
    const std::vector<int>* rp = nullptr;
    if (auto* k = kernels_.kernel(callee->view())) rp = &k->result_param;
    else if (auto* g = kernels_.group(callee->view())) rp = &g->result_param;
    if (!rp || i >= rp->size() || (*rp)[i] < 0 || static_cast<std::size_t>((*rp)[i]) >= args->size()) return -1;
    return (*rp)[i];
  }
  static const ir::Symbol* call_callee(const ir::Expr& e) {
    if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function) return &c->callee;
    if (auto* s = ir::expr_as<ir::Submit>(e)) return &s->callee;
    return nullptr;
  }
  static const std::vector<ir::Expr>* call_args(const ir::Expr& e) {
    if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function) return &c->args;
    if (auto* s = ir::expr_as<ir::Submit>(e)) return &s->args;
    return nullptr;
  }
  const KernelTable& kernels() const { return kernels_; }

 private:
  const detail::Defs& defs_;
  const KernelTable& kernels_;
  mutable std::vector<std::pair<const ir::ExprNode*, const ir::ExprNode*>> assumed_;  // iter-arg → region, under judgment
  mutable visit::PtrMap<const ir::ExprNode*> iter_regions_;  // iter-arg → its region (null: none), judged outright
  mutable visit::PtrMap<const ir::ExprNode*> if_regions_;    // If result → its region, found with no assumption open
};

/// A tensor.create allocated as a window of `parent` at `offsets` (both IR expressions).
struct WindowAlloc {
  ir::Expr parent;
  ir::Expr offsets;
};

/// Why a create handed to a kernel's Out parameter is not allocated as a window (messages only: a
/// kernel addressing that parameter with another tensor's strides is then refused, and the refusal
/// says why the create stayed a tensor of its own; audit aud6 F5).
struct WindowDecline {
  enum class Why { NotAssembled, NotOneStorage, DefinedLater, OtherStrides, Touched } why = Why::NotAssembled;
  const ir::Function* kernel = nullptr;  // the kernel and the Out parameter the create is handed to
  int param = -1;
  const ir::Call* assemble = nullptr;  // the assemble of the kernel's result (null: NotAssembled)
  ir::Span assemble_span{};
  ir::Span touched_at{};  // Touched: the statement between that uses the parent's storage
  std::string touched_by;  // Touched: the value there that is (or may be) in the parent's storage

  std::string text(std::string_view buf) const {
    const std::string parent = assemble && !assemble->args.empty() ? ir::var_name(assemble->args[0]) : std::string();
    const std::string into = assemble ? fmt::format("'{}' is not allocated as the window of '{}' that the kernel's "
                                                    "result is assembled into at {}:{}: ",
                                                    buf, parent, assemble_span.line, assemble_span.col)
                                      : std::string();
    switch (why) {
      case Why::NotAssembled:
        return fmt::format("'{}' is not allocated as a window of a parent: the kernel's result is not assembled "
                           "into one later in the same block, with no other use", buf);
      case Why::NotOneStorage:
        return into + "'" + parent + "' is not one tensor or window here (a loop carry or If result of several)";
      case Why::DefinedLater: return into + "the parent or the offsets are defined after the create";
      case Why::OtherStrides: return into + "the kernel's parameter strides are not the parent's";
      case Why::Touched:
        if (!touched_by.empty() && touched_by != parent)
          return into + fmt::format("'{}', which may lie in '{}''s storage, is used at {}:{}, between the create and "
                                    "the assemble", touched_by, parent, touched_at.line, touched_at.col);
        return into + fmt::format("'{}' is used at {}:{}, between the create and the assemble", parent,
                                  touched_at.line, touched_at.col);
    }
    return {};
  }
};

namespace detail {

/// The kernel addresses parameter `param_type` (a window of `shape` dims) with `parent`'s strides.
inline bool same_strides(const ir::TensorType& param_type, const ir::TensorType& parent) {
  auto a = static_strides(param_type), b = static_strides(parent);
  if (!a || !b || a->size() != b->size()) return false;
  for (std::size_t i = 0; i < a->size(); ++i) {
    auto extent = ir::const_int(param_type.shape[i]);
    if (!extent) return false;
    if (*extent > 1 && (*a)[i] != (*b)[i]) return false;
  }
  return true;
}

}  // namespace detail

/// The creates of one block (its flattened statements) that become views (see the top of the file).
/// `uses` counts every occurrence of a variable node in the function (its definition included).
/// `declined`, when given, gets the reason for each create handed to a kernel's Out parameter that
/// stays a tensor of its own.
inline std::unordered_map<const ir::ExprNode*, WindowAlloc> plan_window_creates(
    const std::vector<ir::Stmt>& ss, const Roots& roots, const visit::PtrMap<int>& uses,
    const visit::PtrMap<int>& result_slots, visit::PtrMap<WindowDecline>* declined = nullptr) {
  std::unordered_map<const ir::ExprNode*, WindowAlloc> out;
  auto count = [&](const ir::ExprNode* v) {
    const int* n = uses.find(v);
    return n ? *n : 0;
  };
  // Position of each definition of this block (statements after a definition may use it).
  visit::PtrMap<std::size_t> defined_at;
  for (std::size_t i = 0; i < ss.size(); ++i) {
    auto note = [&](const ir::Expr& v) { defined_at.try_emplace(v.get(), i); };
    if (auto* a = ir::stmt_as<ir::Assign>(ss[i])) note(a->var);
    if (auto* x = ir::stmt_as<ir::For>(ss[i])) for (const auto& v : x->return_vars) note(v);
    if (auto* x = ir::stmt_as<ir::While>(ss[i])) for (const auto& v : x->return_vars) note(v);
    if (auto* x = ir::stmt_as<ir::If>(ss[i])) for (const auto& v : x->return_vars) note(v);
  }
  auto available_at = [&](const ir::Expr& e, std::size_t i) {
    bool ok = true;
    auto on = [&](const ir::Expr& x) {
      if (const std::size_t* at = defined_at.find(x.get()); at && *at >= i) ok = false;
    };
    visit::walk_expr(e, on);
    return ok;
  };
  // One pass over the block: the first call taking each variable as a direct argument, the
  // projections of each tuple, the assemble of each part (lookups, so a block of n statements
  // costs O(n), not a forward scan per create).
  struct CallUse {
    std::size_t at;
    const ir::Expr* call;
    const ir::Expr* target;  // null for an expression statement
    int arg;
  };
  visit::PtrMap<CallUse> call_use;
  visit::PtrMap<std::vector<std::pair<std::int64_t, const ir::ExprNode*>>> projections;
  visit::PtrMap<std::pair<std::size_t, const ir::Call*>> assembled;
  for (std::size_t j = 0; j < ss.size(); ++j) {
    const ir::Expr* value = nullptr;
    const ir::Expr* target = nullptr;
    if (auto* b = ir::stmt_as<ir::Assign>(ss[j])) value = &b->value, target = &b->var;
    if (auto* e = ir::stmt_as<ir::Eval>(ss[j])) value = &e->value;
    if (!value) continue;
    if (const auto* args = Roots::call_args(*value))
      for (std::size_t k = 0; k < args->size(); ++k)
        call_use.try_emplace((*args)[k].get(), CallUse{j, value, target, static_cast<int>(k)});
    if (auto* g = ir::expr_as<ir::TupleGetItem>(*value); g && target) projections[g->tuple.get()].push_back({g->index, target->get()});
    if (ir::is_op_call(*value, "tensor.assemble") && target) {
      auto* c = ir::expr_as<ir::Call>(*value);
      if (c->args.size() == 3) assembled.try_emplace(c->args[1].get(), std::pair{j, c});
    }
  }
  for (std::size_t i = 0; i < ss.size(); ++i) {
    auto* a = ir::stmt_as<ir::Assign>(ss[i]);
    // Two occurrences: buf's definition and one use, the Out argument of a kernel call whose result
    // is assembled; three: the call and an assemble of buf itself after it (after `self.k(x, buf)`
    // buf holds what k wrote, and Pattern 2 gives k the parent's strides for this form too:
    // OrchCallScan::assembled_arg, review rev41a F1).
    if (!a || !ir::is_op_call(a->value, "tensor.create") || result_slots.count(a->var.get())) continue;
    const ir::ExprNode* buf = a->var.get();
    const int occurrences = count(buf);
    if (occurrences != 2 && occurrences != 3) continue;
    // The first use: an Out argument of a kernel call in this block.
    const CallUse* cu = call_use.find(buf);
    if (!cu || cu->at <= i || (!cu->target && occurrences == 2)) continue;
    const std::size_t j = cu->at;
    const ir::Expr* call = cu->call;
    const ir::Expr* call_target = cu->target;
    const int param = cu->arg;
    const ir::Symbol* callee = Roots::call_callee(*call);
    const KernelInfo* kernel = roots.kernels().kernel(callee->view());
    // (An argument past the kernel's parameters is the task's error, said where the call is emitted.)
    if (!kernel || param < 0 || static_cast<std::size_t>(param) >= kernel->fn->params.size() ||
        kernel->fn->params[param].dir != ir::Direction::Out)
      continue;
    // The result that is buf: the call's own target, or its projection in this block; or buf
    // itself, its third occurrence being an assemble.
    const ir::ExprNode* part = nullptr;
    if (occurrences == 3) {
      part = buf;
    } else {
      const bool tuple = ir::type_as<ir::TupleType>((*call_target)->type) != nullptr;
      std::size_t r = 0;
      for (; r < kernel->result_param.size() && kernel->result_param[r] != param; ++r) {}
      if (r == kernel->result_param.size()) continue;
      if (!tuple) {
        part = call_target->get();
      } else if (const auto* pj = projections.find(call_target->get())) {
        for (const auto& [index, var] : *pj)
          if (static_cast<std::size_t>(index) == r) part = var;
      }
    }
    auto decline = [&](WindowDecline::Why why, const ir::Call* assemble, ir::Span assemble_span, ir::Span at = {}) {
      if (declined) declined->try_emplace(buf, WindowDecline{why, kernel->fn, param, assemble, assemble_span, at, {}});
    };
    const auto* as = part && (part == buf || count(part) == 2) ? assembled.find(part) : nullptr;  // the assemble of part, later here
    if (!as || as->first <= j) {
      decline(WindowDecline::Why::NotAssembled, nullptr, {});
      continue;
    }
    const std::size_t k = as->first;
    const ir::Call* assemble = as->second;
    const ir::Span assemble_span = ss[k]->span;
    const ir::Expr& parent = assemble->args[0];
    // The parent is one region on every path (a whole storage, or a window such as a loop carry
    // whose init is a slice and whose loop assembles into it in place), lying in one storage.
    const ir::ExprNode* parent_region = roots.region(parent);
    const ir::ExprNode* parent_root = parent_region ? roots.storage(parent) : nullptr;
    if (!parent_root) {
      decline(WindowDecline::Why::NotOneStorage, assemble, assemble_span);
      continue;
    }
    if (!available_at(parent, i) || !available_at(assemble->args[2], i)) {
      decline(WindowDecline::Why::DefinedLater, assemble, assemble_span);
      continue;
    }
    // Same strides: the kernel's parameter type against the parent's. A window's elements lie at
    // its storage's strides, whatever the window's own type declares (a loop carry of a slice is
    // typed packed).
    auto* pt = ir::type_as<ir::TensorType>(kernel->fn->params[param].var->type);
    auto* parent_t = ir::type_as<ir::TensorType>(parent->type);
    auto* laid_out = parent_region == parent_root ? parent_t : ir::type_as<ir::TensorType>(parent_root->type);
    auto* buf_t = ir::type_as<ir::TensorType>(a->var->type);
    if (!pt || !parent_t || !laid_out || !buf_t || buf_t->dtype != parent_t->dtype ||
        buf_t->shape.size() != parent_t->shape.size() || laid_out->shape.size() != parent_t->shape.size() ||
        !detail::same_strides(*pt, *laid_out)) {
      decline(WindowDecline::Why::OtherStrides, assemble, assemble_span);
      continue;
    }
    // Nothing between the create and the assemble touches parent's storage (the call's other
    // arguments included), through the parent or through a window of it taken before the create
    // (a task reading `old = slice(p)` there must see p as it was, not the kernel's writes).
    // A tensor whose storage is not known (a loop carry or If result of several tensors, a view
    // the table does not follow) may be the parent's, and so may an element of a tuple (a kernel's
    // results, `pr[1]` handed on): touched, unless each element's storage is known and another
    // (review rev40: `q`, a loop result that is the parent's window, read by a task between saw the
    // kernel's write early; the session-start binary did so for whole parents too).
    bool touched = false;
    std::string touched_by;
    auto may_be_parent = [&](const ir::ExprNode* st) { return !st || st == parent_root; };
    auto on = [&](const ir::Expr& x) {
      if (touched || x.get() == buf || x.get() == part) return;
      if (!ir::is_var_like(x) && !ir::expr_as<ir::TupleGetItem>(x)) return;  // (a call's operands are visited)
      if (ir::type_as<ir::TensorType>(x->type)) {
        touched = may_be_parent(roots.storage(x));
      } else if (auto* tt = ir::type_as<ir::TupleType>(x->type)) {
        for (std::size_t e = 0; e < tt->elems.size() && !touched; ++e)
          if (ir::type_as<ir::TensorType>(tt->elems[e]) || ir::type_as<ir::TupleType>(tt->elems[e]))
            touched = may_be_parent(roots.element_storage(x, e));
      }
      if (touched) {
        const ir::Expr& named = ir::expr_as<ir::TupleGetItem>(x) ? ir::expr_as<ir::TupleGetItem>(x)->tuple : x;
        touched_by = ir::var_name(named);
      }
    };
    auto on_stmt = [](const ir::Stmt&) {};
    std::size_t m = i + 1;
    for (; m < k; ++m) {
      visit::walk(ss[m], on_stmt, on);
      if (touched) break;
    }
    if (touched) {
      // The parent itself, when that statement names it (it reads better than a view of it).
      auto names_parent = [&](const ir::Expr& x) {
        if (x.get() == parent.get()) touched_by = ir::var_name(parent);
      };
      visit::walk(ss[m], on_stmt, names_parent);
      decline(WindowDecline::Why::Touched, assemble, assemble_span, ss[m]->span);
      if (declined)
        if (WindowDecline* d = declined->find(buf); d && d->why == WindowDecline::Why::Touched) d->touched_by = touched_by;
      continue;
    }
    out[buf] = {parent, assemble->args[2]};
  }
  return out;
}

}  // namespace ptorw::codegen::orch
