// Callee side of OptimizeOrchTensors Pattern 5 (OutWindowExternalizer): which tensor parameters of
// a windowize=True InCore-type callee touch only one static window
// (../shared/spec/optimize_orch_tensors.md "Pattern 5", "Windowize Opt-in").
//
// Output windows — FinalStore ("the callee returns the result of a final tile.store(...) into one
// local window"), as named checks (each failure is the remark of that Out param):
//   * the parameter is an Out tensor (InOut params also carry input data: never windowed);
//   * it is referenced exactly once, as the target of a `tile.store` that is a top-level statement
//     of the body (an Out param carried through a loop is AggregateWindowLoop);
//   * the store's result is referenced once, by the trailing `return` ("returns the result");
//   * the stored tile has a static shape of the parameter's rank and covers it (no narrower
//     valid_shape), so the whole window is written;
//   * offsets are affine in the callee's In scalar params ("window shape and offset must be
//     statically known enough to materialize a tensor.slice"), read through pure scalar
//     definitions of the body (callee_scalars.hpp: `row = blk * 16` before the store);
//   * the parent strides are recoverable: ND layout, and every dim right of the first static (or
//     explicit constant strides) — "Dynamic shapes" of issue 4;
//   * the window is not the full parameter at offset zero (nothing to narrow); constant windows lie
//     inside a static parent (checked int64).
// Input windows — PureInputWindowConsumer ("Input-window eligibility"):
//   * an In tensor param of a callee with a data return;
//   * every reference is `tile.load(p, offsets, shape[, valid])` (not transposed, valid = shape) or
//     `tensor.slice(p, shape, offsets)`, p only as the source operand;
//   * all references agree on shape and (affine) offsets; the offsets use callee params only
//     (directly or through pure scalar definitions, callee_scalars.hpp);
//   * full shape at zero offset is skipped; strides recoverable as above.
//   * references may sit inside loops as long as their offsets use callee params only (the same
//     window every trip); offsets varying with a loop are AggregateInputWindowLoop
//     (aggregate_windows.hpp).
// An Out param that is not a FinalStore is tried as AggregateWindowLoop (aggregate_windows.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <algorithm>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/window/aggregate_windows.hpp"
#include "ptorw/patterns/window/window.hpp"

namespace ptorw::patterns::window {

namespace callee_detail {

/// FinalStore for Out param p, or the refusal in `why`.
inline std::optional<OutWindow> final_store(const ir::Function& f, const CalleeScalars& sc, std::size_t p, std::string& why) {
  const ir::Expr& pv = f.params[p].var;
  const auto stmts = ir::stmts_of(f.body);
  auto* ret = stmts.empty() ? nullptr : ir::stmt_as<ir::Return>(stmts.back());
  if (!ret) return why = "the body does not end in return", std::nullopt;
  if (analysis::early_return(f)) return why = kEarlyReturn, std::nullopt;
  const std::size_t uses = uses_of(f.body, pv);
  if (uses == 0) return why = "it is never written", std::nullopt;
  if (used_in_loop(f.body, pv)) return why = "it is written inside a loop (not a FinalStore)", std::nullopt;
  for (const auto& s : stmts) {
    auto* a = ir::stmt_as<ir::Assign>(s);
    if (!a || !ir::is_op_call(a->value, ir::op::id("tile.store")) || !ir::expr_as<ir::Var>(a->var)) continue;
    const auto& args = ir::expr_as<ir::Call>(a->value)->args;
    if (args.size() != 3 || args[2].get() != pv.get()) continue;
    if (uses != 1) return why = "it is used other than by one tile.store", std::nullopt;
    OutWindow o;
    o.param = p;
    o.store = s.get();
    o.store_var = a->var;
    std::size_t returned = 0;
    for (std::size_t i = 0; i < ret->values.size(); ++i)
      if (ret->values[i].get() == a->var.get()) o.ret = i, ++returned;
    if (returned != 1 || uses_of(f.body, a->var) != 2)  // its definition and the return
      return why = "the result of its tile.store is not returned exactly once and used nowhere else", std::nullopt;
    auto shape = stored_tile_shape(args[0], ir::shape_of(pv->type)->size(), why);
    if (!shape) return std::nullopt;
    o.w.shape = *shape;
    auto* offs = ir::expr_as<ir::MakeTuple>(args[1]);
    if (!offs || offs->elems.size() != o.w.shape.size()) return why = "the store offsets are not a list of its rank", std::nullopt;
    auto forms = offset_forms(sc, offs->elems, why);
    if (!forms) return std::nullopt;
    o.w.offsets = window_offsets(sc, offs->elems, *forms);
    o.w.forms = std::move(*forms);
    auto strides = parent_strides(pv->type, why);
    if (!strides) return std::nullopt;
    o.w.strides = std::move(*strides);
    why = narrowing_problem(pv->type, o.w);
    if (!why.empty()) return std::nullopt;
    return o;
  }
  return why = "it is not the target of a top-level tile.store", std::nullopt;
}

/// PureInputWindowConsumer for In tensor param p, or the refusal in `why`.
inline std::optional<InWindow> pure_input(const ir::Function& f, const CalleeScalars& sc, std::size_t p, std::string& why) {
  const ir::Expr& pv = f.params[p].var;
  bool data_return = false;
  for (const auto& t : f.return_types) data_return |= ir::type_as<ir::TensorType>(t) || ir::type_as<ir::TileType>(t);
  if (!data_return) return why = "the callee has no data return (it may be a side-effect or fence task)", std::nullopt;
  auto refs = window_reads(f.body, pv, why);
  if (!refs) return std::nullopt;
  InWindow in;
  in.param = p;
  for (std::size_t i = 0; i < refs->size(); ++i) {
    std::vector<std::int64_t> shape;
    std::vector<ir::Expr> offs;
    if (!read_window((*refs)[i], shape, offs)) return why = "a reference has no static window shape", std::nullopt;
    auto forms = offset_forms(sc, offs, why);
    if (!forms) return std::nullopt;
    if (i == 0) {
      in.w.shape = shape;
      in.w.offsets = window_offsets(sc, offs, *forms);
      in.w.forms = std::move(*forms);
    } else if (shape != in.w.shape || *forms != in.w.forms) {
      return why = "its references disagree on the window shape or offset (" + ints_text(in.w.shape) + " at " +
                   forms_text(in.w.forms) + " and " + ints_text(shape) + " at " + forms_text(*forms) + ")", std::nullopt;
    }
  }
  if (in.w.shape.size() != ir::shape_of(pv->type)->size()) return why = "its window has another rank", std::nullopt;
  auto strides = parent_strides(pv->type, why);
  if (!strides) return std::nullopt;
  in.w.strides = std::move(*strides);
  why = narrowing_problem(pv->type, in.w);
  if (!why.empty()) return std::nullopt;
  return in;
}

}  // namespace callee_detail

inline constexpr std::string_view kWindowedSuffix = "__windowed";
inline bool is_windowed_clone_name(std::string_view n) {
  return n.size() > kWindowedSuffix.size() && n.substr(n.size() - kWindowedSuffix.size()) == kWindowedSuffix;
}

/// Spec "Windowize Opt-in": InCore/AIC/AIV with attr windowize=True; clones are not candidates.
inline bool is_window_candidate(const ir::Function& f) {
  return ir::is_incore_like(f.type) && ir::attr_true(f.attrs, "windowize") && !is_windowed_clone_name(f.name) && f.body;
}

/// Every tensor parameter of a candidate callee decided (spec "per-output decisions"): Outs first
/// (FinalStore, else AggregateWindowLoop), then Ins (PureInputWindowConsumer, else
/// AggregateInputWindowLoop over a loop of an accepted aggregate Out).
inline CalleeWindows analyse_callee(const ir::Function& f) {
  using namespace callee_detail;
  CalleeWindows cw;
  cw.fn = &f;
  const CalleeScalars sc(f);
  std::vector<std::pair<std::size_t, std::string>> remarks;  // by param position
  for (std::size_t p = 0; p < f.params.size(); ++p) {
    const ir::Param& param = f.params[p];
    if (!ir::type_as<ir::TensorType>(param.var->type) || param.dir != ir::Direction::Out) continue;
    std::string why, agg_why;
    std::optional<OutWindow> o = final_store(f, sc, p, why);
    if (!o) o = aggregate_out(f, sc, p, agg_why);
    if (o) {
      remarks.emplace_back(p, "Out param " + param_text(f, p) + ": " + shape_name(o->shape) + " window " +
                                  ints_text(o->w.shape) + " (parent strides " + ints_text(o->w.strides) + ")");
      cw.outs.push_back(std::move(*o));
    } else {
      remarks.emplace_back(p, "Out param " + param_text(f, p) + " stays full: FinalStore: " + why +
                                  "; AggregateWindowLoop: " + agg_why);
    }
  }
  for (std::size_t p = 0; p < f.params.size(); ++p) {
    const ir::Param& param = f.params[p];
    if (!ir::type_as<ir::TensorType>(param.var->type) || param.dir == ir::Direction::Out) continue;
    std::string why, agg_why;
    if (param.dir == ir::Direction::InOut) {
      remarks.emplace_back(p, "InOut param " + param_text(f, p) + " stays full: only Out and In tensors are windowed");
    } else if (auto in = pure_input(f, sc, p, why)) {
      remarks.emplace_back(p, "In param " + param_text(f, p) + ": PureInputWindowConsumer window " + ints_text(in->w.shape));
      cw.ins.push_back(std::move(*in));
    } else if (auto agg = aggregate_input(f, sc, p, cw.outs, agg_why)) {
      remarks.emplace_back(p, "In param " + param_text(f, p) + ": AggregateInputWindowLoop window " + ints_text(agg->w.shape) +
                                  " (parent strides " + ints_text(agg->w.strides) + ")");
      cw.ins.push_back(std::move(*agg));
    } else {
      remarks.emplace_back(p, "In param " + param_text(f, p) + " stays full: " + why +
                                  (agg_why.empty() ? "" : "; AggregateInputWindowLoop: " + agg_why));
    }
  }
  std::stable_sort(remarks.begin(), remarks.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (auto& r : remarks) cw.remarks.push_back(std::move(r.second));
  return cw;
}

}  // namespace ptorw::patterns::window
