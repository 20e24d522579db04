// Pattern 5's callee side as one analysis of the pass run (ptorw/analysis/cache.hpp): for a
// windowize=True InCore/AIC/AIV function version, its per-parameter window decisions
// (callee_windows.hpp) and, when some parameter is windowed, its `__windowed` clone
// (windowed_clone.hpp). Both depend on the callee's own body only, so they are keyed on the
// function version: a match that runs again on a later program version (checking mode re-asks a
// complete rule; a later pass run reads the output) reuses them for every callee that did not change.
#pragma once
#include <string_view>

#include "ptorw/patterns/window/callee_windows.hpp"
#include "ptorw/patterns/window/windowed_clone.hpp"

namespace ptorw::patterns::window {

struct WindowCandidate {
  static constexpr std::string_view name = "window_candidate";
  CalleeWindows windows;
  ir::FunctionPtr clone;  // null unless windows.any()

  explicit WindowCandidate(const ir::Function& f) : windows(analyse_callee(f)) {
    if (windows.any()) clone = make_windowed_clone(f, windows);
  }
};

}  // namespace ptorw::patterns::window
