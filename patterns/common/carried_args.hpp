// Which argument's memory a user call's result is: the Out/InOut argument the callee returns
// (carried_param_returns, out_param_returns.hpp), read once per callee of one program version.
// Asked by the stride proof (memory_strides.hpp) of Patterns 2, 4 and 5 and by Pattern 5's caller
// families (window/caller_facts.hpp): a call result is the memory of the argument it carries, and
// a result that carries none (a helper returning a view of an In parameter, a fresh tensor) is
// memory the caller cannot see (fail closed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <variant>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/patterns/common/out_param_returns.hpp"

namespace ptorw::patterns {

class CarriedArgs {
 public:
  explicit CarriedArgs(const ir::Program& prog) : prog_(prog) {}

  /// carried_param_returns of a callee, computed on first request.
  const std::vector<std::optional<std::size_t>>& mapping(const ir::Function& callee) const {
    auto it = maps_.find(&callee);
    if (it == maps_.end()) it = maps_.emplace(&callee, carried_param_returns(callee)).first;
    return it->second;
  }

  /// The Out/InOut argument that result `index` (-1: its only result) of user call or submit `call`
  /// carries (a node of the call, alive while the call is), or null (not a user call, an unknown callee, an arity mismatch, no carried parameter).
  const ir::Expr* arg_of(const ir::ExprNode* call, std::int64_t index) const {
    auto* c = call ? std::get_if<ir::Call>(&call->kind) : nullptr;
    auto* sb = call ? std::get_if<ir::Submit>(&call->kind) : nullptr;
    if (!(c && c->kind == ir::CallKind::Function) && !sb) return nullptr;
    const auto& args = c ? c->args : sb->args;
    const Callee& callee = callee_of(c ? c->callee : sb->callee);
    if (!callee.fn || callee.fn->params.size() != args.size()) return nullptr;
    if (index < 0 && callee.fn->return_types.size() != 1) return nullptr;
    const std::size_t r = index < 0 ? 0 : static_cast<std::size_t>(index);
    if (r >= callee.map->size() || !(*callee.map)[r]) return nullptr;
    return &args[*(*callee.map)[r]];
  }

 private:
  struct Callee {
    const ir::Function* fn = nullptr;
    const std::vector<std::optional<std::size_t>>* map = nullptr;
  };
  /// The callee a call names, by the interned name's address (one hash of a pointer per call
  /// result followed, not a scan of the program's functions by text).
  const Callee& callee_of(const ir::Symbol& name) const {
    auto [it, fresh] = callees_.try_emplace(&name.str());
    if (fresh)
      if (auto f = prog_.find(name)) it->second = Callee{f.get(), &mapping(*f)};
    return it->second;
  }

  const ir::Program& prog_;
  // Keyed by the callee node of prog_ (alive as long as prog_ is).
  mutable std::unordered_map<const ir::Function*, std::vector<std::optional<std::size_t>>> maps_;
  mutable std::unordered_map<const std::string*, Callee> callees_;
};

}  // namespace ptorw::patterns
