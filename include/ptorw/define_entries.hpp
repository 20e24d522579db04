// The one translation unit of a program built with -DPTORW_SEPARATE_COMPILATION that compiles the
// library's entry points (see ptorw/entry.hpp). Include it FIRST in that TU — before any other
// ptorw header, so that each header sees PTORW_DEFINE_ENTRIES the first (and only) time it is
// read — and nowhere else. A program compiled header-only (without the macro) never needs it.
#pragma once

#ifndef PTORW_SEPARATE_COMPILATION
#error "ptorw/define_entries.hpp is for programs compiled with -DPTORW_SEPARATE_COMPILATION (see ptorw/entry.hpp)"
#endif
#ifdef PTORW_ENTRY_HPP_SEEN
#error "ptorw/define_entries.hpp must be the first ptorw header of its translation unit (see ptorw/entry.hpp)"
#endif
#define PTORW_DEFINE_ENTRIES 1

#include "ptorw/codegen/emit.hpp"
#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/interp/run.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/buffer_verify.hpp"
#include "ptorw/persist/cache_key.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/hash.hpp"
#include "ptorw/rewrite/identical.hpp"
#include "ptorw/visit/erased.hpp"
