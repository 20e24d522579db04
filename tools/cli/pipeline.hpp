// `--passes=a,b`: registered passes by name; an unknown name is a usage error with a suggestion.
#pragma once
#include <string>
#include <vector>

#include "ptorw/passes/registry.hpp"

namespace ptorw::cli {

/// The passes of `spec`. With `expand_steps`, a pass made of other passes (default,
/// tile-to-buffer) is replaced by its steps, so print-after-all sees between them. Throws UsageError.
std::vector<passes::Pass> make_pipeline(const std::string& spec, bool expand_steps);

}  // namespace ptorw::cli
