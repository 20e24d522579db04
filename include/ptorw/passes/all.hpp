// Every pass of the library, by name: `make_pass("default")`, `parse_pipeline("simplify,...")`,
// `ptorw opt --passes=...`. This header is light (the registry only): the passes themselves are
// compiled once per program, in the one translation unit that includes
// ptorw/passes/define_all.hpp. Without that TU the program does not link (the undefined symbol
// names it), so a lookup can never silently find no passes. To run a single pass without the
// others, include its own header instead (`ptorw/patterns/...`, `ptorw/lowering/...`).
#pragma once
#include "ptorw/passes/registry.hpp"

namespace ptorw::passes {

/// Defined (not inline) by ptorw/passes/define_all.hpp, in exactly one TU of the program.
void define_all_hpp_is_included_in_one_tu();
/// Makes every TU that includes this header need that definition at link time.
inline const bool all_passes_are_defined = (define_all_hpp_is_included_in_one_tu(), true);

}  // namespace ptorw::passes
