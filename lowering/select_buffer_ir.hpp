// SelectBufferIRFunctions (lower_tile_to_buffer.md, "Default whole-kernel selection"): decides, per
// InCore/AIC/AIV kernel, whether the whole kernel lowers to Buffer IR, and records the decision in
// the function attribute `buffer_ir_selected`. A recorded decision is never recomputed (storage
// rewrites after selection cannot change it). With `enable_buffer_ir=False` nothing is selected and
// nothing is recorded: every kernel keeps the Tile pipeline.
//
// This release accepts the Vec path of the default a2/a3 rollout; each refusal names its rule:
//  * target A5                                   → Tile ("A5 retains Tile IR")
//  * tiles: rank 2, static, pl.Mem.Vec, 32-byte physical rows, static valid extents
//  * ops: GM load/store (FP16, BF16, FP32, INT32; ordinary packed ND tensors, no transpose) and the
//    rows of the elementwise recipe table for their dtype; Vec→Vec move; create; equal-byte reshape;
//    block queries. Elementwise operands and destination have matching physical shapes *and* valid
//    extents ("matching valid extents alone do not qualify").
//  * everything else stays Tile: reductions and other ops without a recipe, slices/assemble and
//    runtime valid extents (later recipes), the cube path (later in this rollout), device helper
//    calls, scopes
//  * For loops need an INDEX induction variable and a provably positive constant step
//  * tensor results must resolve to one GM parameter whose type matches the declared result,
//    including TensorView metadata ("kernels with mismatched return views retain Tile IR")
//  * the kernel's PTO signature must carry it (a selected kernel's compilation errors propagate):
//    every symbolic dim of a GM tensor parameter is a scalar parameter of the same name (codegen's
//    ABI), and every result is a GM tensor (a PTO kernel returns nothing)
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

namespace select_detail {

struct Refusal {
  ir::Span span;
  std::string reason;
};

class Selector {
 public:
  explicit Selector(const ir::Function& f) : fn_(f) {
    for (const auto& p : f.params) params_.insert(p.var.get());
  }
  std::optional<Refusal> run() {
    block(fn_.body);
    abi();
    return refusal_;
  }

 private:
  const ir::Function& fn_;
  std::unordered_set<const ir::ExprNode*> params_;
  std::unordered_map<const ir::ExprNode*, const ir::ExprNode*> gm_;  // tensor value -> parameter
  std::optional<Refusal> refusal_;

  void refuse(ir::Span sp, std::string why) {
    if (!refusal_) refusal_ = Refusal{sp, std::move(why)};
  }
  const ir::ExprNode* param_of(const ir::Expr& t) const {
    if (!t) return nullptr;
    if (params_.count(t.get())) return t.get();
    auto it = gm_.find(t.get());
    return it == gm_.end() ? nullptr : it->second;
  }

  /// What the kernel's PTO signature can carry (codegen/README.md "What is emitted"): a symbolic
  /// dim of a GM tensor parameter is read from the scalar parameter of the same name, and results
  /// leave only through GM tensor parameters (a PTO kernel returns nothing). A kernel selected
  /// without them could not be compiled, and a selected kernel's errors propagate.
  void abi() {
    std::unordered_set<std::string> scalars;
    for (const auto& p : fn_.params)
      if (ir::type_as<ir::ScalarType>(p.var->type)) scalars.insert(ir::var_name(p.var));
    for (const auto& p : fn_.params) {
      if (!ir::type_as<ir::TensorType>(p.var->type)) continue;
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
                                    " is not a GM tensor: a kernel gives data back only through its GM tensor parameters");
  }

  void tile_ok(const ir::Expr& v, ir::Span sp) {
    auto* t = ir::type_as<ir::TileType>(v ? v->type : nullptr);
    if (!t) return;
    const std::string who = "tile '" + ir::var_name(v) + "'";
    if (t->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec) return refuse(sp, who + " is not in pl.Mem.Vec (the cube path follows later)");
    if (t->shape.size() != 2) return refuse(sp, who + " is not rank 2");
    auto bytes = static_bytes(t->shape, t->dtype);
    if (!bytes) return refuse(sp, who + " is not statically sized");
    if ((*ir::const_int(t->shape[1]) * ir::dtype_bytes(t->dtype)) % 32 != 0)
      return refuse(sp, who + " has physical rows that are not 32-byte aligned");
    if (t->view)
      for (const auto& e : t->view->valid_shape)
        if (!ir::const_int(e)) return refuse(sp, who + " has runtime valid extents (a later recipe)");
  }
  static std::optional<ir::TileType> tile_of(const ir::Expr& e) {
    if (auto* t = e ? ir::type_as<ir::TileType>(e->type) : nullptr) return *t;
    return std::nullopt;
  }
  static bool same_valid(const ir::TileType& a, const ir::TileType& b) {
    auto valid = [](const ir::TileType& t) {
      std::vector<std::int64_t> v;
      const auto& src = t.view && !t.view->valid_shape.empty() ? t.view->valid_shape : t.shape;
      for (const auto& e : src) v.push_back(ir::const_int(e).value_or(-1));
      return v;
    };
    return valid(a) == valid(b);
  }
  static bool same_physical(const ir::TileType& a, const ir::TileType& b) {
    if (a.shape.size() != b.shape.size() || a.dtype != b.dtype) return false;
    for (std::size_t i = 0; i < a.shape.size(); ++i)
      if (ir::const_int(a.shape[i]) != ir::const_int(b.shape[i])) return false;
    return true;
  }

  void call(ir::Span sp, const ir::Expr& target, const ir::Call& c) {
    if (c.kind != ir::CallKind::Op) return refuse(sp, "device helper call '" + c.callee + "' stays on Tile IR");
    const std::string& op = c.callee;
    const ir::OpId id = ir::op_id(c.callee);
    if (!has_recipe(id) || id == ir::op::id("tile.matmul") || id == ir::op::id("tile.matmul_acc") || id == ir::op::id("tile.extract"))
      return refuse(sp, op + " has no default Buffer recipe in this release");
    for (const auto& a : c.args) tile_ok(a, sp);
    tile_ok(target, sp);
    if (refusal_) return;
    if (id == ir::op::id("tile.load") || id == ir::op::id("tile.store")) {
      const ir::Expr& t = id == ir::op::id("tile.load") ? c.args[0] : c.args[2];
      auto* tt = ir::type_as<ir::TensorType>(t->type);
      if (!tt || !(kTransfer & bit(tt->dtype))) return refuse(sp, op + " of this element type has no GM transfer recipe");
      if (tt->view && (!tt->view->stride.empty() || tt->view->layout != ir::TensorLayout::ND))
        return refuse(sp, op + " of a strided or non-ND tensor (only ordinary packed ND GM)");
      if (ir::find_kwarg(c.kwargs, "transpose")) return refuse(sp, "tile.load with transpose stays on Tile IR");
      if (id == ir::op::id("tile.store") && target) {
        if (const ir::ExprNode* p = param_of(c.args[2])) gm_[target.get()] = p;
        else return refuse(sp, "tile.store target does not resolve to a GM parameter");
      }
      return;
    }
    if (id == ir::op::id("tile.move")) {
      auto src = tile_of(c.args[0]);
      auto dst = tile_of(target);
      if (!src || !dst || !same_physical(*src, *dst)) return refuse(sp, "tile.move must copy between equal Vec descriptors");
      return;
    }
    if (id == ir::op::id("tile.reshape")) {
      auto src = tile_of(c.args[0]);
      auto dst = tile_of(target);
      if (!src || !dst || static_bytes(src->shape, src->dtype) != static_bytes(dst->shape, dst->dtype))
        return refuse(sp, "tile.reshape must preserve physical bytes");
      return;
    }
    if (const ElementwiseRecipe* r = find_tile_recipe(id)) {
      if (!r->default_rollout) return refuse(sp, op + " is outside the default rollout's recipe table");
      auto dst = tile_of(target);
      if (!dst) return refuse(sp, op + " result must be assigned");
      if (!supports(*r, dst->dtype)) return refuse(sp, op + " has no recipe for pl." + std::string(ir::name_of(dst->dtype)));
      for (const auto& a : c.args) {
        auto src = tile_of(a);
        if (!src) continue;
        if (!same_physical(*src, *dst) || !same_valid(*src, *dst))
          return refuse(sp, op + " operands and destination must have matching physical shapes and valid extents");
      }
    }
  }

  void block(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* next = it.next()) {
      if (refusal_) return;
      const ir::Stmt& st = *next;
      ir::visit_stmt([&](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, ir::Assign>) {
          tile_ok(k.var, st->span);
          if (auto* c = ir::expr_as<ir::Call>(k.value)) call(st->span, k.var, *c);
          else if (ir::expr_as<ir::Submit>(k.value)) refuse(st->span, "task launches stay on Tile IR");
          else if (!ir::type_as<ir::ScalarType>(k.var->type)) refuse(st->span, "non-scalar value without an op");
        } else if constexpr (std::is_same_v<K, ir::Eval>) {
          if (auto* c = ir::expr_as<ir::Call>(k.value)) call(st->span, nullptr, *c);
        } else if constexpr (std::is_same_v<K, ir::Seq>) {
          block(st);
        } else if constexpr (std::is_same_v<K, ir::If>) {
          block(k.then_body);
          block(k.else_body);
          auto* a = visit::final_yield(k.then_body);
          auto* b = visit::final_yield(k.else_body);
          for (std::size_t i = 0; i < k.return_vars.size(); ++i) {
            tile_ok(k.return_vars[i], st->span);
            if (!ir::type_as<ir::TensorType>(k.return_vars[i]->type)) continue;
            const ir::ExprNode* pa = a && i < a->values.size() ? param_of(a->values[i]) : nullptr;
            const ir::ExprNode* pb = b && i < b->values.size() ? param_of(b->values[i]) : nullptr;
            if (!pa || pa != pb) return refuse(st->span, "both branch arms must resolve GM result '" + ir::var_name(k.return_vars[i]) + "' to one parameter");
            gm_[k.return_vars[i].get()] = pa;
          }
        } else if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
          if constexpr (std::is_same_v<K, ir::For>) {
            auto* lt = ir::type_as<ir::ScalarType>(k.loop_var->type);
            if (!lt || (lt->dtype != ir::DType::INDEX && lt->dtype != ir::DType::INT64))
              return refuse(st->span, "a For loop needs an INDEX induction variable");
            auto step = ir::const_int(k.step);
            if (!step || *step <= 0) return refuse(st->span, "a For loop needs a provably positive constant step");
          }
          for (const auto& ia : k.iter_args) {
            tile_ok(ia, st->span);
            if (!ir::type_as<ir::TensorType>(ia->type)) continue;
            const ir::ExprNode* p = param_of(ir::expr_as<ir::IterArg>(ia)->init);
            if (!p) return refuse(st->span, "GM loop carry '" + ir::var_name(ia) + "' does not start from a parameter");
            gm_[ia.get()] = p;
          }
          block(k.body);
          auto* y = visit::final_yield(k.body);
          for (std::size_t i = 0; i < k.iter_args.size() && !refusal_; ++i) {
            if (!ir::type_as<ir::TensorType>(k.iter_args[i]->type)) continue;
            const ir::ExprNode* p = gm_[k.iter_args[i].get()];
            if (!y || i >= y->values.size() || param_of(y->values[i]) != p)
              return refuse(st->span, "loop backedge changes the GM alias of '" + ir::var_name(k.iter_args[i]) + "'");
            if (i < k.return_vars.size()) gm_[k.return_vars[i].get()] = p;
          }
        } else if constexpr (std::is_same_v<K, ir::Return>) {
          for (std::size_t i = 0; i < k.values.size(); ++i) {
            if (ir::type_as<ir::ScalarType>(k.values[i]->type)) continue;
            const ir::ExprNode* p = param_of(k.values[i]);
            if (!p) return refuse(st->span, "return value " + std::to_string(i + 1) + " does not resolve to a GM parameter");
            if (i < fn_.return_types.size() && !visit::structural_equal(p->type, fn_.return_types[i]).equal)
              return refuse(st->span, "return value " + std::to_string(i + 1) + " aliases a parameter whose type (view) differs from the declared result");
          }
        } else if constexpr (std::is_same_v<K, ir::Scope>) {
          refuse(st->span, "scopes stay on Tile IR");
        }
      }, st->kind);
    }
  }
};

}  // namespace select_detail

/// The whole-kernel decision for one function: nullopt = selected, else the rule that refused it.
inline std::optional<select_detail::Refusal> buffer_ir_refusal(const ir::Function& f, const passes::PassContext& ctx) {
  if (ctx.get("target").value_or("a2a3") == "a5") return select_detail::Refusal{f.span, "A5 retains Tile IR"};
  return select_detail::Selector(f).run();
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
