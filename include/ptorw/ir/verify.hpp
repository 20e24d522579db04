// The IR verifier: checks the rules every pass relies on and reports each violation as a Diagnostic
// at `file:line:col` saying which rule was broken (../shared/design.md "Promises").
//
// Rules (../shared/dsl.md "Statements", "Structural equality"):
//  * SSA — each variable node is defined once; uses come after the definition; the loop variable and
//    iter args of a loop are visible only inside its body; loop and If results only after the
//    statement; names defined inside a loop or If body do not escape it (values leave through
//    `pl.yield_`). A `with` scope is not a visibility boundary (Python semantics). `pl.dynamic` dims
//    are visible everywhere. Parameters are variables with distinct names.
//  * Calls of user functions — the callee exists, argument count equals parameter count, each
//    argument's type is compatible with its parameter's (same kind and dtype, same rank, constant dims
//    equal), Out/InOut arguments are tensors, and a `pl.dynamic` dim written bare in several
//    parameter types is bound to one extent per call (docs/semantics.md "Calls"). `pl.submit` is
//    checked the same way. In a kernel (InCore, AIC, AIV) or a Group, no op writes a view of an In
//    parameter and no call passes one as an Out/InOut argument (verify_in_params.hpp).
//  * Op calls — the op exists, `check_and_infer` (op_registry.hpp) accepts operands and kwargs, and
//    the operands keep the rules of the op's row (op_rules.hpp: dtype, shape and memory-space
//    agreement, ranks, constant windows inside static shapes; verify_ops.hpp); no kwarg or attr key
//    is given twice.
//  * Structure — `pl.yield_` ends a loop or If body and gives one value per iter arg / result; a loop
//    has as many results as iter args; `return` gives one value per declared result type; a while
//    or if condition is a scalar BOOL; loop bounds are scalar integers.
//
// This header declares the entry points; their implementation is ir/verify_impl.hpp, included at the end
// only where entry bodies are compiled (ptorw/entry.hpp): always in header-only mode, and in
// separate compilation only in the TU that includes ptorw/define_entries.hpp, so that other TUs
// parse none of it.
#pragma once
#include "ptorw/entry.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"

namespace ptorw::ir {

/// Verifies a whole program; an empty result means it is well formed.
PTORW_ENTRY Diagnostics verify(const Program& p);
/// Verifies one function of `p` (callees are looked up in `p`).
PTORW_ENTRY Diagnostics verify(const Program& p, const Function& f);

}  // namespace ptorw::ir

#if PTORW_ENTRY_BODIES
#include "ptorw/ir/verify_impl.hpp"
#endif
