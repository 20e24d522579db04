// The type of a call of a user function at one call site.
//
// A function's types may name its own scalar parameters: `def k(self, M: pl.Scalar[pl.INDEX],
// x: pl.Tensor[[M, 128], pl.FP32]) -> pl.Tensor[[M, 128], pl.FP32]` (the form the lowering reads a
// symbolic dim from, lower_tile_to_buffer.md). Inside `k`, `M` is the parameter. At a call
// `self.k(n, x)` the result is `pl.Tensor[[n, 128], pl.FP32]`: the callee's parameter must not leak
// into the caller, where it is undefined (a verifier error, and the printer would rename it).
#pragma once
#include <optional>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/visit/children.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::visit {

/// `t` with every expression inside it (dims, strides, valid shapes, MemRef operands) mapped by
/// `fe` (an Expr -> Expr function applied to whole dim expressions); `t` itself when unchanged.
template <class FE> ir::Type map_type_exprs(const ir::Type& t, FE&& fe) {
  if (!t) return t;
  return std::visit([&](const auto& k) -> ir::Type {
    using K = std::decay_t<decltype(k)>;
    constexpr bool has_exprs = std::is_same_v<K, ir::TensorType> || std::is_same_v<K, ir::TileType> ||
                               std::is_same_v<K, ir::BufferType> || std::is_same_v<K, ir::TupleType>;
    if constexpr (!has_exprs) {
      return t;
    } else {
      // The copy is made at the first change: most types map to themselves, and every edit walk
      // asks (TreeEdit, UseSubst), so an unchanged type costs no allocation. `at` names one field,
      // of the original or of the copy (same layout).
      std::optional<K> copy;
      auto one = [&](auto at) {
        const ir::Expr& x = at(k);
        if (!x) return;
        ir::Expr n = fe(x);
        if (n == x) return;
        if (!copy) copy.emplace(k);
        at(*copy) = std::move(n);
      };
      auto list = [&](auto at) {
        for (std::size_t i = 0; i < at(k).size(); ++i) one([&at, i](auto& kk) -> auto& { return at(kk)[i]; });
      };
      auto memref = [&](auto at) {
        if (!at(k)) return;
        one([&at](auto& kk) -> auto& { return at(kk)->base; });
        one([&at](auto& kk) -> auto& { return at(kk)->offset; });
        one([&at](auto& kk) -> auto& { return at(kk)->size; });
      };
      if constexpr (std::is_same_v<K, ir::TupleType>) {
        for (std::size_t i = 0; i < k.elems.size(); ++i) {
          ir::Type n = map_type_exprs(k.elems[i], fe);
          if (n == k.elems[i]) continue;
          if (!copy) copy.emplace(k);
          copy->elems[i] = std::move(n);
        }
      } else {
        list([](auto& kk) -> auto& { return kk.shape; });
        if constexpr (std::is_same_v<K, ir::TensorType>) {
          if (k.view) {
            list([](auto& kk) -> auto& { return kk.view->stride; });
            list([](auto& kk) -> auto& { return kk.view->valid_shape; });
          }
          memref([](auto& kk) -> auto& { return kk.memref; });
        } else {
          if constexpr (std::is_same_v<K, ir::TileType>) memref([](auto& kk) -> auto& { return kk.memref; });
          if (k.view) list([](auto& kk) -> auto& { return kk.view->valid_shape; });
        }
      }
      return copy ? ir::make_type(std::move(*copy)) : t;
    }
  }, t->kind);
}

/// Whether some expression inside `t` reads a variable (a `pl.dynamic` dim, `valid_shape=[k, 64]`).
inline bool type_reads_variable(const ir::Type& t) {
  bool other = false;  // most types hold constant dims only: no walk
  for_each_type_expr(t, [&](const ir::Expr& d) { other = other || !ir::expr_as<ir::ConstInt>(d); });
  return other && type_mentions(t, [](const ir::Expr& x) { return ir::is_var_like(x); });
}

/// `t` with the variables inside it replaced as a substitution replaces uses: `use` maps a whole
/// dim expression; a dim that becomes constant arithmetic is folded, as types keep dims
/// (`[k + 1, 64]` with `k` → 1 is the static `[2, 64]`). `t` itself when nothing changes.
template <class Use> ir::Type map_type_uses(const ir::Type& t, Use&& use) {
  if (!t || !type_reads_variable(t)) return t;
  return map_type_exprs(t, [&](const ir::Expr& d) {
    ir::Expr n = use(d);
    if (n == d || (!ir::expr_as<ir::Binary>(n) && !ir::expr_as<ir::Unary>(n))) return n;
    auto v = ir::const_int_value(n);
    if (!v) return n;
    auto* st = ir::type_as<ir::ScalarType>(n->type);
    return ir::make_int(*v, st ? st->dtype : ir::DType::INDEX, n->span);
  });
}

namespace detail {
/// Replaces uses of the nodes in `map` inside `e` (a dim expression); `e` itself when none occurs.
inline ir::Expr substitute_uses(const ir::Expr& e, const std::unordered_map<const ir::ExprNode*, ir::Expr>& map) {
  if (!e) return e;
  if (auto it = map.find(e.get()); it != map.end()) return it->second;
  return map_children(e, [&](const ir::Expr& c) { return substitute_uses(c, map); });
}
}  // namespace detail

/// Whether some return type of `callee` names one of its own parameters.
inline bool return_types_name_params(const ir::Function& callee) {
  auto is_param = [&](const ir::Expr& x) {
    for (const ir::Param& p : callee.params)
      if (p.var == x) return true;
    return false;
  };
  for (const ir::Type& t : callee.return_types)
    if (type_mentions(t, is_param)) return true;
  return false;
}

/// The type of `self.callee(args...)`: its return type (or the tuple of them) with each of the
/// callee's parameters named inside it replaced by the argument passed for it.
inline ir::Type call_result_type(const ir::Function& callee, const std::vector<ir::Expr>& args) {
  ir::Type t = ir::call_result_type(callee);
  if (args.size() != callee.params.size() || !return_types_name_params(callee)) return t;
  std::unordered_map<const ir::ExprNode*, ir::Expr> map;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (callee.params[i].var && args[i]) map.emplace(callee.params[i].var.get(), args[i]);
  return map_type_exprs(t, [&](const ir::Expr& d) { return detail::substitute_uses(d, map); });
}

}  // namespace ptorw::visit
