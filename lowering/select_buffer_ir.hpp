// SelectBufferIRFunctions (lower_tile_to_buffer.md, "Default whole-kernel selection"): decides, per
// InCore/AIC/AIV kernel, whether the whole kernel lowers to Buffer IR, and records the decision in
// the function attribute `buffer_ir_selected`. A recorded decision is never recomputed (storage
// rewrites after selection cannot change it). With `enable_buffer_ir=False` nothing is selected and
// nothing is recorded: every kernel keeps the Tile pipeline.
//
// This release accepts the Vec path of the default a2/a3 rollout; each refusal names its rule. The
// rules of ops and of For/While/If/Return/Scope are their recipe entries' (`applies`, asked with
// Acceptance::Default; recipes/all_recipes.hpp, recipes/control_flow.hpp), the same entries
// conversion asks; this file holds only the whole-kernel rules:
//  * target A5                                   → Tile ("A5 retains Tile IR")
//  * tiles: rank 2, static, pl.Mem.Vec, 32-byte physical rows, dense row-major layout, no constant
//    zero extent but the [0, 0] sentinel (`tile_rule` and vec_descriptor.hpp, on every op operand and
//    result and on every carry and branch result); runtime valid extents only in straight-line
//    kernels and only on load/store/elementwise (`runtime_valid_rules`, `call`)
//  * device helper calls, task launches and non-scalar values without an op stay Tile
//  * unsigned scalar arithmetic stays Tile ("unsigned scalar arithmetic ... remain[s] outside the
//    default contract": scalar_rules.hpp); so does a region-local return (NormalizedReturns)
//  * the kernel's PTO signature must carry it (a selected kernel's compilation errors propagate):
//    every symbolic dim of a GM tensor parameter is a scalar parameter of the same name (codegen's
//    ABI), every result is a GM tensor (a PTO kernel returns nothing), and no scalar parameter is
//    unsigned (no scalar PTO type)
//  * under PTOAS, or with every address placed by hand, storage the conversion's storage index
//    cannot give handles (several differently typed full-capacity window parents of one symbolic
//    allocation, a window parent that is not the whole allocation, a dynamic tile sharing its
//    allocation) → Tile ("A symbolic allocation requiring several differently shaped or typed
//    window parents also remains Tile")
// and asks the entries for the rest: an op without an entry, or whose entry is outside the default
// rollout (cube, runtime valid extents), "has no default Buffer recipe in this release"; GM
// load/store need the transfer dtypes and packed ND tensors, no transpose; elementwise rows need the
// spec's table, their dtype, and operands matching the destination's physical shape *and* valid
// extents; moves copy between equal Vec descriptors; reshape keeps physical bytes; For needs an
// INDEX induction variable and a provably positive constant step; GM carries, branch results and
// returns resolve to one parameter whose type matches the declared result.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/lowering/metadata_versions.hpp"
#include "ptorw/lowering/recipes/control_flow.hpp"
#include "ptorw/lowering/scalar_rules.hpp"
#include "ptorw/lowering/storage_index.hpp"
#include "ptorw/passes/property_check.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

namespace select_detail {

struct Refusal {
  ir::Span span;
  std::string reason;
};

/// The whole-kernel walk. Per op call it asks the call's recipe entry (recipes/all_recipes.hpp,
/// `applies_default`), per For/While/If/Return/Scope the statement's entry
/// (recipes/control_flow.hpp, `select`): the rules below are only those of the whole kernel — the
/// tile descriptors of the Vec rollout, the PTO signature, and what is not a call.
class Selector {
 public:
  explicit Selector(const ir::Function& f) : fn_(f) {
    for (const auto& p : f.params) params_.insert(p.var.get());
    // Scalar and tile SSA definitions, for the entries' proofs (slice alignment from scalar
    // arithmetic, an assemble's target and source provenance). Only variables defined exactly once
    // count (text that rebinds names proves nothing this way).
    if (f.names != ir::NameBinding::Text) {
      std::unordered_set<const ir::ExprNode*> twice;
      visit::walk_all(f.body, [&](const ir::Stmt& s) {
        if (auto* loop = ir::stmt_as<ir::For>(s)) {
          // A loop variable is start + k * step for some k >= 0: what the alignment proof needs
          // of it (`for j in pl.range(0, W, 32)` column tiling; audit 2026-12-05 N7), spelled with
          // a fresh variable for k, which proves nothing of its own.
          if (loop->loop_var && loop->start && loop->step && ir::type_as<ir::ScalarType>(loop->loop_var->type)) {
            ir::Expr k = ir::make_var("k", loop->loop_var->type);
            ir::Expr value = ir::make_expr(ir::Binary{ir::BinOp::Add, loop->start,
                                                      ir::make_expr(ir::Binary{ir::BinOp::Mul, loop->step, k}, loop->loop_var->type)},
                                           loop->loop_var->type);
            if (!scalar_defs_.emplace(loop->loop_var.get(), value).second) twice.insert(loop->loop_var.get());
          }
          return;
        }
        auto* a = ir::stmt_as<ir::Assign>(s);
        if (!a) return;
        auto& defs = ir::type_as<ir::ScalarType>(a->var->type) ? scalar_defs_
                     : ir::type_as<ir::TileType>(a->var->type) ? tile_defs_
                                                                : other_defs_;
        if (!defs.emplace(a->var.get(), a->value).second) twice.insert(a->var.get());
      }, [](const ir::Expr&) {});
      for (const auto* v : twice) {
        scalar_defs_.erase(v);
        if (auto it = tile_defs_.find(v); it != tile_defs_.end()) it->second = nullptr;  // unknown provenance
      }
      other_defs_.clear();
      has_tile_defs_ = true;
    }
  }
  std::optional<Refusal> run() {
    if (auto u = unsigned_scalar_arithmetic(fn_)) return Refusal{u->first, u->second};
    runtime_valid_rules();
    if (refusal_) return refusal_;
    metadata_versions();
    if (refusal_) return refusal_;
    walk(fn_.body);
    abi();
    return refusal_;
  }

  // ---- what a statement entry's `select` uses (recipes/control_flow.hpp) ----
  void refuse(ir::Span sp, std::string why) {
    if (!refusal_) refusal_ = Refusal{sp, std::move(why)};
  }
  bool refused() const { return refusal_.has_value(); }
  const ir::Function& fn() const { return fn_; }
  /// The GM parameter a tensor value aliases, or null.
  const ir::ExprNode* param_of(const ir::Expr& t) const {
    if (!t) return nullptr;
    if (params_.count(t.get())) return t.get();
    auto it = gm_.find(t.get());
    return it == gm_.end() ? nullptr : it->second;
  }
  void alias(const ir::Expr& v, const ir::ExprNode* p) { gm_[v.get()] = p; }
  /// The tile rules of the default a2/a3 rollout ("statically sized rank-2 dense Vec and ordinary
  /// cube kernels ... Physical rows must be 32-byte aligned").
  void tile_rule(const ir::Expr& v, ir::Span sp) {
    auto* t = ir::type_as<ir::TileType>(v ? v->type : nullptr);
    if (!t) return;
    const std::string who = "tile '" + ir::var_name(v) + "'";
    // Matrix spaces: the ordinary cube path's rule (recipes/cube.hpp); a kernel mixes no spaces.
    if (auto why = recipes::cube_rules::tile_rule(*t, who)) return refuse(sp, why->text);
    const bool matrix = t->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec;
    // An AIC/AIV kernel runs on one core kind, which has only its own storage.
    if (const char* why = ir::core_storage_conflict(fn_.type, t->memory.value_or(ir::MemSpace::Vec)))
      return refuse(sp, who + (matrix ? " is matrix storage in an AIV kernel (" : " is pl.Mem.Vec in an AIC kernel (") + why + ")");
    (matrix ? has_matrix_ : has_vec_) = true;
    if (has_matrix_ && has_vec_)
      return refuse(sp, who + " mixes pl.Mem.Vec and matrix tiles in one kernel (the ordinary cube path is GM -> Mat -> Left/Right -> Acc -> GM)");
    if (matrix) return;
    if (t->shape.size() != 2) return refuse(sp, who + " is not rank 2");
    auto bytes = static_bytes(t->shape, t->dtype);
    if (!bytes) return refuse(sp, who + " is not statically sized");
    if ((*ir::const_int(t->shape[1]) * ir::dtype_bytes(t->dtype)) % 32 != 0)
      return refuse(sp, who + " has physical rows that are not 32-byte aligned");
    // "dense Vec": no boxed view; no static empty descriptor (vec_descriptor.hpp, also asked by
    // the storage index in explicit conversion).
    if (auto why = vec_descriptor_refusal(*t, who)) return refuse(sp, *why);
  }
  void walk(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* next = it.next()) {
      if (refusal_) return;
      stmt(*next);
    }
  }

 private:
  const ir::Function& fn_;
  std::unordered_set<const ir::ExprNode*> params_;
  std::unordered_map<const ir::ExprNode*, const ir::ExprNode*> gm_;  // tensor value -> parameter
  std::optional<Refusal> refusal_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> scalar_defs_, tile_defs_, other_defs_;
  bool has_tile_defs_ = false;  // false for text that rebinds names: no provenance is known
  bool has_vec_ = false, has_matrix_ = false;  // tile spaces seen (tile_rule)

  /// What the kernel's PTO signature can carry (codegen/README.md "What is emitted"): a symbolic
  /// dim of a GM tensor parameter is read from the scalar parameter of the same name, and results
  /// leave only through GM tensor parameters (a PTO kernel returns nothing). A kernel selected
  /// without them could not be compiled, and a selected kernel's errors propagate.
  void abi() {
    std::unordered_set<std::string> scalars;
    for (const auto& p : fn_.params)
      if (auto* s = ir::type_as<ir::ScalarType>(p.var->type)) {
        scalars.insert(ir::var_name(p.var));
        // The emitter has no scalar PTO type for an unsigned scalar (scalar_rules.hpp).
        if (unsigned_dtype(s->dtype))
          return refuse(p.var->span.line ? p.var->span : fn_.span,
                        "scalar parameter '" + ir::var_name(p.var) + "' is pl." + std::string(ir::name_of(s->dtype)) +
                            ", which the kernel's PTO signature cannot carry (unsigned scalars remain outside the default contract)");
      }
    for (const auto& p : fn_.params) {
      auto* tt = ir::type_as<ir::TensorType>(p.var->type);
      if (!tt) continue;
      // "Ordinary packed ND GM": a GM view carrying valid_shape/pad metadata has no PTO
      // tensor_view spelling (codegen), so it is not selected (audit 2026-12-06 F2).
      if (ir::has_valid_or_pad(tt->view))
        return refuse(p.var->span.line ? p.var->span : fn_.span,
                      "GM tensor '" + ir::var_name(p.var) + "' carries a TensorView valid_shape/pad (only ordinary "
                      "packed ND GM; its PTO tensor_view has no spelling for it)");
      std::string missing;
      std::function<void(const ir::Expr&)> dims = [&](const ir::Expr& e) {
        if (ir::expr_as<ir::Var>(e) && !scalars.count(ir::var_name(e)) && missing.empty()) missing = ir::var_name(e);
        visit::each_child(e, [&](const ir::Expr& c) { dims(c); });
      };
      visit::each_type_expr(p.var->type, [&](const ir::Expr& e) { dims(e); });
      if (!missing.empty())
        return refuse(p.var->span.line ? p.var->span : fn_.span,
                      "GM tensor '" + ir::var_name(p.var) + "' has the symbolic dim '" + missing +
                          "', which is not a scalar parameter of the kernel (its PTO signature has no value for it)");
    }
    for (std::size_t i = 0; i < fn_.return_types.size(); ++i)
      if (!ir::type_as<ir::TensorType>(fn_.return_types[i]))
        return refuse(fn_.span, "result " + std::to_string(i + 1) +
                                    (ir::type_as<ir::ScalarType>(fn_.return_types[i])
                                         ? " is a scalar: a device kernel cannot return a scalar (PyPTO: \"A task cannot "
                                           "return a scalar\"); write it into a tensor parameter instead"
                                         : " is not a GM tensor: a kernel gives data back only through its GM tensor parameters"));
  }

  /// "Runtime-valid default selection": runtime valid extents are enabled for straight-line Vec
  /// load/store and matching-shape elementwise recipes; "user control flow with dynamic valid state
  /// ... retain[s] Tile IR". (tile.set_validshape keeps its own refusal until the metadata-version
  /// analysis exists: recipes/valid_shape.hpp.) A kernel with a runtime-valid tile must therefore
  /// have no For/While/If at all.
  void runtime_valid_rules() {
    std::string dynamic;
    ir::Span flow;
    bool has_flow = false;
    visit::walk_all(fn_.body, [&](const ir::Stmt& s) {
      if (!has_flow && (ir::stmt_as<ir::For>(s) || ir::stmt_as<ir::While>(s) || ir::stmt_as<ir::If>(s))) {
        has_flow = true;
        flow = s->span;
      }
    }, [&](const ir::Expr& e) {
      if (auto* t = ir::type_as<ir::TileType>(e->type); dynamic.empty() && t && ir::is_var_like(e) && runtime_valid(*t))
        dynamic = ir::var_name(e);
    });
    if (!dynamic.empty() && has_flow)
      refuse(flow, "user control flow in a kernel with runtime valid extents (tile '" + dynamic +
                       "') retains Tile IR");
  }
  /// "A forward SSA analysis rejects uses of old metadata versions after a setter" (the analysis:
  /// metadata_versions.hpp, also asked by the explicit conversion). Only kernels with a
  /// tile.set_validshape are asked; they are straight-line (a setter to runtime extents makes a
  /// dynamic tile, and `runtime_valid_rules` refused control flow).
  void metadata_versions() {
    if (auto r = old_metadata_version_read(fn_)) refuse(r->first, r->second);
  }
  static bool runtime_valid_value(const ir::Expr& e) {
    auto* t = ir::type_as<ir::TileType>(e ? e->type : nullptr);
    return t && runtime_valid(*t);
  }

  /// One op call: its entry decides; the kernel's tile rules run on its operands and result first.
  void call(ir::Span sp, const ir::Expr& target, const ir::Call& c) {
    if (c.kind != ir::CallKind::Op) return refuse(sp, "device helper call '" + c.callee + "' stays on Tile IR");
    {
      const ir::OpId id = ir::op_id(c.callee);
      // ... and the setter itself ("allocation-backed set_validshape with an assigned result").
      // Windows keep per-axis valid descriptors (recipes/windows.hpp decides which).
      const bool transfer_or_ew = id == ir::op::id("tile.load") || id == ir::op::id("tile.store") ||
                                  id == ir::op::id("tile.set_validshape") || id == ir::op::id("tile.slice") ||
                                  find_tile_recipe(id) != nullptr;
      bool dyn = runtime_valid_value(target);
      for (const auto& a : c.args) dyn = dyn || runtime_valid_value(a);
      if (dyn && !transfer_or_ew)
        return refuse(sp, c.callee + " of a tile with runtime valid extents retains Tile IR (runtime valid extents "
                                     "are enabled for load/store and elementwise recipes)");
    }
    auto operands_ok = [&]() -> lowering::Refusal {
      for (const auto& a : c.args) tile_rule(a, sp);
      tile_rule(target, sp);
      return refusal_ ? lowering::refuse(refusal_->reason) : std::nullopt;
    };
    if (auto why = applies_default(target, c, operands_ok, &scalar_defs_, has_tile_defs_ ? &tile_defs_ : nullptr)) return refuse(sp, why->text);
    // The store result is the output tensor itself (GM alias bookkeeping for the statement entries).
    if (ir::op_id(c.callee) == ir::op::id("tile.store") && target) {
      if (const ir::ExprNode* p = param_of(c.args[2])) gm_[target.get()] = p;
      else return refuse(sp, "tile.store target does not resolve to a GM parameter");
    }
  }

  void stmt(const ir::Stmt& st) {
    if (with_stmt_recipe(st, [&](auto r, const auto& node) { decltype(r)::select(st, node, *this); })) return;
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) {
        tile_rule(k.var, st->span);
        if (auto* c = ir::expr_as<ir::Call>(k.value)) call(st->span, k.var, *c);
        else if (ir::expr_as<ir::Submit>(k.value)) refuse(st->span, "task launches stay on Tile IR");
        else if (ir::is_var_like(k.value) && ir::type_as<ir::TileType>(k.var->type)) tile_rule(k.value, st->span);
        else if (ir::is_var_like(k.value) && ir::type_as<ir::TensorType>(k.var->type)) {
          // An ordinary alias of a GM parameter ("aliases of one GM parameter").
          if (const ir::ExprNode* p = param_of(k.value)) alias(k.var, p);
          else refuse(st->span, "a tensor alias that does not resolve to a GM parameter");
        } else if (!ir::type_as<ir::ScalarType>(k.var->type)) refuse(st->span, "non-scalar value without an op");
      } else if constexpr (std::is_same_v<K, ir::Eval>) {
        if (auto* c = ir::expr_as<ir::Call>(k.value)) call(st->span, nullptr, *c);
      } else if constexpr (std::is_same_v<K, ir::Seq>) {
        walk(st);
      }
    }, st->kind);
  }
};

/// How `f`'s tile.alloc statements are placed: none of them named, every one named (a kernel
/// planned by hand or by an addressed planner), or some of each. `first_unplaced` is the span of
/// the first one without `addr=` (for a Mixed refusal).
enum class AllocPlacement { NoAllocs, NoneAddressed, AllAddressed, Mixed };
inline AllocPlacement alloc_placement(const ir::Function& f, ir::Span* first_unplaced = nullptr) {
  bool with = false, without = false;
  visit::FlatStmts it(f.body);
  while (const ir::Stmt* s = it.next()) {
    auto* a = ir::stmt_as<ir::Assign>(*s);
    auto* c = a ? ir::expr_as<ir::Call>(a->value) : nullptr;
    if (!c || !ir::is_op_call(a->value, ir::op::id("tile.alloc"))) continue;
    if (ir::find_kwarg(c->kwargs, "addr")) {
      with = true;
    } else {
      if (!without && first_unplaced) *first_unplaced = (*s)->span;
      without = true;
    }
  }
  if (with && without) return AllocPlacement::Mixed;
  return with ? AllocPlacement::AllAddressed : without ? AllocPlacement::NoneAddressed : AllocPlacement::NoAllocs;
}

}  // namespace select_detail


/// The whole-kernel decision for one function: nullopt = selected, else the rule that refused it.
inline std::optional<select_detail::Refusal> buffer_ir_refusal(const ir::Function& f, const passes::PassContext& ctx) {
  // "region-local returns ... remain outside the default contract": the NormalizedReturns check.
  if (auto v = passes::function_property_violation(passes::IrProperty::NormalizedReturns, f))
    return select_detail::Refusal{v->span, "a return before the end of the kernel (a region-local return) remains outside the "
                                           "default contract"};
  if (auto why = ir::init_memref_refusal(f)) return select_detail::Refusal{f.span, "InitMemRef could not plan its storage: " + *why};
  if (ctx.get("target").value_or("a2a3") == "a5") return select_detail::Refusal{f.span, "A5 retains Tile IR"};
  if (auto why = select_detail::Selector(f).run()) return why;
  // "A symbolic allocation requiring several differently shaped or typed window parents also
  // remains Tile": under PTOAS the allocations InitMemRef made are the symbolic ones conversion
  // sees (plan-memory places nothing), so the storage index conversion builds is asked here — a
  // kernel whose storage it cannot give Buffer handles stays Tile instead of failing conversion.
  // The same holds for a kernel planned by hand with every address placed (plan-memory only
  // validates it): e.g. a static partially valid tile in the window of a dynamic one (audit
  // 2026-12-05 N6: selected, then conversion failed).
  // pto_format.md "Addresses and planners": one planner per kernel, so its allocations are all
  // addressed or all addressless. A hand-planned kernel with both forms cannot be converted (the
  // BufferIR verifier refuses it), so it stays Tile here rather than failing after selection
  // (audit 2026-12-05 R2).
  ir::Span unplaced = f.span;
  const select_detail::AllocPlacement placement = select_detail::alloc_placement(f, &unplaced);
  if (placement == select_detail::AllocPlacement::Mixed)
    return select_detail::Refusal{unplaced, "this tile.alloc has no addr= while others of the kernel have one: a kernel's "
                                            "allocations must be all addressed or all addressless (one planner)"};
  const bool ptoas = ctx.memory_planner == "PTOAS";
  if (ptoas || placement == select_detail::AllocPlacement::AllAddressed) {
    StorageIndex index;
    if (auto e = index.build(f.body))
      return select_detail::Refusal{e->span, (ptoas ? "under the PTOAS planner, " : "in its placed storage, ") + e->message};
  }
  return std::nullopt;
}

inline passes::Pass make_select_buffer_ir_pass() {
  return passes::function_pass(
      "select-buffer-ir", "record the whole-kernel Buffer IR decision in buffer_ir_selected (never recomputed)", {},
      [](const ir::ProgramPtr& in, const passes::PassContext& ctx) {
        passes::PassOutcome o;
        o.program = in;
        if (!ctx.enable_buffer_ir) return o;
        auto out = std::make_shared<ir::Program>(*in);
        bool changed = false;
        for (auto& f : out->functions) {
          if (!ir::is_incore_like(f->type) || f->stage != ir::Stage::Tile) continue;
          if (ir::find_kwarg(f->attrs, "buffer_ir_selected")) continue;  // recorded: never recomputed
          auto why = buffer_ir_refusal(*f, ctx);
          o.remarks.push_back(rewrite::Remark{"select-buffer-ir", f->name, why ? why->span : f->span,
                                              why ? "stays on Tile IR: " + why->reason : "selected for Buffer IR"});
          f = ir::with_function(*f, [&](ir::Function& g) { g.attrs = ir::with_kwarg(g.attrs, "buffer_ir_selected", !why); });
          changed = true;
        }
        if (changed) o.program = out;
        return o;
      });
}
inline const bool select_buffer_ir_registered =
    passes::PassRegistry::global().add("select-buffer-ir", make_select_buffer_ir_pass);

}  // namespace ptorw::lowering
