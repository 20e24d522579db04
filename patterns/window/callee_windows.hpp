// Callee side of OptimizeOrchTensors Pattern 5 (OutWindowExternalizer): which tensor parameters of
// a windowize=True InCore-type callee touch only one static window
// (../shared/spec/optimize_orch_tensors.md "Pattern 5", "Windowize Opt-in").
//
// Output windows — FinalStore ("the callee returns the result of a final tile.store(...) into one
// local window"), as named checks (each failure is the remark of that Out param):
//   * the parameter is an Out tensor (InOut params also carry input data: never windowed);
//   * it is referenced exactly once, as the target of a `tile.store` that is a top-level statement
//     of the body; an Out param written inside a loop is AggregateWindowLoop, not supported yet;
//   * the store's result is referenced once, by the trailing `return` ("returns the result");
//   * the stored tile has a static shape of the parameter's rank and covers it (no narrower
//     valid_shape), so the whole window is written;
//   * offsets are affine in the callee's In scalar params ("window shape and offset must be
//     statically known enough to materialize a tensor.slice");
//   * the parent strides are recoverable: ND layout, and every dim right of the first static (or
//     explicit constant strides) — "Dynamic shapes" of issue 4;
//   * the window is not the full parameter at offset zero (nothing to narrow); constant windows lie
//     inside a static parent (checked int64).
// Input windows — PureInputWindowConsumer ("Input-window eligibility"):
//   * an In tensor param of a callee with a data return;
//   * every reference is `tile.load(p, offsets, shape[, valid])` (not transposed, valid = shape) or
//     `tensor.slice(p, shape, offsets)`, p only as the source operand;
//   * all references agree on shape and (affine) offsets; the offsets use callee params only;
//   * full shape at zero offset is skipped; strides recoverable as above.
// AggregateInputWindowLoop is not supported yet: such params get that remark and stay full.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/analysis/affine.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/normal_form.hpp"

namespace ptorw::patterns::window {

/// One static window of a tensor parameter, in the callee's terms.
struct Window {
  std::vector<std::int64_t> shape;
  std::vector<ir::Expr> offsets;           // callee expressions (substituted at call sites)
  std::vector<analysis::Affine> forms;     // their affine forms over the callee's scalar params
  std::vector<std::int64_t> strides;       // the parent's strides (TensorView of the narrowed param)
};

struct OutWindow {
  std::size_t param = 0;
  std::size_t ret = 0;                // return position carrying the store result
  const ir::StmtNode* store = nullptr;
  ir::Expr store_var;
  Window w;
};
struct InWindow {
  std::size_t param = 0;
  Window w;
};

/// The decision about one callee: its windows, and one remark per candidate parameter.
struct CalleeWindows {
  const ir::Function* fn = nullptr;
  std::vector<OutWindow> outs;
  std::vector<InWindow> ins;
  std::vector<std::string> remarks;
  bool any() const { return !outs.empty() || !ins.empty(); }
};

inline std::string ints_text(const std::vector<std::int64_t>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

/// Constant elements of a list operand (`[16, 32]`), or nullopt.
inline std::optional<std::vector<std::int64_t>> const_list(const ir::Expr& e) {
  auto* t = ir::expr_as<ir::MakeTuple>(e);
  if (!t) return std::nullopt;
  std::vector<std::int64_t> out;
  for (const auto& x : t->elems) {
    auto c = ir::const_int(x);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return out;
}

/// The strides of the parameter's memory: explicit constant ND strides, else row-major strides,
/// which need every dim right of the first to be static (checked int64). nullopt: unrecoverable.
inline std::optional<std::vector<std::int64_t>> parent_strides(const ir::Type& t, std::string& why) {
  auto* tt = ir::type_as<ir::TensorType>(t);
  if (!tt) return why = "it is not a tensor", std::nullopt;
  if (tt->view) {
    const auto& v = *tt->view;
    if (v.layout != ir::TensorLayout::ND || !v.valid_shape.empty() || v.pad)
      return why = "its view is not a plain ND view", std::nullopt;
    if (!visit::is_packed_stride(v.stride, tt->shape)) {
      std::vector<std::int64_t> s;
      for (const auto& x : v.stride) {
        auto c = ir::const_int(x);
        if (!c) return why = "its strides are symbolic", std::nullopt;
        s.push_back(*c);
      }
      return s;
    }
  }
  std::vector<std::int64_t> s(tt->shape.size(), 1);
  std::int64_t running = 1;
  for (std::size_t i = tt->shape.size(); i-- > 0;) {
    s[i] = running;
    if (i == 0) break;
    auto d = ir::const_int(tt->shape[i]);
    if (!d || *d < 0) return why = "dim " + std::to_string(i) + " is not static, so the parent stride is unrecoverable", std::nullopt;
    if (__builtin_mul_overflow(running, *d, &running)) return why = "its strides overflow int64", std::nullopt;
  }
  return s;
}

namespace callee_detail {

/// Number of occurrences of `v` as an expression in `body`.
inline std::size_t uses_of(const ir::Stmt& body, const ir::Expr& v) {
  std::size_t n = 0;
  if (body) visit::walk_all(body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { n += e.get() == v.get(); });
  return n;
}

/// Is `v` referenced inside a For/While of `body`?
inline bool used_in_loop(const ir::Stmt& body, const ir::Expr& v) {
  bool found = false;
  visit::walk_all(body, [&](const ir::Stmt& s) {
    if (found || (!ir::stmt_as<ir::For>(s) && !ir::stmt_as<ir::While>(s))) return;
    found = uses_of(s, v) > 0;
  }, [](const ir::Expr&) {});
  return found;
}

/// Affine forms of offsets over the callee's In scalar params ("may reference only callee params").
inline std::optional<std::vector<analysis::Affine>> offset_forms(const ir::Function& f, const std::vector<ir::Expr>& offs,
                                                                 std::string& why) {
  std::unordered_set<const ir::ExprNode*> scalars;
  for (const auto& p : f.params)
    if (p.dir == ir::Direction::In && ir::type_as<ir::ScalarType>(p.var->type)) scalars.insert(p.var.get());
  analysis::AtomPolicy pol{[&](const ir::Expr& e) { return scalars.count(e.get()) > 0; }, {}};
  std::vector<analysis::Affine> forms;
  for (const auto& o : offs) {
    auto r = analysis::affine_of(o, pol);
    if (!r.value) return why = "an offset is not affine in the callee's scalar params (" + r.why + ")", std::nullopt;
    forms.push_back(std::move(*r.value));
  }
  return forms;
}

/// Full shape at zero offset, or (constant windows of static parents) out of bounds: a reason.
inline std::string narrowing_problem(const ir::Type& param_type, const Window& w) {
  const auto& shape = ir::type_as<ir::TensorType>(param_type)->shape;
  bool full = true, zero = true;
  for (std::size_t d = 0; d < w.shape.size(); ++d) {
    auto dim = ir::const_int(shape[d]);
    full = full && dim && *dim == w.shape[d];
    zero = zero && w.forms[d].is_constant() && w.forms[d].constant == 0;
    if (dim && w.forms[d].is_constant()) {
      std::int64_t end = 0;
      if (__builtin_add_overflow(w.forms[d].constant, w.shape[d], &end)) return "its window end overflows int64";
      if (w.forms[d].constant < 0 || end > *dim) return "its constant window lies outside the parameter";
    }
  }
  if (full && zero) return "the window is the full parameter at offset zero (nothing to narrow)";
  return {};
}

inline std::string param_text(const ir::Function& f, std::size_t p) {
  return "'" + ir::var_name(f.params[p].var) + "'";
}

/// FinalStore for Out param p, or the refusal in `why`.
inline std::optional<OutWindow> final_store(const ir::Function& f, std::size_t p, std::string& why) {
  const ir::Expr& pv = f.params[p].var;
  const auto stmts = ir::stmts_of(f.body);
  auto* ret = stmts.empty() ? nullptr : ir::stmt_as<ir::Return>(stmts.back());
  if (!ret) return why = "the body does not end in return", std::nullopt;
  const std::size_t uses = uses_of(f.body, pv);
  if (uses == 0) return why = "it is never written", std::nullopt;
  if (used_in_loop(f.body, pv)) return why = "it is written inside a loop (AggregateWindowLoop): aggregate windows not supported yet", std::nullopt;
  for (const auto& s : stmts) {
    auto* a = ir::stmt_as<ir::Assign>(s);
    if (!a || !ir::is_op_call(a->value, "tile.store") || !ir::expr_as<ir::Var>(a->var)) continue;
    const auto& args = ir::expr_as<ir::Call>(a->value)->args;
    if (args.size() != 3 || args[2].get() != pv.get()) continue;
    if (uses != 1) return why = "it is used other than by one tile.store", std::nullopt;
    OutWindow o{p, 0, s.get(), a->var, {}};
    std::size_t returned = 0;
    for (std::size_t i = 0; i < ret->values.size(); ++i)
      if (ret->values[i].get() == a->var.get()) o.ret = i, ++returned;
    if (returned != 1 || uses_of(f.body, a->var) != 2)  // its definition and the return
      return why = "the result of its tile.store is not returned exactly once and used nowhere else", std::nullopt;
    auto* tile = ir::type_as<ir::TileType>(args[0]->type);
    auto shape = tile ? const_list(ir::make_tuple(tile->shape)) : std::nullopt;
    if (!shape || shape->size() != ir::shape_of(pv->type)->size())
      return why = "the stored tile has no static shape of the parameter's rank", std::nullopt;
    for (auto d : *shape)
      if (d <= 0) return why = "the stored tile has an empty dim", std::nullopt;
    if (tile->view && !visit::is_full_valid_shape(tile->view->valid_shape, tile->shape))
      return why = "the stored tile has a narrower valid_shape (the window would be written partly)", std::nullopt;
    o.w.shape = *shape;
    auto* offs = ir::expr_as<ir::MakeTuple>(args[1]);
    if (!offs || offs->elems.size() != o.w.shape.size()) return why = "the store offsets are not a list of its rank", std::nullopt;
    o.w.offsets = offs->elems;
    auto forms = offset_forms(f, o.w.offsets, why);
    if (!forms) return std::nullopt;
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
inline std::optional<InWindow> pure_input(const ir::Function& f, std::size_t p, std::string& why) {
  const ir::Expr& pv = f.params[p].var;
  bool data_return = false;
  for (const auto& t : f.return_types) data_return |= ir::type_as<ir::TensorType>(t) || ir::type_as<ir::TileType>(t);
  if (!data_return) return why = "the callee has no data return (it may be a side-effect or fence task)", std::nullopt;
  const std::size_t uses = uses_of(f.body, pv);
  if (uses == 0) return why = "it is not referenced", std::nullopt;
  std::vector<const ir::Call*> refs;
  std::string bad;
  visit::walk_all(f.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || c->kind != ir::CallKind::Op || c->args.empty() || c->args[0].get() != pv.get()) return;
    if (c->callee == "tile.load") {
      if (ir::kwarg_as<bool>(c->kwargs, "transpose").value_or(false)) bad = "a transpose load reads it";
      else if (c->args.size() == 4 && !(const_list(c->args[3]) && const_list(c->args[3]) == const_list(c->args[2])))
        bad = "a tile.load reads it with a valid shape other than its shape";
      else refs.push_back(c);
    } else if (c->callee == "tensor.slice" && c->args.size() == 3) {
      refs.push_back(c);
    }
  });
  if (!bad.empty()) return why = bad, std::nullopt;
  if (refs.size() != uses) return why = "a reference is not a tile.load or tensor.slice of it (unsupported consumer)", std::nullopt;
  if (callee_detail::used_in_loop(f.body, pv))
    return why = "it is read inside a loop (AggregateInputWindowLoop): aggregate windows not supported yet", std::nullopt;
  InWindow in{p, {}};
  for (std::size_t i = 0; i < refs.size(); ++i) {
    const ir::Call* c = refs[i];
    const bool load = c->callee == "tile.load";
    auto shape = const_list(c->args[load ? 2 : 1]);
    auto* offs = ir::expr_as<ir::MakeTuple>(c->args[load ? 1 : 2]);
    if (!shape || !offs || offs->elems.size() != shape->size()) return why = "a reference has no static window shape", std::nullopt;
    for (auto d : *shape)
      if (d <= 0) return why = "a reference has an empty dim", std::nullopt;
    auto forms = offset_forms(f, offs->elems, why);
    if (!forms) return std::nullopt;
    if (i == 0) {
      in.w.shape = *shape;
      in.w.offsets = offs->elems;
      in.w.forms = std::move(*forms);
    } else if (*shape != in.w.shape || *forms != in.w.forms) {
      return why = "its references disagree on the window shape or offset", std::nullopt;
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

inline bool is_windowed_clone_name(std::string_view n) {
  constexpr std::string_view suffix = "__windowed";
  return n.size() > suffix.size() && n.substr(n.size() - suffix.size()) == suffix;
}

/// Spec "Windowize Opt-in": InCore/AIC/AIV with attr windowize=True; clones are not candidates.
inline bool is_window_candidate(const ir::Function& f) {
  return ir::is_incore_like(f.type) && ir::attr_true(f.attrs, "windowize") && !is_windowed_clone_name(f.name) && f.body;
}

/// Every tensor parameter of a candidate callee decided (spec "per-output decisions").
inline CalleeWindows analyse_callee(const ir::Function& f) {
  using namespace callee_detail;
  CalleeWindows cw;
  cw.fn = &f;
  for (std::size_t p = 0; p < f.params.size(); ++p) {
    const ir::Param& param = f.params[p];
    if (!ir::type_as<ir::TensorType>(param.var->type)) continue;
    std::string why;
    if (param.dir == ir::Direction::Out) {
      if (auto o = final_store(f, p, why)) {
        cw.remarks.push_back("Out param " + param_text(f, p) + ": FinalStore window " + ints_text(o->w.shape) +
                             " (parent strides " + ints_text(o->w.strides) + ")");
        cw.outs.push_back(std::move(*o));
      } else {
        cw.remarks.push_back("Out param " + param_text(f, p) + " stays full: " + why);
      }
    } else if (param.dir == ir::Direction::InOut) {
      cw.remarks.push_back("InOut param " + param_text(f, p) + " stays full: only Out and In tensors are windowed");
    } else if (auto in = pure_input(f, p, why)) {
      cw.remarks.push_back("In param " + param_text(f, p) + ": PureInputWindowConsumer window " + ints_text(in->w.shape));
      cw.ins.push_back(std::move(*in));
    } else {
      cw.remarks.push_back("In param " + param_text(f, p) + " stays full: " + why);
    }
  }
  return cw;
}

}  // namespace ptorw::patterns::window
