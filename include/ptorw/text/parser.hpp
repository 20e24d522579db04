// Entry point of the pl-DSL front end: `parse_program(text, file)` returns a Program or the first
// error as `file:line:col: error: ...`. Never crashes on bad input; nesting is bounded.
//
// This header declares; the implementation is text/parser_impl.hpp, included below only where the
// entry bodies are compiled (ptorw/entry.hpp): in header-only mode always, in separate compilation
// only in the one TU that includes ptorw/define_entries.hpp. A host TU then parses none of it.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include <string_view>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/text/parse_options.hpp"

namespace ptorw::text {

struct ParseResult {
  ir::ProgramPtr program;
  Diagnostics errors;
  bool ok() const { return program != nullptr && errors.empty(); }
};

/// The program in `src` (named `file` in diagnostics), or its first error.
PTORW_ENTRY ParseResult parse_program(std::string_view src, std::string file = "<input>", ParseOptions opts = {});
/// Reads and parses a file; `-` reads standard input.
PTORW_ENTRY ParseResult parse_file(const std::string& path);

}  // namespace ptorw::text

#if PTORW_ENTRY_BODIES
#include "ptorw/text/parser_impl.hpp"
#endif
