// Call-site side of OptimizeOrchTensors Pattern 5 (../shared/spec/optimize_orch_tensors.md
// "Pattern 5"): which calls of a windowed callee may use `<callee>__windowed`, and the rewrite
//
//   out_window = pl.tensor.slice(out, shape, offset)                 # each windowed Out
//   in_window  = pl.tensor.slice(inp, shape, offset)                 # each windowed In
//   out_window_next = self.kernel__windowed(..., in_window, ..., out_window)
//   r = pl.tensor.assemble(out, out_window_next, offset)             # r: the call's old result
//
// A call uses the clone only when every window of the clone is proven at that call (the clone is
// made once per callee; otherwise the call stays full and keeps the original callee). Checks, in
// order, each a remark at the call site (named rows of kWindowSiteChecks, kOutWindowChecks and
// kInWindowChecks below, each quoting its spec bullet):
//   * the caller is Orchestration or Opaque (spec "Scope": call sites are rewritten there);
//   * the result is assigned: `x = self.k(...)` (single result) or unpacked `a, b = ...` /
//     `r, tid = pl.submit(...)` — the parser's `t = ...; a = t[0]; b = t[1]` with the projections
//     right after the call and `t` used by nothing else (then the windowed Outs' projections become
//     the assembles and the others project the clone's result); or a tuple variable `t` used only
//     by projections `x = t[k]` anywhere after the call — some results (a Submit's task id) may be
//     projected late or never (rewrite_projected_call; spec: alias search through "tuple
//     projections");
//   * input-only Submit call sites stay full (spec "Input-window eligibility");
//   * each windowed Out: the call's result for it has the parent's type; its offsets, after
//     substituting the call's arguments, are affine in the accepted loop variables; in every
//     enclosing sequential (or parallel) For the windows of different iterations are disjoint
//     (|coefficient × step| ≥ window extent + the inner loops' spread in some dim, checked int64; a
//     loop of one iteration has no siblings — disjoint_across); never inside a While
//     ("sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint");
//   * each windowed Out and In: the argument's memory has the strides the clone reads the window
//     through (its narrowed parameter type keeps the original parameter's strides) — parent_strides_match;
//   * each windowed Out whose argument is a loop-return alias: folded to the loop's visible init
//     only where proven in place, as for an In (below); otherwise the call stays full;
//   * no two windowed Outs of the call resolve to the same parent (no chained assembles);
//   * each windowed In: offsets affine as above; when its argument is a loop-return alias, the slice
//     reads the loop's visible init (spec "Solution"), but only where every folded loop is proven to
//     write its result in place into the init's storage (CallerFacts::in_place_init); otherwise the
//     call stays full (fail closed: the init would not show the loop's writes);
//   * no sibling full writer (Out or InOut argument of another call that is not windowed) shares a
//     parent family with a windowed Out — decided to a fixed point, since a refused call becomes a
//     full writer itself.
// Later full-parent reads are not looked at (spec: they do not disable output windowing).
#pragma once
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_registry.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/var_uses.hpp"
#include "ptorw/patterns/memory_strides.hpp"
#include "ptorw/patterns/window/caller_facts.hpp"
#include "ptorw/patterns/window/windowed_clone.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/splice.hpp"

namespace ptorw::patterns::window {

/// A callee with windows and its clone.
struct WindowedCallee {
  CalleeWindows windows;
  ir::FunctionPtr clone;
  ir::Symbol clone_name;  // clone->name interned once, not once per rewritten call (ir/symbol.hpp)
};

namespace site_detail {

/// Whether two types are the same value by their parts' identity: plain tensor types (no view, no
/// MemRef) of one dtype whose dims are the same nodes (what tensor.slice infers from one `[shape]`
/// operand). A cheap sufficient test, not structural equality: a miss only costs a type node.
inline bool same_type_parts(const ir::Type& a, const ir::Type& b) {
  if (a == b) return true;
  auto *x = ir::type_as<ir::TensorType>(a), *y = ir::type_as<ir::TensorType>(b);
  return x && y && x->dtype == y->dtype && !x->view && !y->view && !x->memref && !y->memref && x->shape == y->shape;
}
/// `t`, or the equal type `shared` already holds (then `t` is dropped); `shared` keeps the first.
/// A window's slices have the same type at every call site (its `[offsets]` tuples too: see
/// offsets_operand): one node per window instead of one per site — the two were an eighth of the
/// peak heap of the --windowize benchmark program (issue 20; the binary IR writes a shared type once).
inline ir::Type shared_type(ir::Type t, ir::Type& shared) {
  if (!shared) shared = t;
  return same_type_parts(t, shared) ? shared : t;
}

/// A registry op's call of `args` (`d`: its definition, looked up once by the caller) with the
/// inferred type (or the equal one `shared` holds, when given); `args` is moved into the node.
inline ir::Expr op(const ir::OpDef& d, std::vector<ir::Expr>&& args, ir::Type* shared = nullptr) {
  ir::InferResult r = ir::check_and_infer(d, args, {});
  ir::Type t = shared && r.type ? shared_type(std::move(r.type), *shared) : std::move(r.type);
  return ir::make_expr(ir::Call{ir::CallKind::Op, ir::op_symbol(d), std::move(args), {}, {}}, std::move(t));
}
/// Three operands, moved into the call's argument list without an initializer list's copies.
inline ir::Expr op3(const ir::OpDef& d, ir::Expr a, ir::Expr b, ir::Expr c, ir::Type* shared = nullptr) {
  std::vector<ir::Expr> args;
  args.reserve(3);
  args.push_back(std::move(a));
  args.push_back(std::move(b));
  args.push_back(std::move(c));
  return op(d, std::move(args), shared);
}
/// The `[offsets]` operand of a window at one call site, its tuple type shared by the window's sites.
/// (ir::make_tuple's node and type, without a new type when the window's shared one fits.)
inline ir::Expr offsets_operand(const Window& w, std::vector<ir::Expr> offsets) {
  const auto* shared = ir::type_as<ir::TupleType>(w.offsets_type);
  bool fits = shared && shared->elems.size() == offsets.size();
  for (std::size_t i = 0; fits && i < offsets.size(); ++i) fits = shared->elems[i] == offsets[i]->type;
  if (fits) return ir::make_expr(ir::MakeTuple{std::move(offsets)}, w.offsets_type);
  ir::Expr e = ir::make_tuple(std::move(offsets));
  if (!w.offsets_type) w.offsets_type = e->type;
  return e;
}
inline const ir::OpDef& slice_op() {
  static const ir::OpDef& d = *ir::find_op("tensor.slice");
  return d;
}
inline const ir::OpDef& assemble_op() {
  static const ir::OpDef& d = *ir::find_op("tensor.assemble");
  return d;
}

inline std::string loc(const ir::StmtNode* s) { return std::to_string(s->span.line) + ":" + std::to_string(s->span.col); }

/// A window materialized at one call: the slice parent and the substituted offsets.
struct SiteWindow {
  std::size_t param = 0;
  const Window* w = nullptr;
  ir::Expr parent;                 // the slice's parent (loop results folded to their init)
  std::vector<ir::Expr> offsets;   // call-site expressions
  ir::Expr offset_operand;         // `[offsets]`, one node for the slice and the assemble
};

struct SiteDecision {
  std::string why;  // empty: accepted
  std::vector<SiteWindow> outs, ins;
  std::vector<std::size_t> families;  // of the windowed Outs
  // A tuple-variable result read by projections anywhere after the call (not one adjacent
  // unpack): those projections, every use of the variable.
  const std::vector<ir::Stmt>* projections = nullptr;
};

/// The callee's offsets with its params replaced by the call's arguments; a constant when affine-constant.
/// The params are found by a scan from the last one (a param node listed twice maps to its last
/// argument, as a table filled in order would): callees have a handful of params, and a hash table
/// per window per call site cost a heap allocation per param (issue 20, Pattern 5 per call site).
inline std::optional<std::vector<ir::Expr>> site_offsets(const CallerFacts& facts, const ir::Function& callee,
                                                         const std::vector<ir::Expr>& args, const Window& w,
                                                         std::vector<analysis::Affine>& forms, std::string& why) {
  auto arg_of = [&](const ir::Expr& x) -> const ir::Expr& {
    for (std::size_t i = callee.params.size(); i-- > 0;)
      if (callee.params[i].var.get() == x.get()) return args[i];
    return x;
  };
  std::vector<ir::Expr> out;
  out.reserve(w.offsets.size());
  forms.reserve(forms.size() + w.offsets.size());
  for (const auto& o : w.offsets) {
    // A variable has no mapped children (visit/children.hpp): map_exprs would return arg_of(o).
    ir::Expr e = ir::is_var_like(o) ? arg_of(o) : visit::map_exprs(o, [&](const ir::Expr& x) { return arg_of(x); });
    analysis::AffineResult r = facts.affine(e);
    if (!r.value)
      return why = "an offset is not affine in the accepted loop variables (offset " + facts.resolved(e) + ": " + r.why + ")",
             std::nullopt;
    if (r.value->is_constant()) e = ir::make_int(r.value->constant);
    forms.push_back(std::move(*r.value));
    out.push_back(std::move(e));
  }
  return out;
}

/// "sequential-loop siblings are rewritten only when every rewritten Out can be proven disjoint".
/// The number of iterations of a For whose bounds and step are constants; nullopt otherwise.
inline std::optional<std::int64_t> trip_count(const ir::For& f) {
  auto a = ir::const_int(f.start), b = ir::const_int(f.stop), s = ir::const_int(f.step);
  if (!a || !b || !s || *s == 0) return std::nullopt;
  // Bounds are int64 and |step| >= 1: the distance and |step| fit in uint64 (computed there, so
  // INT64_MIN bounds and steps cannot overflow; no __int128, which -Wpedantic rejects in headers).
  const std::uint64_t sa = static_cast<std::uint64_t>(*a), sb = static_cast<std::uint64_t>(*b);
  if (*s > 0 ? *b <= *a : *a <= *b) return 0;
  const std::uint64_t span = *s > 0 ? sb - sa : sa - sb;
  const std::uint64_t by = *s > 0 ? static_cast<std::uint64_t>(*s) : std::uint64_t{0} - static_cast<std::uint64_t>(*s);
  const std::uint64_t n = span / by + (span % by != 0);
  if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
  return static_cast<std::int64_t>(n);
}

/// Spec "sequential-loop siblings are rewritten only when every rewritten Out can be proven
/// disjoint across sibling iterations". Two different iterations of the enclosing loops first differ
/// at some loop L (outermost first); below L, the inner loops may take any values. So for each L
/// some dim d must separate them: the window origins of two iterations of L differ by a multiple of
/// |coeff_L * step_L| there, and the inner loops move the origin by at most
/// spread = sum over inner loops M of |coeff_M * step_M| * (trips_M - 1); the windows are disjoint
/// in d when |coeff_L * step_L| >= extent_d + spread. (Checking each loop alone, without the
/// spread, accepted `i * 16 + j * 16` over i < 4, j < 2: iterations (0, 1) and (1, 0) write the
/// same rows.) A loop of at most one iteration has no siblings. Checked int64 throughout.
inline std::string disjoint_across(const CallStmt& c, const Window& w, const std::vector<analysis::Affine>& forms) {
  for (std::size_t li = 0; li < c.loops.size(); ++li) {
    const ir::StmtNode* l = c.loops[li];
    auto* f = ir::kind_as<ir::For>(l->kind);
    if (!f) return "it is inside a while loop at " + loc(l) + ": windows of different iterations are not proven disjoint";
    auto step = ir::const_int(f->step);
    if (!step || *step == 0) return "the loop at " + loc(l) + " has no constant step";
    if (auto n = trip_count(*f); n && *n <= 1) continue;
    bool disjoint = false, spread_used = false;
    for (std::size_t d = 0; d < forms.size() && !disjoint; ++d) {
      std::int64_t gap = 0;
      if (__builtin_mul_overflow(forms[d].coeff(f->loop_var.get()), *step, &gap)) return "int64 overflow in the iteration gap";
      if (gap == std::numeric_limits<std::int64_t>::min()) return "int64 overflow in the iteration gap";
      std::int64_t need = w.shape[d];  // extent_d + the inner loops' spread in dim d
      bool known = true;
      for (std::size_t mi = li + 1; mi < c.loops.size() && known; ++mi) {
        auto* g = ir::kind_as<ir::For>(c.loops[mi]->kind);
        if (!g) continue;  // a While has no loop variable: it does not move the offset (it is refused at its own level)
        const std::int64_t cm = forms[d].coeff(g->loop_var.get());
        if (cm == 0) continue;
        auto sm = ir::const_int(g->step);
        auto nm = trip_count(*g);
        std::int64_t move = 0, reach = 0;
        if (!sm || !nm || __builtin_mul_overflow(cm, *sm, &move) || move == std::numeric_limits<std::int64_t>::min() ||
            __builtin_mul_overflow(std::llabs(move), std::max<std::int64_t>(*nm - 1, 0), &reach) ||
            __builtin_add_overflow(need, reach, &need)) {
          known = false;  // an inner loop with unknown trips (or an overflow) moves this dim by an unknown amount
          break;
        }
        spread_used |= reach > 0;
      }
      disjoint = known && std::llabs(gap) >= need;
    }
    if (!disjoint)
      return "windows of different iterations of the loop at " + loc(l) + " over '" + ir::var_name(f->loop_var) +
             "' are not proven disjoint" + (spread_used ? " (its step, less the spread of the inner loops' windows, is "
                                                          "smaller than the window)" : "");
  }
  return {};
}

/// The sibling-independent checks of one call.
/// The variables receiving the call's results, one per result (empty: not in a supported form).
inline std::vector<ir::Expr> result_vars(const CallStmt& c, std::size_t results, const UseCounts& uses) {
  if (!c.target) return {};
  if (auto* t = ir::expr_as<ir::MakeTuple>(c.target)) return t->elems.size() == results ? t->elems : std::vector<ir::Expr>{};
  if (!ir::type_as<ir::TupleType>(c.target->type)) return results == 1 ? std::vector<ir::Expr>{c.target} : std::vector<ir::Expr>{};
  if (c.unpack.size() != results || uses_of(uses, c.target) != static_cast<int>(results)) return {};
  std::vector<ir::Expr> out;
  for (const auto& p : c.unpack) out.push_back(ir::stmt_as<ir::Assign>(p)->var);
  return out;
}

/// Spec "tuple projections": a tuple-variable result `t` used only by projections `x = t[k]`,
/// wherever they sit after the call (a task id projected later or never, results read where
/// needed). Those projections; null with the reason otherwise.
inline const std::vector<ir::Stmt>* tuple_projections(const CallStmt& c, std::size_t results, const CallerFacts& facts,
                                                      const UseCounts& uses, std::string& why) {
  auto* tt = c.target && ir::expr_as<ir::Var>(c.target) ? ir::type_as<ir::TupleType>(c.target->type) : nullptr;
  if (!tt || tt->elems.size() != results) {
    // A call whose result is not bound (an expression statement) is told apart: it has no tuple to
    // unpack (review rev43a F6).
    why = !c.target ? std::string("the call's result is not bound to a variable (its windowed result would have no name to "
                                  "assemble into the parent)")
                    : std::string("the call's results are not assigned to one variable each (a tuple result must be unpacked "
                                  "right after the call and used by nothing else)");
    return nullptr;
  }
  static const std::vector<ir::Stmt> none;
  const std::vector<ir::Stmt>* ps = facts.projections_of(c.target);
  if (!ps) ps = &none;
  if (uses_of(uses, c.target) != static_cast<int>(ps->size())) {
    why = "the tuple result '" + ir::var_name(c.target) + "' is used other than by projections 'x = " +
          ir::var_name(c.target) + "[k]'";
    return nullptr;
  }
  return ps;
}

/// The strides of the caller's tensors' memory (memory_strides.hpp), made on first use: most
/// callers have no window to check.
struct LazyCallerValues {
  const ir::FunctionPtr& caller;
  analysis::AnalysisCache& cache;
  const CarriedArgs& carried;
  bool called;  // other functions call the caller (its parameters may be views)
  std::shared_ptr<const CallerValues> v = {};
  std::unique_ptr<MemoryStrides> s = {};
  MemoryStrides& strides() {
    if (!v) v = cache.share<CallerValues>(caller);
    if (!s) s = std::make_unique<MemoryStrides>(*v, carried, called, /*any_leading=*/true);
    return *s;
  }
};

/// What the checks of one call of a windowed callee see; a refusal is written to `d.why` (the
/// remark at the call site).
struct WindowSiteQuestion {
  const ir::Function& caller;
  CallerFacts& facts;
  LazyCallerValues& values;
  const CallStmt& c;
  const WindowedCallee& wc;
  const UseCounts& uses;
  SiteDecision& d;
  std::vector<ir::Expr> res_vars;  // results_readable: the call's result variables (or none: projections)

  const ir::Function& callee() const { return *wc.windows.fn; }
};

/// One window of the call: what its checks establish for the next ones.
struct WindowAtSite {
  std::size_t param = 0;
  const Window* w = nullptr;
  std::size_t ret = 0;                  // Outs: the return position carrying the param
  std::vector<analysis::Affine> forms;  // offsets_affine
  std::vector<ir::Expr> offsets;        // offsets_affine: call-site offsets
  ir::Expr parent;                      // the slice's parent
};

/// One named check: true when it refuses (the reason in q.d.why). `rule` quotes the spec bullet.
template <class... Extra> struct WindowCheck {
  std::string_view name;
  std::string_view rule;
  bool (*refuses)(WindowSiteQuestion&, Extra&...);
};

namespace window_site_checks {

inline bool refuse(WindowSiteQuestion& q, std::string why) {
  q.d.why = std::move(why);
  return true;
}

inline bool caller_scope(WindowSiteQuestion& q) {
  if (q.caller.type == ir::FunctionType::Orchestration || q.caller.type == ir::FunctionType::Opaque) return false;
  return refuse(q, "the caller is " + std::string(ir::name_of(q.caller.type)) + ", not Orchestration or Opaque");
}

inline bool matching_args(WindowSiteQuestion& q) {
  if (q.c.args().size() == q.callee().params.size()) return false;
  return refuse(q, "the call's arguments do not match the callee");
}

inline bool not_input_only_submit(WindowSiteQuestion& q) {
  if (!q.c.is_submit() || !q.wc.windows.outs.empty()) return false;
  return refuse(q, "input-only Submit call sites stay full (a full input may carry a wider dependency)");
}

inline bool results_readable(WindowSiteQuestion& q) {
  const std::size_t results = q.callee().return_types.size() + (q.c.is_submit() ? 1 : 0);
  q.res_vars = result_vars(q.c, results, q.uses);
  if (!q.res_vars.empty()) return false;
  return !(q.d.projections = tuple_projections(q.c, results, q.facts, q.uses, q.d.why));
}

inline bool result_has_parent_type(WindowSiteQuestion& q, WindowAtSite& o) {
  const ir::Expr& arg = q.c.args()[o.param];
  const ir::Expr res = q.d.projections ? nullptr : q.res_vars[o.ret];
  const ir::Type& res_type = res ? res->type : ir::type_as<ir::TupleType>(q.c.target->type)->elems[o.ret];
  if ((!res || ir::expr_as<ir::Var>(res)) && visit::structural_equal(res_type, arg->type).equal) return false;
  return refuse(q, "the result carrying Out param '" + ir::var_name(q.callee().params[o.param].var) +
                       "' does not have its parent's type");
}

/// The clone reads (writes) the window through the parameter's strides (window.hpp parent_strides,
/// its TensorView): the argument's memory must have exactly those strides, or the clone would
/// address another layout than the call hands it (a slice of a wider parent, a parameter with
/// explicit strides, such a view passed through an If, a loop or a helper's result: review, 37th
/// session). Unknown strides refuse (fail closed). A loop result whose slice parent becomes its
/// init has the init's memory when the loop writes it in place; otherwise in_parent_visible /
/// out_parent_visible refuse the call with their own reason.
inline bool parent_strides_match(WindowSiteQuestion& q, WindowAtSite& w) {
  const ir::Expr& arg = q.c.args()[w.param];
  const KnownStrides s = q.values.strides().of(arg);
  if (s.value && *s.value == w.w->strides) return false;
  return refuse(q, "the argument " + value_text(arg) + " of '" + ir::var_name(q.callee().params[w.param].var) + "' " +
                       (s.value ? "has strides " + strides_text(*s.value) : "has unknown strides (" + s.why + ")") +
                       ", but the windowed clone reads it through the strides " + strides_text(w.w->strides));
}

inline bool offsets_affine(WindowSiteQuestion& q, WindowAtSite& o) {
  auto offs = site_offsets(q.facts, q.callee(), q.c.args(), *o.w, o.forms, q.d.why);
  if (!offs) return true;
  o.offsets = std::move(*offs);
  return false;
}

/// A window at constant call-site offsets lies inside the argument's static shape: the slice the
/// rewrite writes is checked by the verifier, and a call the input never runs (an untaken branch)
/// may pass offsets outside it (review, 37th session: the pass output did not verify). Spec: "The
/// pass keeps unsupported cases on the baseline full-tensor path". Runtime offsets stay the
/// caller's precondition, as the callee's own store is.
inline bool window_in_bounds(WindowSiteQuestion& q, WindowAtSite& o) {
  const ir::Expr& arg = q.c.args()[o.param];
  const std::vector<ir::Expr>* shape = ir::shape_of(arg->type);
  if (!shape || shape->size() != o.w->shape.size() || o.offsets.size() != o.w->shape.size()) return false;
  for (std::size_t i = 0; i < o.offsets.size(); ++i) {
    auto off = ir::const_int(o.offsets[i]);
    auto dim = ir::const_int((*shape)[i]);
    if (!off || !dim) continue;
    if (*off < 0 || *off > *dim || o.w->shape[i] > *dim - *off)  // (no sum: an offset may be near INT64_MAX)
      return refuse(q, "the window " +
                           (*off <= INT64_MAX - o.w->shape[i]
                                ? "[" + std::to_string(*off) + ", " + std::to_string(*off + o.w->shape[i]) + ")"
                                : "at offset " + std::to_string(*off)) +
                           " in dimension " + std::to_string(i) + " is outside the argument " + value_text(arg) +
                           " of extent " + std::to_string(*dim));
  }
  return false;
}

inline bool disjoint_iterations(WindowSiteQuestion& q, WindowAtSite& o) {
  q.d.why = disjoint_across(q.c, *o.w, o.forms);
  return !q.d.why.empty();
}

/// The slice parent of window `w`: its argument, or — when that is a loop-return alias — the
/// loop's visible init (spec "When a materialized slice would otherwise use a loop-return alias as
/// its parent, the pass rewrites that parent to the loop's visible init"), only where every folded
/// loop is proven to write the init in place; otherwise the call stays full, `why` saying what the
/// init would get wrong.
inline bool fold_loop_result_parent(WindowSiteQuestion& q, WindowAtSite& w, const char* dir, const char* why) {
  const ir::Expr& arg = q.c.args()[w.param];
  w.parent = arg;
  if (!q.facts.is_loop_result(arg)) return false;
  bool proven = false;
  w.parent = q.facts.in_place_init(arg, proven);
  if (!proven)
    return refuse(q, std::string("the ") + dir + " argument " + ir::var_name(arg) +
                         " is a loop result not proven to be written in place into its init (" + why + ")");
  // "the loop's visible init tensor": an init written inline (`init_values=(pl.full(...),)`) names
  // no tensor — a slice of it would evaluate the expression again into fresh storage, without the
  // loop's writes (review, 37th session: diffcheck differed, or read poison for a tensor.create).
  if (!ir::is_var_like(w.parent))
    return refuse(q, std::string("the ") + dir + " argument " + ir::var_name(arg) +
                         " is a loop result whose init is an expression, not a visible tensor to slice");
  return false;
}

/// An Out: unproven, the slice would name one tensor and the assemble after the call another
/// (audit 2026-12-06 F1: a loop yielding a different tensor than its iter-arg made the windowed
/// call write into the init).
inline bool out_parent_visible(WindowSiteQuestion& q, WindowAtSite& o) {
  return fold_loop_result_parent(q, o, "Out", "a window sliced from the init would not be the tensor the result is "
                                              "assembled into");
}

inline bool distinct_parents(WindowSiteQuestion& q, WindowAtSite& o) {
  const ir::Expr& arg = q.c.args()[o.param];
  const std::size_t fam = q.facts.family(arg);
  for (auto other : q.d.families)
    if (other == fam) return refuse(q, "two externalized Outs resolve to the same parent tensor");
  q.d.families.push_back(fam);
  return false;
}

inline bool in_parent_visible(WindowSiteQuestion& q, WindowAtSite& in) {
  return fold_loop_result_parent(q, in, "In", "slicing the init would not show the loop's writes");
}

}  // namespace window_site_checks

/// The checks of one call, asked in order (the list at the top of this file).
inline constexpr WindowCheck<> kWindowSiteChecks[] = {
    {"caller_scope", "spec \"Scope\": Orchestration / Opaque: \"Call sites rewritten (Patterns 1, 2, 5)\"",
     window_site_checks::caller_scope},
    {"matching_args", "a well-formed call (the verifier reports others)", window_site_checks::matching_args},
    {"not_input_only_submit", "spec \"input-only Submit callsites stay full-tensor\"",
     window_site_checks::not_input_only_submit},
    {"results_readable", "spec \"sibling-writer alias collection ... tuple projections are resolved to the visible "
                         "parent before call-site slicing\"",
     window_site_checks::results_readable},
};

/// The checks of each windowed Out of the call, in order.
inline constexpr WindowCheck<WindowAtSite> kOutWindowChecks[] = {
    {"result_has_parent_type", "spec \"out_window_next = self.kernel__windowed(..., out_window); out = "
                               "pl.tensor.assemble(out, out_window_next, offset)\": the result has the parent's type",
     window_site_checks::result_has_parent_type},
    {"parent_strides_match", "spec \"Clone the callee to a __windowed variant with narrowed rewritten tensor parameter "
                             "types\": the narrowed type keeps the parameter's strides, which the argument must have",
     window_site_checks::parent_strides_match},
    {"offsets_affine", "spec \"offsets must be affine in the surrounding loop variables accepted by the pass\"",
     window_site_checks::offsets_affine},
    {"window_in_bounds", "spec \"The pass keeps unsupported cases on the baseline full-tensor path\": a constant "
                         "window outside the argument has no slice",
     window_site_checks::window_in_bounds},
    {"disjoint_iterations", "spec \"sequential-loop siblings are rewritten only when every rewritten Out can be "
                            "proven disjoint across sibling iterations\"",
     window_site_checks::disjoint_iterations},
    {"out_parent_visible", "spec \"When a materialized slice would otherwise use a loop-return alias as its parent, "
                           "the pass rewrites that parent to the loop's visible init\" (only where proven in place)",
     window_site_checks::out_parent_visible},
    {"distinct_parents", "spec \"if multiple externalized Out params at the same callsite resolve to the same parent "
                         "tensor, that callsite stays full-tensor\"",
     window_site_checks::distinct_parents},
};

/// The checks of each windowed In of the call, in order.
inline constexpr WindowCheck<WindowAtSite> kInWindowChecks[] = {
    {"in_parent_visible", "spec \"When a materialized slice would otherwise use a loop-return alias as its parent, "
                          "the pass rewrites that parent to the loop's visible init\" (only where proven in place)",
     window_site_checks::in_parent_visible},
    {"parent_strides_match", "spec \"Clone the callee to a __windowed variant with narrowed rewritten tensor parameter "
                             "types\": the narrowed type keeps the parameter's strides, which the argument must have",
     window_site_checks::parent_strides_match},
    {"offsets_affine", "spec \"pure input-window shape and callee-local offset expressions may reference only callee "
                       "params; after call-site substitution, those params may carry outer loop-affine values\"",
     window_site_checks::offsets_affine},
    {"window_in_bounds", "spec \"The pass keeps unsupported cases on the baseline full-tensor path\": a constant "
                         "window outside the argument has no slice",
     window_site_checks::window_in_bounds},
};

inline SiteDecision decide(const ir::Function& caller, CallerFacts& facts, LazyCallerValues& values, const CallStmt& c,
                           const WindowedCallee& wc, const UseCounts& uses) {
  SiteDecision d;
  d.outs.reserve(wc.windows.outs.size());
  d.ins.reserve(wc.windows.ins.size());
  d.families.reserve(wc.windows.outs.size());
  WindowSiteQuestion q{caller, facts, values, c, wc, uses, d, {}};
  for (const auto& check : kWindowSiteChecks)
    if (check.refuses(q)) return d;
  for (const auto& o : wc.windows.outs) {
    WindowAtSite at{o.param, &o.w, o.ret, {}, {}, nullptr};
    for (const auto& check : kOutWindowChecks)
      if (check.refuses(q, at)) return d;
    ir::Expr operand = offsets_operand(o.w, at.offsets);
    d.outs.push_back(SiteWindow{o.param, &o.w, std::move(at.parent), std::move(at.offsets), std::move(operand)});
  }
  for (const auto& in : wc.windows.ins) {
    WindowAtSite at{in.param, &in.w, 0, {}, {}, nullptr};
    for (const auto& check : kInWindowChecks)
      if (check.refuses(q, at)) return d;
    ir::Expr operand = offsets_operand(in.w, at.offsets);
    d.ins.push_back(SiteWindow{in.param, &in.w, std::move(at.parent), std::move(at.offsets), std::move(operand)});
  }
  return d;
}

/// The `[shape]` operand of a window's slices, built once per window (nodes are immutable and
/// shared: a million call sites need not allocate a million copies of `[32, 64]`).
inline ir::Expr shape_operand(const Window& w) {
  if (!w.shape_operand) {
    std::vector<ir::Expr> shape;
    for (auto x : w.shape) shape.push_back(ir::make_int(x));
    w.shape_operand = ir::make_tuple(std::move(shape));
  }
  return w.shape_operand;
}

inline ir::Expr window_slice(const SiteWindow& s, std::vector<ir::Stmt>& out, const std::string& hint) {
  ir::Expr slice = op3(slice_op(), s.parent, shape_operand(*s.w), s.offset_operand, &s.w->slice_type);
  ir::Expr v = ir::make_var(hint + "_window", slice->type);
  out.push_back(ir::make_assign(v, slice));
  return v;
}

/// The window slices of an accepted call (appended to `out`) and the call of the clone on them.
inline ir::Expr windowed_call(const CallStmt& c, const SiteDecision& d, const WindowedCallee& wc, std::vector<ir::Stmt>& out) {
  std::vector<ir::Expr> args = c.args();
  for (const auto& s : d.ins) args[s.param] = window_slice(s, out, ir::var_name(c.args()[s.param]));
  for (const auto& s : d.outs) args[s.param] = window_slice(s, out, ir::var_name(c.args()[s.param]));
  const ir::Function& clone = *wc.clone;
  ir::Expr call;
  if (auto* k = ir::expr_as<ir::Call>(c.call)) {
    ir::Type t = visit::call_result_type(clone, args);
    call = ir::make_expr(ir::Call{k->kind, wc.clone_name, std::move(args), k->kwargs, k->attrs}, std::move(t), c.call->span);
  } else {
    ir::Type r = visit::call_result_type(clone, args);
    std::vector<ir::Type> ts;
    if (auto* tt = ir::type_as<ir::TupleType>(r)) ts = tt->elems;
    else ts = {r};
    ts.push_back(ir::scalar_type(ir::DType::TASK_ID));
    call = ir::make_expr(ir::Submit{wc.clone_name, std::move(args), ir::expr_as<ir::Submit>(c.call)->kwargs},
                         ir::make_type(ir::TupleType{std::move(ts)}), c.call->span);
  }
  return call;
}

/// The statements replacing an accepted call whose results are assigned one variable each.
inline std::vector<ir::Stmt> rewrite_call(const CallStmt& c, const SiteDecision& d, const WindowedCallee& wc) {
  auto* tuple = ir::expr_as<ir::MakeTuple>(c.target);
  const bool unpacked = !tuple && !c.unpack.empty();
  std::vector<ir::Stmt> out;  // slices, the call, its unpack, the assembles: sized once
  out.reserve(d.ins.size() + 2 * d.outs.size() + 1 + (unpacked ? c.unpack.size() : 0));
  ir::Expr call = windowed_call(c, d, wc, out);
  const ir::Function& clone = *wc.clone;
  std::vector<ir::Stmt> assembles;
  assembles.reserve(d.outs.size());
  std::vector<ir::Expr> targets;
  if (tuple) {
    targets = tuple->elems;
  } else if (unpacked) {
    targets.reserve(c.unpack.size());
    for (const auto& p : c.unpack) targets.push_back(ir::stmt_as<ir::Assign>(p)->var);
  } else {
    targets.push_back(c.target);
  }
  for (std::size_t i = 0; i < d.outs.size(); ++i) {
    const OutWindow& o = wc.windows.outs[i];
    const ir::Expr old = targets[o.ret];
    ir::Expr next = ir::make_var(ir::var_name(old) + "_window", clone.return_types[o.ret]);
    targets[o.ret] = next;
    ir::Expr asm_ = op3(assemble_op(), c.args()[o.param], next, d.outs[i].offset_operand);  // shared with the slice
    assembles.push_back(ir::make_assign(old, std::move(asm_)));
  }
  if (unpacked) {  // t_window = self.k__windowed(...); a_window = t_window[0]; b = t_window[1]; ...
    ir::Expr t = ir::make_var(ir::var_name(c.target) + "_window", call->type, c.target->span);
    out.push_back(ir::make_assign(t, call, c.stmt->span));
    for (std::size_t j = 0; j < targets.size(); ++j)
      out.push_back(ir::make_assign(targets[j], ir::make_get_item(t, static_cast<std::int64_t>(j)), c.unpack[j]->span));
    for (auto& s : assembles) out.push_back(std::move(s));
    return out;
  }
  ir::Expr target = tuple ? ir::make_expr(ir::MakeTuple{targets}, c.target->type, c.target->span) : targets[0];
  out.push_back(ir::make_assign(target, call, c.stmt->span));
  for (auto& s : assembles) out.push_back(std::move(s));
  return out;
}

/// An accepted call with a tuple-variable result read by projections anywhere after it (spec: the
/// alias search "descends into nested ... bodies, so tensor aliases such as ... tuple projections
/// are resolved"): into `repl`,
///
///   <slices>; t_window = self.k__windowed(...)
///   x_window = t_window[j]; x = pl.tensor.assemble(out, x_window, offset)   # each windowed Out j
///
/// where x is the first projection `x = t[j]` (its definition moves up to the call, which
/// dominates it; a fresh `t_j` when result j is never projected), and every other projection
/// `y = t[k]` stays where it is as `y = x` (a windowed k) or `y = t_window[k]` (the task id of a
/// Submit, results that are not windowed). Returns whether it wrote such a copy `y = x` (left for
/// simplify: the caller is untidy).
inline bool rewrite_projected_call(const CallStmt& c, const SiteDecision& d, const WindowedCallee& wc,
                                   visit::NodeMap<const ir::StmtNode*, std::vector<ir::Stmt>>& repl) {
  std::vector<ir::Stmt> out;
  ir::Expr call = windowed_call(c, d, wc, out);
  ir::Expr t = ir::make_var(ir::var_name(c.target) + "_window", call->type, c.target->span);
  out.push_back(ir::make_assign(t, call, c.stmt->span));
  auto index_of = [](const ir::Stmt& p) { return ir::expr_as<ir::TupleGetItem>(ir::stmt_as<ir::Assign>(p)->value)->index; };
  std::unordered_map<std::int64_t, ir::Expr> assembled;  // result position → the assembled parent
  for (std::size_t i = 0; i < d.outs.size(); ++i) {
    const auto j = static_cast<std::int64_t>(wc.windows.outs[i].ret);
    const ir::Stmt* first = nullptr;
    for (const auto& p : *d.projections)
      if (!first && index_of(p) == j) first = &p;
    ir::Expr asm_ = nullptr, x = first ? ir::stmt_as<ir::Assign>(*first)->var : nullptr;
    ir::Expr next = ir::make_var((x ? ir::var_name(x) : ir::var_name(c.target) + "_" + std::to_string(j)) + "_window",
                                 wc.clone->return_types[static_cast<std::size_t>(j)]);
    out.push_back(ir::make_assign(next, ir::make_get_item(t, j)));
    asm_ = op3(assemble_op(), c.args()[d.outs[i].param], next, d.outs[i].offset_operand);  // shared with the slice
    if (!x) x = ir::make_var(ir::var_name(c.target) + "_" + std::to_string(j), asm_->type);
    out.push_back(ir::make_assign(x, asm_, first ? (*first)->span : c.stmt->span));
    assembled[j] = x;
    if (first) repl.emplace(first->get(), std::vector<ir::Stmt>{});
  }
  bool copies = false;
  for (const auto& p : *d.projections) {
    if (repl.count(p.get())) continue;
    const auto* a = ir::stmt_as<ir::Assign>(p);
    auto it = assembled.find(index_of(p));
    copies = copies || it != assembled.end();
    ir::Expr v = it != assembled.end() ? it->second : ir::make_get_item(t, index_of(p), a->value->span);
    repl.emplace(p.get(), std::vector<ir::Stmt>{ir::make_assign(a->var, v, p->span)});
  }
  repl.emplace(c.stmt, std::move(out));
  return copies;
}

using visit::splice;  // (visit/splice.hpp)

}  // namespace site_detail

/// Does `body` call (or submit) one of `callees`? A cheap walk that spares building CallerFacts for
/// callers with nothing to decide (every caller once the clones are in place).
inline bool calls_any(const ir::Stmt& s, const std::unordered_map<std::string, WindowedCallee>& callees) {
  if (!s) return false;
  // Calls sit at the top of Assign / Eval values (the form Pattern 5 rewrites); anything else is
  // searched through its children, stopping at the first hit.
  const ir::Expr* v = nullptr;
  if (auto* a = ir::stmt_as<ir::Assign>(s)) v = &a->value;
  if (auto* e = ir::stmt_as<ir::Eval>(s)) v = &e->value;
  if (v) {
    if (auto* c = ir::expr_as<ir::Call>(*v); c && c->kind == ir::CallKind::Function) return callees.count(c->callee) > 0;
    if (auto* sb = ir::expr_as<ir::Submit>(*v)) return callees.count(sb->callee) > 0;
    return false;
  }
  bool found = false;
  visit::each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { found = found || calls_any(c, callees); });
  return found;
}

/// The decisions about the calls of one caller, made by the match; the rewrite builds the new body
/// from them (rewrite_caller). The facts are shared: the decisions point into them.
struct CallerDecision {
  const ir::Function* caller = nullptr;
  std::shared_ptr<CallerFacts> facts;
  std::vector<site_detail::SiteDecision> ds;        // per call of facts->calls()
  std::vector<const WindowedCallee*> wcs;           // per call: its windowed callee, or null
};

/// The first kernel call (or pl.submit) of `s` nested in an expression — an argument of another
/// call, a loop's init, a condition — rather than the whole value of an assignment or expression
/// statement; null when there is none (flatten-call-expr's output). A rewritten call site slices and
/// assembles its Out argument, and a loop-return parent becomes the loop's init: an expression there
/// would be evaluated twice (a kernel writing InOut would run twice), and a nested writer is no
/// call statement the sibling-writer rule sees (audit 2026-12-05). Pattern 5 leaves such callers
/// alone (fail closed); the default pipeline flattens calls first.
inline const ir::ExprNode* nested_user_call(const ir::Stmt& s) {
  const ir::ExprNode* found = nullptr;
  auto user_call = [](const ir::Expr& e) {
    auto* c = ir::expr_as<ir::Call>(e);
    return (c && c->kind == ir::CallKind::Function) || ir::expr_as<ir::Submit>(e);
  };
  std::function<void(const ir::Expr&)> in_expr = [&](const ir::Expr& e) {
    if (found || !e) return;
    if (user_call(e)) {
      found = e.get();
      return;
    }
    visit::for_each_child(e, in_expr);
  };
  std::function<void(const ir::Stmt&)> in_stmt = [&](const ir::Stmt& st) {
    if (found || !st) return;
    const ir::Expr* v = nullptr;
    if (auto* a = ir::stmt_as<ir::Assign>(st)) v = &a->value;
    if (auto* e = ir::stmt_as<ir::Eval>(st)) v = &e->value;
    if (v && *v && user_call(*v)) {  // the call itself is the statement's value: look into its operands
      visit::for_each_child(*v, in_expr);
      return;
    }
    visit::each_child(st, in_expr, in_stmt);
  };
  in_stmt(s);
  return found;
}

/// Decides every call of a windowed callee in `caller` and adds one note per such call; nullopt when
/// no call may use its clone. `called`: other functions call `caller` (its parameters may be views).
inline std::optional<CallerDecision> decide_caller(const ir::Program& prog, const ir::FunctionPtr& caller_ptr,
                                                   analysis::AnalysisCache& cache,
                                                   const std::unordered_map<std::string, WindowedCallee>& callees,
                                                   std::vector<rewrite::Note>& notes, bool remarks,
                                                   std::unordered_set<std::string>& used, bool called) {
  using namespace site_detail;
  const ir::Function& caller = *caller_ptr;
  if (!remarks && !calls_any(caller.body, callees)) return std::nullopt;  // the common case after the rewrite
  CallerDecision cd{&caller, std::make_shared<CallerFacts>(caller, prog), {}, {}};
  CallerFacts& facts = *cd.facts;
  LazyCallerValues values{caller_ptr, cache, facts.carried(), called};
  const auto& calls = facts.calls();
  std::vector<SiteDecision>& ds = cd.ds;
  std::vector<const WindowedCallee*>& wcs = cd.wcs;
  ds.resize(calls.size());
  wcs.assign(calls.size(), nullptr);
  bool any = remarks;  // remarks also cover calls rewritten by an earlier run
  UseCounts uses;
  bool counted = false;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    auto it = callees.find(calls[i].callee());
    if (it == callees.end()) continue;
    wcs[i] = &it->second;
    if (!counted && calls[i].target && ir::type_as<ir::TupleType>(calls[i].target->type)) {  // only tuple results pay
      uses = count_uses(caller.body);
      counted = true;
    }
    ds[i] = decide(caller, facts, values, calls[i], it->second, uses);
    any = true;
  }
  if (!any) return std::nullopt;
  if (const ir::ExprNode* nested = nested_user_call(caller.body))
    for (std::size_t i = 0; i < calls.size(); ++i)
      if (wcs[i] && ds[i].why.empty())
        ds[i].why = "'" + caller.name + "' has a kernel call nested in an expression at " + span_text(nested->span) +
                    " (an argument or a loop init), which a slice and an assemble would evaluate twice; run "
                    "flatten-call-expr first (the default pipeline does)";
  // Sibling full writers (spec "same-scope sibling writers"), to a fixed point. Each call's callee
  // is found once, not once per round (a scan of the program's functions and a shared_ptr copy).
  std::vector<const ir::Function*> callee_of(calls.size(), nullptr);
  for (std::size_t i = 0; i < calls.size(); ++i)
    if (auto f = prog.find(calls[i].callee())) callee_of[i] = f.get();
  for (bool changed = true; changed;) {
    changed = false;
    std::unordered_map<std::size_t, const ir::StmtNode*> full;  // family → a full writer
    for (std::size_t i = 0; i < calls.size(); ++i) {
      const ir::Function* callee = callee_of[i];
      const auto& args = calls[i].args();
      if (!callee || callee->params.size() != args.size()) continue;
      for (std::size_t p = 0; p < args.size(); ++p) {
        if (callee->params[p].dir == ir::Direction::In || !ir::type_as<ir::TensorType>(args[p]->type)) continue;
        bool windowed = false;
        if (wcs[i] && ds[i].why.empty())
          for (const auto& s : ds[i].outs) windowed |= s.param == p;
        if (!windowed && is_windowed_clone_name(callee->name)) {  // a call this pattern already rewrote
          auto orig = callees.find(callee->name.substr(0, callee->name.size() - kWindowedSuffix.size()));
          if (orig != callees.end())
            for (const auto& o : orig->second.windows.outs) windowed |= o.param == p;
        }
        if (!windowed) full.try_emplace(facts.family(args[p]), calls[i].stmt);
      }
    }
    for (std::size_t i = 0; i < calls.size(); ++i) {
      if (!wcs[i] || !ds[i].why.empty()) continue;
      for (std::size_t k = 0; k < ds[i].families.size(); ++k)
        if (auto it = full.find(ds[i].families[k]); it != full.end()) {
          ds[i].why = "its parent '" + ir::var_name(calls[i].args()[ds[i].outs[k].param]) +
                      "' also has a full writer at " + loc(it->second);
          changed = true;
          break;
        }
    }
  }
  bool accepted = false;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const std::string& name = calls[i].callee();
    if (!wcs[i]) {
      if (remarks && is_windowed_clone_name(name) && callees.count(name.substr(0, name.size() - kWindowedSuffix.size())))
        notes.push_back(rewrite::Note{caller.name, calls[i].stmt->span, "call uses '" + name + "' (windows applied)"});
      continue;
    }
    if (ds[i].why.empty()) {
      accepted = true;
      used.insert(name);
    }
    if (remarks)
      notes.push_back(rewrite::Note{caller.name, calls[i].stmt->span,
                                    ds[i].why.empty() ? "call of '" + name + "' uses '" + windowed_name(name) + "'"
                                                      : "call of '" + name + "' stays full: " + ds[i].why});
  }
  if (!accepted) return std::nullopt;
  return cd;
}

/// Whether a call-site offset was composed from a callee offset expression and an argument
/// (`row - 16` with `row := i * 16 + 16`): left as written, for simplify to fold (the caller is
/// untidy). A callee offset that is a variable or a constant composes nothing.
inline bool composed_offsets(const site_detail::SiteDecision& d) {
  auto composed = [](const site_detail::SiteWindow& s) {
    for (std::size_t k = 0; k < s.offsets.size() && k < s.w->offsets.size(); ++k)
      if (!ir::const_int(s.offsets[k]) && !ir::is_var_like(s.w->offsets[k])) return true;
    return false;
  };
  for (const auto& s : d.outs)
    if (composed(s)) return true;
  for (const auto& s : d.ins)
    if (composed(s)) return true;
  return false;
}

/// The rewrite, rooted at the caller's body: every accepted call of `d` replaced by its slices,
/// windowed call and assembles. `*untidy` is set when the new body holds a projection copy or a
/// composed offset.
inline ir::Stmt rewrite_caller(const CallerDecision& d, bool* untidy = nullptr) {
  using namespace site_detail;
  const auto& calls = d.facts->calls();
  visit::NodeMap<const ir::StmtNode*, std::vector<ir::Stmt>> repl;  // one entry per rewritten statement
  for (std::size_t i = 0; i < calls.size(); ++i) {
    if (!d.wcs[i] || !d.ds[i].why.empty()) continue;
    if (untidy && composed_offsets(d.ds[i])) *untidy = true;
    if (d.ds[i].projections) {
      if (rewrite_projected_call(calls[i], d.ds[i], *d.wcs[i], repl) && untidy) *untidy = true;
    } else {
      repl.emplace(calls[i].stmt, rewrite_call(calls[i], d.ds[i], *d.wcs[i]));
      if (!ir::expr_as<ir::MakeTuple>(calls[i].target))  // the projections are part of the replacement
        for (const auto& p : calls[i].unpack) repl.emplace(p.get(), std::vector<ir::Stmt>{});
    }
  }
  return splice(d.caller->body, repl);
}

}  // namespace ptorw::patterns::window
