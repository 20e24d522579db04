// Interned op ids (issue 16: "an interned op id, no string compares outside the parser and
// printer"). An op's id is its index in the op table (op_registry.hpp); every Symbol naming a
// registry op carries it (symbol.hpp), so a pass, the lowering, the interpreter and the emitter
// ask "is this call tile.add" with one integer comparison:
//
//   if (ir::op_id(call.callee) == ir::op::id("tile.add")) ...
//
// `op::id` is consteval: a misspelt or unknown op name does not compile.
#pragma once
#include <cstdint>
#include <string_view>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/symbol.hpp"

namespace ptorw::ir {

struct OpId {
  std::uint16_t v = kNoOp;
  constexpr bool valid() const { return v != kNoOp; }
  friend constexpr bool operator==(OpId, OpId) = default;
};

namespace op {
/// The id of the registry op named `name`, at compile time.
consteval OpId id(std::string_view name) {
  for (std::size_t i = 0; i < detail::kOps.size(); ++i)
    if (detail::kOps[i].name == name) return OpId{static_cast<std::uint16_t>(i)};
  throw "ptorw::ir::op::id: no registry op has this name";  // not a constant expression: a compile error
}
}  // namespace op

/// The op id a call's callee names; invalid (kNoOp) for a user function or an unknown name.
inline OpId op_id(const Symbol& callee) {
  (void)detail::op_symbols();  // binds every op's Symbol to its id, once
  return OpId{callee.raw_op_index()};
}
/// The id of a name read at run time (one hash lookup): for names that are not already Symbols.
inline OpId op_id_of_name(std::string_view name) {
  const OpDef* d = find_op(name);
  return d ? OpId{static_cast<std::uint16_t>(d - detail::kOps.data())} : OpId{};
}
/// Whether `e` is a call of op `id` (one load and one comparison).
inline bool is_op_call(const Expr& e, OpId id) {
  auto* c = expr_as<Call>(e);
  return c && c->kind == CallKind::Op && op_id(c->callee) == id;
}
/// The registry row of an op id (nullptr when invalid).
inline const OpDef* op_def(OpId id) { return id.valid() ? &detail::kOps[id.v] : nullptr; }
/// The number of registry ops: ids are 0 .. op_count() - 1.
inline constexpr std::size_t op_count() { return detail::kOps.size(); }

}  // namespace ptorw::ir
