// Which function a run starts from when the caller names none: one rule for `ptorw run`,
// `diffcheck`, `tasks`, `swimlane`, `advise` and the Python `interp.run` / `interp.diffcheck`.
#pragma once
#include <string>

#include "ptorw/ir/function.hpp"

namespace ptorw::ir {

/// `main` when the program has one; else its one Orchestration function (PyPTO's examples name
/// their entry after the operator: `spmd_add`, `softmax`); else `main` (no such function: the
/// interpreter then runs every kernel directly).
inline std::string default_entry(const Program& p) {
  if (p.find("main")) return "main";
  const Function* only = nullptr;
  int n = 0;
  for (const auto& f : p.functions)
    if (f && f->type == FunctionType::Orchestration) only = f.get(), ++n;
  return n == 1 ? only->name : "main";
}

}  // namespace ptorw::ir
