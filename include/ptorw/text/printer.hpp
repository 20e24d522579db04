// The printer writes programs back in the pl DSL (../shared/dsl.md "Printing"): decorators with
// type= and attrs, annotated parameters, every assignment annotated with its type, loops with
// init_values and pl.yield_, canonical `pl.tile.*` / `pl.tensor.*` op names with all positional
// arguments and non-default kwargs. Names are name hints made unique within a function.
// The output parses back to a structurally equal program.
//
// This header declares the entry points; their implementation is text/printer_impl.hpp, included at the end
// only where entry bodies are compiled (ptorw/entry.hpp): always in header-only mode, and in
// separate compilation only in the TU that includes ptorw/define_entries.hpp, so that other TUs
// parse none of it.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include "ptorw/ir/function.hpp"

namespace ptorw::text {

PTORW_ENTRY std::string print_program(const ir::Program& p);
PTORW_ENTRY std::string print_function(const ir::Function& f);
PTORW_ENTRY std::string print_expr(const ir::Expr& e);
PTORW_ENTRY std::string print_type(const ir::Type& t);
PTORW_ENTRY std::string print_stmt(const ir::Stmt& s);

}  // namespace ptorw::text

#if PTORW_ENTRY_BODIES
#include "ptorw/text/printer_impl.hpp"
#endif
