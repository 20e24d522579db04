// The vocabulary of OptimizeOrchTensors Pattern 5 (../shared/spec/optimize_orch_tensors.md
// "Pattern 5"): a static window of a callee tensor parameter, the decisions about one callee, and
// the small helpers the callee-side analyses share (callee_windows.hpp: FinalStore and
// PureInputWindowConsumer; aggregate_windows.hpp: AggregateWindowLoop and AggregateInputWindowLoop).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/analysis/affine.hpp"
#include "ptorw/analysis/returns.hpp"
#include "ptorw/patterns/window/callee_scalars.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/normal_form.hpp"

namespace ptorw::patterns::window {

/// Why an Out window is refused for a kernel that also returns from inside an If arm or a loop:
/// the windowed clone narrows the result type its trailing return has, and another return would
/// still hand back the full parameter (audit 2026-12-06 M1: the pass's output failed to verify).
inline constexpr const char* kEarlyReturn =
    "the kernel also returns from inside an If arm or a loop (only a kernel whose one return is its last statement "
    "is windowed)";

/// One static window of a tensor parameter, in the callee's terms.
struct Window {
  std::vector<std::int64_t> shape;
  std::vector<ir::Expr> offsets;           // callee expressions (substituted at call sites)
  std::vector<analysis::Affine> forms;     // their affine forms over the callee's scalar params
  std::vector<std::int64_t> strides;       // the parent's strides (TensorView of the narrowed param)
  mutable ir::Expr shape_operand;          // call-site `[shape]` operand, built once (call_site_rewrite)
  // The types every call site's slice and `[offsets]` operand of this window share (types are
  // immutable values: one node, not one per call site; call_site_rewrite.hpp, shared_type).
  mutable ir::Type slice_type;
  mutable ir::Type offsets_type;
};

/// The rewrite shapes of the spec ("Supported rewrite shapes").
enum class Shape { FinalStore, AggregateWindowLoop, PureInputWindowConsumer, AggregateInputWindowLoop };

inline const char* shape_name(Shape s) {
  switch (s) {
    case Shape::FinalStore: return "FinalStore";
    case Shape::AggregateWindowLoop: return "AggregateWindowLoop";
    case Shape::PureInputWindowConsumer: return "PureInputWindowConsumer";
    case Shape::AggregateInputWindowLoop: return "AggregateInputWindowLoop";
  }
  return "?";
}

struct OutWindow {
  std::size_t param = 0;
  std::size_t ret = 0;                // return position carrying the store result
  const ir::StmtNode* store = nullptr;
  ir::Expr store_var;
  Window w;
  Shape shape = Shape::FinalStore;
  // AggregateWindowLoop only: the For carrying the Out, its iter-arg (init = the Out param) and
  // loop result at that position, and the store offsets relative to the window (callee exprs).
  ir::Stmt loop;
  ir::Expr iter_arg, loop_result;
  std::vector<ir::Expr> local_offsets;
};
struct InWindow {
  std::size_t param = 0;
  Window w;
  Shape shape = Shape::PureInputWindowConsumer;
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

/// Affine forms of offsets over the callee's In scalar params ("may reference only callee params"),
/// read through pure scalar definitions (callee_scalars.hpp).
inline std::optional<std::vector<analysis::Affine>> offset_forms(const CalleeScalars& sc, const std::vector<ir::Expr>& offs,
                                                                 std::string& why) {
  std::vector<analysis::Affine> forms;
  for (const auto& o : offs) {
    auto r = sc.form(o);
    if (!r.value) return why = "an offset is not affine in the callee's scalar params (offset " + r.why + ")", std::nullopt;
    forms.push_back(std::move(*r.value));
  }
  return forms;
}

/// The window offsets to materialize for callee offsets `offs` of forms `forms`.
inline std::vector<ir::Expr> window_offsets(const CalleeScalars& sc, const std::vector<ir::Expr>& offs,
                                            const std::vector<analysis::Affine>& forms) {
  std::vector<ir::Expr> out;
  for (std::size_t d = 0; d < offs.size(); ++d) out.push_back(sc.window_offset(offs[d], forms[d]));
  return out;
}

/// Offset forms as text for remarks: `[row_base + 32*i, 0]`.
inline std::string forms_text(const std::vector<analysis::Affine>& forms) {
  std::string s = "[";
  for (std::size_t i = 0; i < forms.size(); ++i) s += (i ? ", " : "") + analysis::affine_text(forms[i]);
  return s + "]";
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

/// The static shape of a stored tile of `rank` dims that is valid everywhere (the whole window is
/// written), or the refusal in `why`.
inline std::optional<std::vector<std::int64_t>> stored_tile_shape(const ir::Expr& tile_expr, std::size_t rank,
                                                                  std::string& why) {
  auto* tile = ir::type_as<ir::TileType>(tile_expr->type);
  auto shape = tile ? const_list(ir::make_tuple(tile->shape)) : std::nullopt;
  if (!shape || shape->size() != rank) return why = "the stored tile has no static shape of the parameter's rank", std::nullopt;
  for (auto d : *shape)
    if (d <= 0) return why = "the stored tile has an empty dim", std::nullopt;
  if (tile->view && !visit::is_full_valid_shape(tile->view->valid_shape, tile->shape))
    return why = "the stored tile has a narrower valid_shape (the window would be written partly)", std::nullopt;
  return shape;
}

/// Every reference of In param `pv` when each is a supported window read ("supported references
/// are tile.load and tensor.slice"; "transpose loads are rejected"; "the tile.load read shape must
/// equal the candidate window shape"); otherwise the refusal in `why`.
inline std::optional<std::vector<const ir::Call*>> window_reads(const ir::Stmt& body, const ir::Expr& pv, std::string& why) {
  const std::size_t uses = uses_of(body, pv);
  if (uses == 0) return why = "it is not referenced", std::nullopt;
  std::vector<const ir::Call*> refs;
  std::string bad;
  visit::walk_all(body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || c->kind != ir::CallKind::Op || c->args.empty() || c->args[0].get() != pv.get()) return;
    if (ir::op_id(c->callee) == ir::op::id("tile.load")) {
      if (ir::kwarg_as<bool>(c->kwargs, "transpose").value_or(false)) bad = "a transpose load reads it";
      else if (c->args.size() == 4 && !(const_list(c->args[3]) && const_list(c->args[3]) == const_list(c->args[2])))
        bad = "a tile.load reads it with a valid shape other than its shape";
      else refs.push_back(c);
    } else if (ir::op_id(c->callee) == ir::op::id("tensor.slice") && c->args.size() == 3) {
      // clamp=True clips the window to the sliced tensor: under Pattern 5 that tensor becomes the
      // caller's window, so the clipping (and what the slice reads) would change. Fail closed.
      if (ir::kwarg_as<bool>(c->kwargs, "clamp").value_or(false)) bad = "a tensor.slice with clamp=True reads it";
      else refs.push_back(c);
    }
  });
  if (!bad.empty()) return why = bad, std::nullopt;
  if (refs.size() != uses) return why = "a reference is not a tile.load or tensor.slice of it (unsupported consumer)", std::nullopt;
  return refs;
}

/// The window operands of a read: (static shape, offsets list) or nullopt.
inline bool read_window(const ir::Call* c, std::vector<std::int64_t>& shape, std::vector<ir::Expr>& offsets) {
  const bool load = ir::op_id(c->callee) == ir::op::id("tile.load");
  auto s = const_list(c->args[load ? 2 : 1]);
  auto* offs = ir::expr_as<ir::MakeTuple>(c->args[load ? 1 : 2]);
  if (!s || !offs || offs->elems.size() != s->size()) return false;
  for (auto d : *s)
    if (d <= 0) return false;
  shape = *s;
  offsets = offs->elems;
  return true;
}

}  // namespace callee_detail

}  // namespace ptorw::patterns::window
