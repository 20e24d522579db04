// The one translation unit of a program that compiles the library's entry points (parse, print,
// equality, hash, verify, run, diffcheck, emit: see ptorw/entry.hpp). Include it FIRST in that TU
// — before any other ptorw header, so that each header sees PTORW_DEFINE_ENTRIES the first (and
// only) time it is read — and nowhere else. <ptorw/define_all.hpp> includes it together with every
// pass. A program built with -DPTORW_HEADER_ONLY never needs it.
#pragma once

#ifdef PTORW_HEADER_ONLY
#error "ptorw/define_entries.hpp is not for programs built with -DPTORW_HEADER_ONLY: their entry points are inline already (see ptorw/entry.hpp)"
#endif
#ifdef PTORW_ENTRY_HPP_SEEN
#error "ptorw/define_entries.hpp must be the first ptorw header of its translation unit (see ptorw/entry.hpp)"
#endif
#define PTORW_DEFINE_ENTRIES 1

#include "ptorw/codegen/emit.hpp"
#include "ptorw/codegen/orch_emit.hpp"
#include "ptorw/compile/compile.hpp"
#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/interp/run.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/buffer_verify.hpp"
#include "ptorw/persist/cache_key.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/tasks/task_graph.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/hash.hpp"
#include "ptorw/rewrite/identical.hpp"
#include "ptorw/visit/erased.hpp"
