// The library's entry points (parse, print, equal, hash, verify, run, diffcheck, emit), compiled
// once for the CLI (ptorw/entry.hpp): its
// subcommand TUs then compile in parallel without each generating the parser and interpreter.
#include "ptorw/define_entries.hpp"
