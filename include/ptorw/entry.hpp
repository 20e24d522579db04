// How the library's heavy entry points are compiled: parse, print, structural equality and hash,
// the verifiers, the interpreter's run/diffcheck and the PTO emitter. Each one instantiates
// thousands of lines of inline code; a translation unit that calls one pays its -O2 code
// generation, and a program of many TUs pays it many times.
//
// Like the passes (ptorw/passes/all.hpp + ptorw/passes/define_all.hpp), entry points are
// **declared** by the headers a program includes and **compiled once**, in the one translation unit
// of the program that includes <ptorw/define_all.hpp> (passes and entry points) or
// <ptorw/define_entries.hpp> (entry points only) before any other ptorw header. Still nothing to
// link from us: that TU compiles the code from the installed headers. A TU that includes
// <ptorw/ptorw.hpp> then does not even parse the parser, printer, verifier or PFR walks (each entry
// header includes its `_impl.hpp` only where bodies are compiled): issue 16's host budget.
// A program that calls an entry point but has no defining TU fails to link naming it; two defining
// TUs fail with a duplicate definition.
//
// -DPTORW_HEADER_ONLY (in every TU of the program) makes every entry point `inline` and defined
// where it is declared instead: convenient for a one-file tool, at several seconds of compile time
// per TU that includes a heavy header. (-DPTORW_SEPARATE_COMPILATION, the old name of the default,
// is accepted and means nothing.)
//
// Use in a header:
//   PTORW_ENTRY R f(A a = {});            // the declaration carries the default arguments
//   #if PTORW_ENTRY_BODIES
//   PTORW_ENTRY R f(A a) { ... }
//   #endif
#pragma once

#define PTORW_ENTRY_HPP_SEEN 1

#ifdef PTORW_HEADER_ONLY
#define PTORW_ENTRY inline
#define PTORW_ENTRY_BODIES 1
#else
#define PTORW_ENTRY
#ifdef PTORW_DEFINE_ENTRIES
#define PTORW_ENTRY_BODIES 1
#else
#define PTORW_ENTRY_BODIES 0
#endif
#endif
