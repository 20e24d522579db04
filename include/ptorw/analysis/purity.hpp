// Is an expression free of side effects, so that removing or not evaluating it keeps meaning?
//
// Pure: variables, constants, scalar arithmetic, tuples, and op calls whose registry row says
// Effect::Pure (with pure operands). Never pure: calls of user functions (they may write their Out
// params), pl.submit (launches a task), ops the registry marks WritesArg or Control, and ops the
// registry does not know.
//
// Integer division by zero is treated as undefined behaviour of the target (as in C++ and LLVM),
// not as an effect: `a = i // n` with `a` unused is removable. Rules never *fold* a division by
// zero, they only may drop an unused one.
#pragma once
#include "ptorw/ir/op_registry.hpp"

namespace ptorw::analysis {

inline bool is_pure(const ir::Expr& e) {
  if (!e) return true;
  return std::visit([&](const auto& k) -> bool {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Submit>) {
      return false;
    } else if constexpr (std::is_same_v<K, ir::Call>) {
      if (k.kind != ir::CallKind::Op) return false;
      const ir::OpDef* d = ir::find_op(k.callee);
      if (!d || d->effect != ir::Effect::Pure) return false;
      for (const auto& a : k.args)
        if (!is_pure(a)) return false;
      for (const auto& kv : k.kwargs)
        if (auto* x = std::get_if<ir::Expr>(&kv.second); x && !is_pure(*x)) return false;
      return true;
    } else if constexpr (std::is_same_v<K, ir::Binary>) {
      return is_pure(k.lhs) && is_pure(k.rhs);
    } else if constexpr (std::is_same_v<K, ir::Unary>) {
      return is_pure(k.operand);
    } else if constexpr (std::is_same_v<K, ir::MakeTuple>) {
      for (const auto& x : k.elems)
        if (!is_pure(x)) return false;
      return true;
    } else if constexpr (std::is_same_v<K, ir::TupleGetItem>) {
      return is_pure(k.tuple);
    } else {
      return true;  // Var, IterArg (a use; its init belongs to the loop), constants
    }
  }, e->kind);
}

}  // namespace ptorw::analysis
