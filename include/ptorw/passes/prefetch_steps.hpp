// The analyses the steps of a pipeline ask of their input first (Pass::prefetch), computed ahead on
// the pipeline's input on a second thread (ptorw/analysis/prefetch.hpp). The first step is left
// out: nothing runs before it to overlap with. `ptorw compile` does this for each pipeline it runs:
//
//   ctx.prefetched = passes::prefetch_steps(steps, program);   // then PassManager::run(program, ctx)
//
// The input must verify: building an analysis must not meet a malformed program.
#pragma once
#include <memory>
#include <vector>

#include "ptorw/analysis/prefetch.hpp"
#include "ptorw/passes/pass.hpp"

namespace ptorw::passes {

/// The started prefetch, or null when no step after the first names an analysis.
inline std::shared_ptr<analysis::Prefetch> prefetch_steps(const std::vector<Pass>& steps, const ir::ProgramPtr& input) {
  if (!input) return nullptr;
  auto ahead = std::make_shared<analysis::Prefetch>();
  for (std::size_t i = 1; i < steps.size(); ++i)
    if (steps[i].prefetch) steps[i].prefetch(input, *ahead);
  if (ahead->queued() == 0) return nullptr;
  ahead->start();
  return ahead;
}

}  // namespace ptorw::passes
