// How the library's heavy entry points are compiled: parse, print, structural equality and hash,
// the verifiers, the interpreter's run/diffcheck and the PTO emitter. Each one instantiates
// thousands of lines of inline code; a translation unit that calls one pays its -O2 code
// generation, and a program of many TUs pays it many times.
//
// Two modes, chosen once per program (every TU must agree):
//  - header-only (default): entry points are `inline` and defined where they are declared. Include
//    a header and call; nothing else to do.
//  - separate compilation: compile every TU with -DPTORW_SEPARATE_COMPILATION and make exactly one
//    TU of the program include <ptorw/define_entries.hpp> first. Entry points are then declared
//    only, and their code is compiled once, in that TU. Still nothing to link from us: the code is
//    compiled by the program from the installed headers.
// A program that sets the macro but has no defining TU fails to link naming the entry point; two
// defining TUs fail with a duplicate definition. (The passes have the same split already:
// ptorw/passes/all.hpp + ptorw/passes/define_all.hpp.)
//
// Use in a header:
//   PTORW_ENTRY R f(A a = {});            // the declaration carries the default arguments
//   #if PTORW_ENTRY_BODIES
//   PTORW_ENTRY R f(A a) { ... }
//   #endif
#pragma once

#define PTORW_ENTRY_HPP_SEEN 1

#ifdef PTORW_SEPARATE_COMPILATION
#define PTORW_ENTRY
#ifdef PTORW_DEFINE_ENTRIES
#define PTORW_ENTRY_BODIES 1
#else
#define PTORW_ENTRY_BODIES 0
#endif
#else
#define PTORW_ENTRY inline
#define PTORW_ENTRY_BODIES 1
#endif
