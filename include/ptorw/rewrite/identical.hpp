// Exact sameness of IR, for the driver's checking mode.
//
// `identical(a, b)`: same tree, where variables are compared by identity (the node), spans are
// ignored and everything else is compared by value. This is deliberately *not* the alpha-renaming
// equality of golden tests: a rule that rebuilds a node identical to its input has made no change,
// and claiming one anyway is the classic cause of a rewrite loop that never converges.
//
// `fingerprint(program)`: a hash of the same content (variables by address and content), taken
// before and after a run to prove that no rule changed the input behind the driver's back.
//
// Both are one generic walk over node fields (Boost.PFR, so new node kinds need no edits here)
// that emits a self-delimiting stream of words: sizes before lists and strings, tags before
// variant alternatives and optionals. Equal streams of the same static type mean equal trees.
// The walk is compiled once (its sink is type-erased) because PFR over the whole IR is a noticeable
// part of compile time: its four roots are entry points (ptorw/entry.hpp), defined in
// identical_impl.hpp.
#pragma once
#include "ptorw/entry.hpp"
#include <cstdint>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/fn_ref.hpp"

namespace ptorw::rewrite {

namespace detail::same {
using Sink = visit::FnRef<void(std::uint64_t)>;

/// `var_content`: also emit what is inside Var/IterArg nodes (fingerprint); identity alone
/// decides sameness of variables (identical).
PTORW_ENTRY void emit_expr(const ir::Expr& x, Sink out, bool var_content);
PTORW_ENTRY void emit_stmt(const ir::Stmt& x, Sink out, bool var_content);
PTORW_ENTRY void emit_function(const ir::FunctionPtr& x, Sink out, bool var_content);
PTORW_ENTRY void emit_program(const ir::Program& x, Sink out, bool var_content);

inline void emit_any(const ir::Expr& x, Sink out) { emit_expr(x, out, false); }
inline void emit_any(const ir::Stmt& x, Sink out) { emit_stmt(x, out, false); }
inline void emit_any(const ir::FunctionPtr& x, Sink out) { emit_function(x, out, false); }
inline void emit_any(const ir::ProgramPtr& x, Sink out) {
  if (!x) return out(0);
  out(1);
  emit_program(*x, out, false);
}
}  // namespace detail::same

/// Same IR up to spans, with variables compared by identity. Handle: Expr, Stmt, FunctionPtr or
/// ProgramPtr.
template <class Handle> bool identical(const Handle& a, const Handle& b) {
  if (a == b) return true;
  std::vector<std::uint64_t> wa, wb;
  detail::same::emit_any(a, [&](std::uint64_t w) { wa.push_back(w); });
  detail::same::emit_any(b, [&](std::uint64_t w) { wb.push_back(w); });
  return wa == wb;
}

/// A hash of everything `identical` compares, plus the content of variable nodes.
inline std::uint64_t fingerprint(const ir::Program& p) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  detail::same::emit_program(p, [&](std::uint64_t w) { h = (h ^ w) * 0x100000001b3ull + (h >> 29); }, true);
  return h;
}

}  // namespace ptorw::rewrite

#if PTORW_ENTRY_BODIES
#include "ptorw/rewrite/identical_impl.hpp"
#endif
