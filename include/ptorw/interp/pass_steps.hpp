// Registered passes as diffcheck steps, so that every pass of a pipeline is judged on its own:
//
//   auto spec = passes::parse_pipeline("simplify,optimize-orch-tensors");
//   if (!spec.error.empty()) ...;
//   interp::DiffReport r = interp::diffcheck_pipeline(*program, interp::steps_of(spec.passes, ctx));
//
// Kept apart from diffcheck.hpp so that the interpreter does not depend on the pass machinery.
#pragma once
#include <memory>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/pass.hpp"

namespace ptorw::interp {

/// A step running `p` under `ctx`. A pass failure (Pass::operator() throws) becomes a
/// StepFailed report; a pass that returns its input unchanged is not re-run by diffcheck.
inline PassStep step_of(passes::Pass p, passes::PassContext ctx = {}) {
  std::string name = p.name;
  return {std::move(name), [p = std::move(p), ctx = std::move(ctx)](const ir::Program& prog) -> ir::ProgramPtr {
            // Passes take shared handles; the copy is shallow (a vector of shared functions).
            auto in = std::make_shared<const ir::Program>(prog);
            ir::ProgramPtr out = p(in, ctx);
            if (out == in) return ir::ProgramPtr(&prog, [](const ir::Program*) {});  // unchanged: the caller's own
            return out;
          }};
}

inline std::vector<PassStep> steps_of(const std::vector<passes::Pass>& ps, const passes::PassContext& ctx = {}) {
  std::vector<PassStep> out;
  for (const auto& p : ps) out.push_back(step_of(p, ctx));
  return out;
}

}  // namespace ptorw::interp
