// The library's entry points (parse, print, equal, hash, verify, run, diffcheck, emit), compiled
// once for every test executable (ptorw/entry.hpp): the suites link this
// object, instead of generating the parser, printer, verifier and interpreter in each of their
// ~50 translation units (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
