// Verifying a program as written (`ptorw check`, `ptorw opt`'s input check, issue 14).
// Hand-written text that rebinds names (ir::NameBinding::Text) means what Python means, so the
// node-level verifier (ir/verify.hpp), which sees the parser's text-order binding, would report
// valid text as broken ("'x' is defined inside a loop or if body ... not visible here") and judge
// the wrong reading. Such a program is checked by converting it to SSA with the registered
// convert-to-ssa pass (its errors are the program's errors, positioned at the offending
// statement) and verifying the result; spans are kept, so every diagnostic points into the file as
// written. Programs without Text functions are verified directly.
#pragma once
#include <memory>

#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/registry.hpp"

namespace ptorw::passes {

inline bool has_text_functions(const ir::Program& p) {
  for (const auto& f : p.functions)
    if (f && f->names == ir::NameBinding::Text) return true;
  return false;
}

inline Diagnostics verify_source(const ir::Program& p) {
  if (!has_text_functions(p)) return ir::verify(p);
  auto convert = make_pass("convert-to-ssa");
  if (!convert)
    return {Diagnostic{p.source_file, {}, Severity::Error,
                       "the program is hand-written text that rebinds names; verifying it needs the convert-to-ssa "
                       "pass, which is not linked into this program"}};
  auto in = std::make_shared<const ir::Program>(p);  // shallow: shares the functions
  PassOutcome o = convert->run(in, {}, {});
  Diagnostics errors;
  for (const auto& d : o.diagnostics)
    if (d.severity == Severity::Error) errors.push_back(d);
  if (!errors.empty()) return errors;
  return ir::verify(*o.program);
}

}  // namespace ptorw::passes
