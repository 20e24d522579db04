// The guard every pass but convert-to-ssa runs first (docs/semantics.md "Names"): a function
// parsed from hand-written text that defines a name twice (ir::NameBinding::Text) means what its
// names hold when each statement runs, not what its nodes say; a pass that rewrites nodes would
// change that meaning (issue 14: simplify on non-SSA text printed a program computing something
// else). Such input is refused, fail-closed, with an error naming convert-to-ssa.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"

namespace ptorw::passes {

/// The refusal for the first function of `p` read by names, or nothing when there is none.
/// `pass` names the refusing pass; `tool` (when set) names a command instead (`ptorw emit`).
inline std::optional<Diagnostic> text_input_error(const ir::Program& p, std::string_view pass, bool tool = false) {
  for (const auto& f : p.functions) {
    if (!f || f->names != ir::NameBinding::Text) continue;
    std::string who = tool ? std::string(pass) : "pass '" + std::string(pass) + "'";
    std::string hint = tool ? "run `ptorw opt FILE --passes=convert-to-ssa` (or `default`) first"
                            : "run convert-to-ssa first (e.g. --passes=convert-to-ssa," + std::string(pass) + ")";
    return Diagnostic{p.source_file, f->span, Severity::Error,
                      who + " needs SSA input, but '" + f->name +
                          "' is hand-written text that assigns a name twice (its uses read whatever the name "
                          "holds); " + hint};
  }
  return std::nullopt;
}

}  // namespace ptorw::passes
