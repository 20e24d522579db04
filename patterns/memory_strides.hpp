// The strides of the memory a tensor value of a calling function lives in, proven from its
// definitions (spec Patterns 2 and 4: the parent's strides attached to a kernel parameter; Pattern
// 5: the argument a windowed clone reads through its parameter's strides). Fails closed: a value
// whose memory cannot be followed has no strides, and the reason says why.
//
// Runtime tensors are views (docs/semantics.md "Tensors"): a `tensor.slice` is a view of its
// parent, `tensor.assemble` and `tensor.write` return their (updated) parent, a user call's result
// is the Out/InOut argument it carries (carried_args.hpp), an If result is one of its arms' yields,
// a loop result and an iter-arg are the init or a trip's yield. Only fresh storage (op results
// such as tensor.create, parameters) has the strides its type declares. Reading the declared type
// of an If result, a loop result or a call result instead took a strided view (a [32, 64] slice of
// a [64, 128] tensor) for dense memory, and Pattern 4 attached the strides [64, 1] to a parameter
// that receives [128, 1] (diffcheck: "declares TensorView strides [64, 1] but receives a view with
// strides [128, 1]"; goldens optimize-orch-tensors/p4_*_strided_*).
//
// An iter-arg keeps the strides its type declares when its init and every trip's yield have them:
// the yield is proven under that assumption (it may be a view of the iter-arg itself).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/carried_args.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

class MemoryStrides {
 public:
  /// `any_leading`: a `pl.dynamic` leading dim is allowed (declared_strides); Patterns 2 and 4 keep
  /// to static shapes (issue 3), Pattern 5 does not (issue 4).
  MemoryStrides(const CallerValues& values, const CarriedArgs& carried, bool any_leading = false)
      : v_(values), facts_(values.facts()), carried_(carried), any_leading_(any_leading) {}

  KnownStrides of(const ir::Expr& e) { return strides(e, 0); }

 private:
  static constexpr int kMaxDepth = 256;

  KnownStrides strides(const ir::Expr& e, int depth) {
    if (!e) return KnownStrides::unknown("it is missing");
    if (depth > kMaxDepth) return KnownStrides::unknown("its definition chain is too deep");
    if (const KnownStrides* m = memo_.find(e.get())) return *m;
    // An answer found while an iter-arg's strides are assumed holds only if the assumption does.
    const bool final = assumed_.empty();
    KnownStrides r = compute(e, depth);
    if (final) memo_.try_emplace(e.get(), r);
    return r;
  }

  KnownStrides compute(const ir::Expr& e, int depth) {
    if (ir::expr_as<ir::IterArg>(e)) return iter_arg(e, depth);
    if (const CallerValues::Def d = v_.def(e)) {
      const ir::Expr& value = d.value();
      if (d.index < 0 && ir::is_var_like(value)) return strides(value, depth + 1);
      if (d.index >= 0)
        if (auto* t = ir::expr_as<ir::MakeTuple>(value))
          return static_cast<std::size_t>(d.index) < t->elems.size() ? strides(t->elems[static_cast<std::size_t>(d.index)], depth + 1)
                                                                       : KnownStrides::unknown("its tuple is too short");
      if (d.index < 0) {
        const bool slice = ir::is_op_call(value, ir::op::id("tensor.slice"));
        if (slice || ir::is_op_call(value, ir::op::id("tensor.assemble")) || ir::is_op_call(value, ir::op::id("tensor.write"))) {
          const ir::Call& call = *ir::expr_as<ir::Call>(value);
          if (call.args.empty()) return KnownStrides::unknown("its parent is missing");
          KnownStrides parent = strides(call.args[0], depth + 1);
          if (slice) parent = slice_strides(std::move(parent), call);
          return trailing_strides(std::move(parent), rank_of(e->type));
        }
      }
      if (auto o = v_.result_of(e)) return call_result(e, *o, depth);
      if (d.index >= 0 || ir::expr_as<ir::TupleGetItem>(value))
        return KnownStrides::unknown(value_text(e) + " is an element of a tuple whose memory is not followed");
      return declared_strides(e->type, any_leading_);  // an op result: fresh storage
    }
    if (facts_.param.find(e.get())) return declared_strides(e->type, any_leading_);
    if (const BoundAt* at = facts_.bound_at.find(e.get())) {
      if (auto* f = ir::kind_as<ir::For>(at->owner->kind)) return loop_result(e, f->iter_args, at->k, depth);
      if (auto* w = ir::kind_as<ir::While>(at->owner->kind)) return loop_result(e, w->iter_args, at->k, depth);
      if (auto* i = ir::kind_as<ir::If>(at->owner->kind)) return if_result(e, *i, at->k, depth);
    }
    return KnownStrides::unknown("the definition of " + value_text(e) + " is not found");
  }

  /// Result `o` of a user call: the memory of the Out/InOut argument it carries.
  KnownStrides call_result(const ir::Expr& e, const CallerValues::Origin& o, int depth) {
    const bool only = std::get_if<ir::Call>(&o.call->kind) && !ir::type_as<ir::TupleType>(o.call->type);
    ir::Expr arg = carried_.arg_of(o.call, only ? -1 : static_cast<std::int64_t>(o.index));
    if (!arg) return KnownStrides::unknown(value_text(e) + " is a call result that carries no Out/InOut argument's memory");
    return trailing_strides(strides(arg, depth + 1), rank_of(e->type));
  }

  /// A loop result is its iter-arg's last value (the init when no trip runs).
  KnownStrides loop_result(const ir::Expr& e, const std::vector<ir::Expr>& iter_args, std::size_t k, int depth) {
    if (k >= iter_args.size()) return KnownStrides::unknown("loop result " + value_text(e) + " has no iter-arg");
    return strides(iter_args[k], depth + 1);
  }

  /// An If result is the value one of its arms yields: both must have the same known strides.
  KnownStrides if_result(const ir::Expr& e, const ir::If& s, std::size_t k, int depth) {
    const ir::Expr* a = yielded(s.then_body, k);
    const ir::Expr* b = yielded(s.else_body, k);
    if (!a || !b) return KnownStrides::unknown("if result " + value_text(e) + " is not yielded by both arms");
    KnownStrides x = strides(*a, depth + 1);
    if (!x.value) return x;
    KnownStrides y = strides(*b, depth + 1);
    if (!y.value) return y;
    if (*x.value != *y.value)
      return KnownStrides::unknown("if result " + value_text(e) + " is " + value_text(*a) + " with strides " +
                                   strides_text(*x.value) + " or " + value_text(*b) + " with strides " + strides_text(*y.value));
    return x;
  }

  /// An iter-arg has its declared strides when its init has them and every trip yields a value
  /// that has them, assuming the iter-arg does (a yield of the iter-arg itself, or of a view of it).
  KnownStrides iter_arg(const ir::Expr& e, int depth) {
    KnownStrides own = declared_strides(e->type, any_leading_);
    if (!own.value) return own;
    for (const ir::ExprNode* a : assumed_)
      if (a == e.get()) return own;
    const ir::Expr& init = ir::expr_as<ir::IterArg>(e)->init;
    const BoundAt* at = facts_.bound_at.find(e.get());
    const ir::Stmt* body = nullptr;
    if (at)
      if (auto* f = ir::kind_as<ir::For>(at->owner->kind)) body = &f->body;
    if (at)
      if (auto* w = ir::kind_as<ir::While>(at->owner->kind)) body = &w->body;
    if (!init || !body) return KnownStrides::unknown("loop-carried " + value_text(e) + " has no loop that binds it");
    assumed_.push_back(e.get());
    KnownStrides r = own;
    if (KnownStrides in = strides(init, depth + 1); !in.value || *in.value != *own.value) {
      r = KnownStrides::unknown("loop-carried " + value_text(e) + " starts as " + value_text(init) +
                                (in.value ? " with strides " + strides_text(*in.value) : ", whose strides are unknown"));
    } else if (const ir::Expr* y = yielded(*body, at->k); !y) {
      r = KnownStrides::unknown("loop-carried " + value_text(e) + " is not yielded by its loop");
    } else if (KnownStrides out = strides(*y, depth + 1); !out.value || *out.value != *own.value) {
      r = KnownStrides::unknown("loop-carried " + value_text(e) + " is yielded " + value_text(*y) +
                                (out.value ? " with strides " + strides_text(*out.value) : ", whose strides are unknown"));
    }
    assumed_.pop_back();
    return r;
  }

  /// The value `body` yields at position `k` (its last statement), or null.
  static const ir::Expr* yielded(const ir::Stmt& body, std::size_t k) {
    const ir::Stmt* last = body ? ir::last_stmt(body) : nullptr;
    auto* y = last ? ir::stmt_as<ir::Yield>(*last) : nullptr;
    return y && k < y->values.size() ? &y->values[k] : nullptr;
  }

  const CallerValues& v_;
  const FunctionFacts& facts_;
  const CarriedArgs& carried_;
  bool any_leading_;
  std::vector<const ir::ExprNode*> assumed_;  // iter-args whose strides are assumed (under proof)
  visit::PtrMap<KnownStrides> memo_;          // answers that rest on no assumption
};

}  // namespace ptorw::patterns
