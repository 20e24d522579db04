// The loop shapes of OptimizeOrchTensors Pattern 5 (../shared/spec/optimize_orch_tensors.md
// "Supported rewrite shapes", "Input-window eligibility"):
//
// AggregateWindowLoop — "the callee carries one or more Out tensors through a loop and writes a
// statically provable aggregate window, such as the outlined kv_proj group shape":
//
//     for j, (acc,) in pl.range(4, init_values=(out,)):      # out: the Out param, used only here
//         ...
//         s = pl.store(t, [row, j * 64], acc)                # acc used only here, top level
//         r = pl.yield_(s)                                   # s used only by the yield
//     return r                                               # r returned once, used nowhere else
//
// Checks (each failure is the remark of that Out param):
//   * the Out param is used once, as the init of an iter-arg of a top-level For whose start is
//     affine in the callee's scalar params and whose trip count and step are constant (step > 0,
//     at least one trip: `pl.range(4)`, `pl.range(ob_chunk, ob_chunk + 4)`) — "statically
//     provable": the extent covered is affine in the params with a constant trip count;
//   * the iter-arg is used once, as the target of a `tile.store` that is a top-level statement of
//     the loop body; the store result only feeds the loop's yield at the iter-arg's position; the
//     loop result at that position is returned exactly once and used nowhere else;
//   * the stored tile is static, of the parameter's rank and fully valid (FinalStore's checks);
//   * offsets are affine in the callee's scalar params and the loop variable (read through pure
//     scalar definitions, callee_scalars.hpp: `row = row_base + i * 32`); exactly one dim
//     varies with the loop, by exactly the tile extent per trip (|coefficient × step| = extent,
//     positive), so the trips tile one box without gaps or overlap: the aggregate window is written
//     whole. Its shape is the tile shape with trips × extent in that dim; its offset is the store
//     offset at the first trip (the loop variable replaced by the start's form). Loops nested inside the loop, or several varying dims, are refused
//     (fail closed).
//
// AggregateInputWindowLoop — "all references must be inside one static ForStmt, at least one
// offset dimension must vary with that loop, and the aggregate window must equal the input parent
// shape; partial aggregate reads such as weight sub-windows remain full-tensor". Offered only
// "together with an AggregateWindowLoop output rewrite": the loop must be one that carries an
// accepted aggregate Out of the same callee. The references follow the input-window rules
// (tile.load / tensor.slice only, no transpose, load shape = valid shape, all references agree
// on shape and offset form per trip). The bounding box of the trips' windows must be the whole
// parameter at offset zero — the literal reading of "equal the input parent shape" — so the
// window is the parameter itself: the clone reads it through the parent's strides and the call
// site materializes the (full) slice. The "full shape at zero offset is skipped" rule is scoped
// by the spec to PureInputWindowConsumer and does not apply here.
//
// No trip count is enumerated: the aggregate follows from the affine form, start and trip count
// (checked int64; overflow refuses the window).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/window/window.hpp"

namespace ptorw::patterns::window::aggregate_detail {

/// A top-level For whose start is affine in the callee's scalar params and whose trip count and
/// step are constant (`pl.range(4)`, `pl.range(2, 6, 2)`, `pl.range(ob_chunk, ob_chunk + 4)`): the
/// extent it covers is affine in the params with a constant trip count, which is all the window
/// proof needs ("statically provable"). Its start (a form), step and trip count; or a refusal.
struct StaticLoop {
  const ir::For* loop = nullptr;
  ir::Stmt stmt;
  analysis::Affine start;
  std::int64_t step = 1, trips = 0;
};

inline std::optional<StaticLoop> static_loop(const ir::Stmt& s, const CalleeScalars& sc, std::string& why) {
  auto* f = ir::stmt_as<ir::For>(s);
  if (!f) return why = "the loop carrying it is not a For loop", std::nullopt;
  auto start = sc.form(f->start), stop = sc.form(f->stop), step = sc.form(f->step);
  if (!step.value || !step.value->is_constant())
    return why = "the loop carrying it has non-constant bounds (not statically provable): its step " +
                 (step.value ? analysis::affine_text(*step.value) : step.why) + " is not a constant", std::nullopt;
  if (!start.value || !stop.value)
    return why = "the loop carrying it has non-constant bounds (not statically provable): its " +
                 std::string(start.value ? "stop " + stop.why : "start " + start.why) + " is not affine in the callee's scalar params", std::nullopt;
  auto span = analysis::affine_axpy(*stop.value, -1, *start.value);
  if (!span) return why = "int64 overflow in the loop's trip count", std::nullopt;
  if (!span->is_constant())
    return why = "the loop carrying it has non-constant bounds (not statically provable): stop - start = " +
                 analysis::affine_text(*span) + " is not a constant trip count", std::nullopt;
  const std::int64_t st = step.value->constant;
  if (st <= 0) return why = "the loop carrying it has no positive constant step", std::nullopt;
  if (span->constant <= 0) return why = "the loop carrying it runs no trip", std::nullopt;
  std::int64_t trips = span->constant / st + (span->constant % st != 0);
  return StaticLoop{f, s, std::move(*start.value), st, trips};
}

/// Affine forms of offsets over the callee's scalar params and the loop variable.
inline std::optional<std::vector<analysis::Affine>> loop_forms(const CalleeScalars& sc, const ir::Expr& loop_var,
                                                               const std::vector<ir::Expr>& offs, std::string& why) {
  std::vector<analysis::Affine> forms;
  for (const auto& o : offs) {
    auto r = sc.form(o, loop_var);
    if (!r.value)
      return why = "an offset is not affine in the callee's scalar params and the loop variable (offset " + r.why + ")", std::nullopt;
    forms.push_back(std::move(*r.value));
  }
  return forms;
}

/// `form` with the loop variable replaced by the form `at` (checked).
inline std::optional<analysis::Affine> at_trip(const analysis::Affine& form, const ir::Expr& loop_var, const analysis::Affine& at) {
  const std::int64_t c = form.coeff(loop_var.get());
  analysis::Affine jv{0, {{loop_var.get(), 1}}};
  auto r = analysis::affine_axpy(form, -c, jv);  // drop the loop term
  return r ? analysis::affine_axpy(*r, c, at) : std::nullopt;
}

}  // namespace ptorw::patterns::window::aggregate_detail

namespace ptorw::patterns::window::callee_detail {

/// AggregateWindowLoop for Out param p, or the refusal in `why`.
inline std::optional<OutWindow> aggregate_out(const ir::Function& f, const CalleeScalars& sc, std::size_t p, std::string& why) {
  using namespace aggregate_detail;
  const ir::Expr& pv = f.params[p].var;
  const auto stmts = ir::stmts_of(f.body);
  auto* ret = stmts.empty() ? nullptr : ir::stmt_as<ir::Return>(stmts.back());
  if (!ret) return why = "the body does not end in return", std::nullopt;
  if (analysis::early_return(f)) return why = kEarlyReturn, std::nullopt;
  if (uses_of(f.body, pv) != 1) return why = "it is not used exactly once", std::nullopt;
  // The top-level loop whose iter-arg starts from the Out param.
  ir::Stmt loop_stmt;
  std::size_t k = 0;
  for (const auto& s : stmts) {
    const std::vector<ir::Expr>* ias = nullptr;
    if (auto* l = ir::stmt_as<ir::For>(s)) ias = &l->iter_args;
    if (auto* w = ir::stmt_as<ir::While>(s)) ias = &w->iter_args;
    if (!ias) continue;
    for (std::size_t i = 0; i < ias->size(); ++i)
      if (auto* ia = ir::expr_as<ir::IterArg>((*ias)[i]); ia && ia->init.get() == pv.get()) loop_stmt = s, k = i;
  }
  if (!loop_stmt) return why = "it is not the init of an iter-arg of a top-level loop", std::nullopt;
  auto loop = static_loop(loop_stmt, sc, why);
  if (!loop) return std::nullopt;
  const ir::For& l = *loop->loop;
  if (k >= l.return_vars.size()) return why = "the loop has no result for its iter-arg", std::nullopt;
  const ir::Expr& acc = l.iter_args[k];
  const ir::Expr& result = l.return_vars[k];
  const auto body = ir::stmts_of(l.body);
  auto* y = body.empty() ? nullptr : ir::stmt_as<ir::Yield>(body.back());
  if (!y || k >= y->values.size()) return why = "the loop body does not end in a yield", std::nullopt;
  if (uses_of(l.body, acc) != 1) return why = "its iter-arg is used other than by one tile.store", std::nullopt;
  const ir::StmtNode* store = nullptr;
  const ir::Assign* a = nullptr;
  for (const auto& s : body) {
    auto* as = ir::stmt_as<ir::Assign>(s);
    if (!as || !ir::is_op_call(as->value, ir::op::id("tile.store")) || !ir::expr_as<ir::Var>(as->var)) continue;
    const auto& args = ir::expr_as<ir::Call>(as->value)->args;
    if (args.size() == 3 && args[2].get() == acc.get()) store = s.get(), a = as;
  }
  if (!a) return why = "its iter-arg is not the target of a top-level tile.store of the loop body", std::nullopt;
  if (y->values[k].get() != a->var.get() || uses_of(l.body, a->var) != 2)  // its definition and the yield
    return why = "the store result is not yielded at the iter-arg's position and used nowhere else", std::nullopt;
  std::size_t returned = 0, ret_pos = 0;
  for (std::size_t i = 0; i < ret->values.size(); ++i)
    if (ret->values[i].get() == result.get()) ret_pos = i, ++returned;
  if (returned != 1 || uses_of(f.body, result) != 2)  // the loop's result list and the return
    return why = "the loop result is not returned exactly once and used nowhere else", std::nullopt;
  const auto& args = ir::expr_as<ir::Call>(a->value)->args;
  const std::size_t rank = ir::shape_of(pv->type)->size();
  auto tile = stored_tile_shape(args[0], rank, why);
  if (!tile) return std::nullopt;
  auto* offs = ir::expr_as<ir::MakeTuple>(args[1]);
  if (!offs || offs->elems.size() != rank) return why = "the store offsets are not a list of its rank", std::nullopt;
  auto forms = loop_forms(sc, l.loop_var, offs->elems, why);
  if (!forms) return std::nullopt;
  OutWindow o;
  o.param = p;
  o.ret = ret_pos;
  o.store = store;
  o.store_var = a->var;
  o.shape = Shape::AggregateWindowLoop;
  o.loop = loop->stmt;
  o.iter_arg = acc;
  o.loop_result = result;
  o.w.shape = *tile;
  std::size_t varying = 0;
  for (std::size_t d = 0; d < rank; ++d) {
    const std::int64_t c = (*forms)[d].coeff(l.loop_var.get());
    auto base = at_trip((*forms)[d], l.loop_var, loop->start);
    if (!base) return why = "int64 overflow in the aggregate offset", std::nullopt;
    if (c != 0) {
      ++varying;
      std::int64_t gap = 0;
      if (__builtin_mul_overflow(c, loop->step, &gap)) return why = "int64 overflow in the per-trip offset step", std::nullopt;
      if (gap != (*tile)[d])
        return why = "dim " + std::to_string(d) + " moves by " + std::to_string(gap) + " per trip, not by the tile extent " +
                     std::to_string((*tile)[d]) + " (the trips do not tile one window exactly; offset " +
                     analysis::affine_text((*forms)[d]) + ")", std::nullopt;
      if (__builtin_mul_overflow(loop->trips, (*tile)[d], &o.w.shape[d])) return why = "int64 overflow in the aggregate extent", std::nullopt;
      analysis::Affine local{0, {}};
      auto diff = analysis::affine_axpy((*forms)[d], -1, *base);
      if (!diff) return why = "int64 overflow in the localized offset", std::nullopt;
      local = *diff;
      o.local_offsets.push_back(base->is_constant() && base->constant == 0 ? offs->elems[d] : sc.render(local, l.loop_var));
      o.w.offsets.push_back(sc.render(*base));
    } else {
      o.local_offsets.push_back(ir::make_int(0));
      o.w.offsets.push_back(sc.window_offset(offs->elems[d], *base));
    }
    o.w.forms.push_back(std::move(*base));
  }
  if (varying != 1)
    return why = (varying == 0 ? "no offset dim varies with the loop (every trip writes the same window; offsets "
                               : "several offset dims vary with the loop (the trips do not form one window; offsets ") +
                 forms_text(*forms) + ")", std::nullopt;
  auto strides = parent_strides(pv->type, why);
  if (!strides) return std::nullopt;
  o.w.strides = std::move(*strides);
  why = narrowing_problem(pv->type, o.w);
  if (!why.empty()) return std::nullopt;
  return o;
}

/// AggregateInputWindowLoop for In tensor param p, given the callee's accepted Out windows; or the
/// refusal in `why`.
inline std::optional<InWindow> aggregate_input(const ir::Function& f, const CalleeScalars& sc, std::size_t p,
                                               const std::vector<OutWindow>& outs, std::string& why) {
  using namespace aggregate_detail;
  const ir::Expr& pv = f.params[p].var;
  auto refs = window_reads(f.body, pv, why);
  if (!refs) return std::nullopt;
  const std::size_t uses = refs->size();
  ir::Stmt loop_stmt;
  for (const auto& o : outs)
    if (o.shape == Shape::AggregateWindowLoop && uses_of(o.loop, pv) == uses) loop_stmt = o.loop;
  if (!loop_stmt)
    return why = "its references are not all inside the loop of an AggregateWindowLoop output of the callee", std::nullopt;
  auto loop = static_loop(loop_stmt, sc, why);
  if (!loop) return std::nullopt;
  const ir::Expr& j = loop->loop->loop_var;
  InWindow in;
  in.param = p;
  in.shape = Shape::AggregateInputWindowLoop;
  std::vector<std::int64_t> read_shape;
  std::vector<analysis::Affine> read_forms;
  for (std::size_t i = 0; i < refs->size(); ++i) {
    std::vector<std::int64_t> shape;
    std::vector<ir::Expr> offs;
    if (!read_window((*refs)[i], shape, offs)) return why = "a reference has no static window shape", std::nullopt;
    auto forms = loop_forms(sc, j, offs, why);
    if (!forms) return std::nullopt;
    if (i == 0) read_shape = shape, read_forms = std::move(*forms);
    else if (shape != read_shape || *forms != read_forms)
      return why = "its references disagree on the window shape or offset within a trip", std::nullopt;
  }
  const auto& pshape = ir::type_as<ir::TensorType>(pv->type)->shape;
  if (read_shape.size() != pshape.size()) return why = "its window has another rank", std::nullopt;
  bool varies = false;
  for (std::size_t d = 0; d < read_shape.size(); ++d) {
    const std::int64_t c = read_forms[d].coeff(j.get());
    varies |= c != 0;
    // The bounding box over the trips: base at the first (c >= 0) or last trip, extent
    // (trips - 1) * |c * step| + read extent; checked.
    std::int64_t gap = 0, last_step = 0, span = 0, extent = 0;
    if (__builtin_mul_overflow(c, loop->step, &gap) || gap == INT64_MIN ||
        __builtin_mul_overflow(loop->trips - 1, loop->step, &last_step) ||
        __builtin_mul_overflow(loop->trips - 1, gap < 0 ? -gap : gap, &span) ||
        __builtin_add_overflow(span, read_shape[d], &extent))
      return why = "int64 overflow in the aggregate window", std::nullopt;
    auto last = analysis::affine_axpy(loop->start, 1, analysis::Affine{last_step, {}});  // the start of the last trip
    auto base = last ? at_trip(read_forms[d], j, gap >= 0 ? loop->start : *last) : std::nullopt;
    if (!base) return why = "int64 overflow in the aggregate window", std::nullopt;
    auto dim = ir::const_int(pshape[d]);
    if (!base->is_constant() || base->constant != 0 || !dim || *dim != extent)
      return why = "the aggregate window is not the whole parameter (a partial aggregate read stays full)", std::nullopt;
    in.w.shape.push_back(extent);
    in.w.offsets.push_back(ir::make_int(0));
    in.w.forms.push_back(std::move(*base));
  }
  if (!varies) return why = "no offset dim varies with the loop", std::nullopt;
  auto strides = parent_strides(pv->type, why);
  if (!strides) return std::nullopt;
  in.w.strides = std::move(*strides);
  return in;
}

}  // namespace ptorw::patterns::window::callee_detail
