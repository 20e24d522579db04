// Everything the library compiles, once per program: the entry points (ptorw/define_entries.hpp:
// parse, print, verify, run, emit, ...) and every pass (ptorw/passes/define_all.hpp). Include it
// in exactly ONE translation unit of the program, before any other ptorw header; every other TU
// includes the light <ptorw/ptorw.hpp> and <ptorw/passes/all.hpp>. A one-file program includes
// this header alone. Nothing to link: the code is compiled here, from the headers.
// (The two halves can also live in two TUs, for a parallel build: define_entries.hpp first in one,
// passes/define_all.hpp in the other.)
#pragma once
#include "ptorw/define_entries.hpp"
#include "ptorw/passes/define_all.hpp"
#include "ptorw/ptorw.hpp"
