// Which interpreter mode runs a function (docs/semantics.md "Buffer mode"):
//  * Buffer-stage functions (Buffer IR) and *planned* Tile functions — a `tile.alloc` or a tile
//    typed with a `pl.MemRef` in the body — run in buffer mode (buffer_ops.hpp);
//  * every other function (orchestration, unplanned Tile) runs in value mode (value_ops.hpp).
// `ModePolicy::Value` forces value mode everywhere: a planned Tile kernel then means what it meant
// before planning (its allocations and MemRefs are ignored), which is the reference that buffer
// mode's run of the same kernel is compared with.
#pragma once
#include <type_traits>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/interp/buffer_ops.hpp"
#include "ptorw/interp/value_ops.hpp"
#include "ptorw/ir/function.hpp"

namespace ptorw::interp {

enum class ModePolicy : std::uint8_t {
  Auto,   // by stage and planning (above)
  Value,  // value mode for every function (Buffer-stage functions then fail at their first op)
};

namespace detail {
inline bool planned_type(const ir::Type& t) {
  auto* tt = ir::type_as<ir::TileType>(t);
  return tt && tt->memref;
}
inline bool planned_expr(const ir::Expr& e) {
  auto* c = e ? ir::expr_as<ir::Call>(e) : nullptr;
  return c && c->kind == ir::CallKind::Op && (ir::op_id(c->callee) == ir::op::id("tile.alloc") || c->callee.rfind("buffer.", 0) == 0);
}
inline bool planned_stmt(const ir::Stmt& s) {
  if (!s) return false;
  auto vars = [](const std::vector<ir::Expr>& vs) {
    for (const auto& v : vs)
      if (planned_type(v->type)) return true;
    return false;
  };
  return ir::visit_stmt([&](const auto& k) -> bool {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Assign>) {
      return planned_type(k.var->type) || planned_expr(k.value);
    } else if constexpr (std::is_same_v<K, ir::Eval>) {
      return planned_expr(k.value);
    } else if constexpr (std::is_same_v<K, ir::Seq>) {
      for (const auto& c : k.stmts)
        if (planned_stmt(c)) return true;
      return false;
    } else if constexpr (std::is_same_v<K, ir::If>) {
      return vars(k.return_vars) || planned_stmt(k.then_body) || planned_stmt(k.else_body);
    } else if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
      return vars(k.return_vars) || vars(k.iter_args) || planned_stmt(k.body);
    } else if constexpr (std::is_same_v<K, ir::Scope>) {
      return planned_stmt(k.body);
    } else {
      return false;
    }
  }, s->kind);
}
}  // namespace detail

/// A Buffer-stage function, or a Tile function with storage planned (an alloc or a MemRef).
inline bool needs_buffer_mode(const ir::Function& fn) {
  return fn.stage == ir::Stage::Buffer || detail::planned_stmt(fn.body);
}
/// True when some function of the program runs in buffer mode.
inline bool has_buffer_mode_function(const ir::Program& p) {
  for (const auto& f : p.functions)
    if (needs_buffer_mode(*f)) return true;
  return false;
}

inline const OpTable& ops_for(const ir::Function& fn, ModePolicy policy) {
  return policy == ModePolicy::Auto && needs_buffer_mode(fn) ? buffer_mode_ops() : value_mode_ops();
}

}  // namespace ptorw::interp
