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
#include "ptorw/passes/verify_source.hpp"

namespace ptorw::passes {

/// The started prefetch, or null when no step after the first names an analysis.
inline std::shared_ptr<analysis::Prefetch> prefetch_steps(const std::vector<Pass>& steps, const ir::ProgramPtr& input) {
  if (!input) return nullptr;
  // Functions still in text form (names rebound as Python reads them) are left out: convert-to-ssa
  // replaces every one of them, so what was computed on their input version would never be taken.
  ir::ProgramPtr nodes = input;
  if (has_text_functions(*input)) {
    auto copy = std::make_shared<ir::Program>(*input);
    copy->functions.clear();
    for (const auto& f : input->functions)
      if (f && f->names != ir::NameBinding::Text) copy->functions.push_back(f);
    nodes = std::move(copy);
  }
  auto ahead = std::make_shared<analysis::Prefetch>();
  for (std::size_t i = 1; i < steps.size(); ++i)
    if (steps[i].prefetch) steps[i].prefetch(nodes, *ahead);
  if (ahead->queued() == 0) return nullptr;
  ahead->start();
  return ahead;
}

}  // namespace ptorw::passes
