// Structural hash, consistent with `structural_equal` (visit/equal.hpp): equal inputs hash equal.
// It walks the IR in exactly the order equality compares it and hashes exactly what equality
// compares (../shared/dsl.md "Structural equality"):
//  * a variable definition gets the next index in definition order and a use hashes that index, so
//    renaming is invisible; a variable used before any definition (a `pl.dynamic` dim, a free
//    variable of a fragment) hashes as "free" plus its type, which is what equality matches it by;
//  * kwargs and attrs are combined with a commutative sum, so their order is invisible;
//  * names, spans and the program name are skipped; functions are hashed in name order;
//  * integer constants typed INDEX and INT64 hash alike, lists skip their derived tuple type, views
//    are hashed in normal form (visit/normal_form.hpp) and bodies as flat lists (visit/flat_seq.hpp).
// The values are stable across runs and machines (FNV-1a for strings, a fixed 64-bit mixer).
//
// This header declares the entry points; their implementation is visit/hash_impl.hpp, included at the end
// only where entry bodies are compiled (ptorw/entry.hpp): always in header-only mode, and in
// separate compilation only in the TU that includes ptorw/define_entries.hpp, so that other TUs
// parse none of it.
#pragma once
#include "ptorw/entry.hpp"
#include <cstdint>
#include "ptorw/ir/function.hpp"

namespace ptorw::visit {

PTORW_ENTRY std::uint64_t structural_hash(const ir::Program& p);
/// A function's hash leaves out its name, like `structural_equal` on two functions.
PTORW_ENTRY std::uint64_t structural_hash(const ir::Function& f);
PTORW_ENTRY std::uint64_t structural_hash(const ir::Stmt& s);
PTORW_ENTRY std::uint64_t structural_hash(const ir::Expr& e);
PTORW_ENTRY std::uint64_t structural_hash(const ir::Type& t);

}  // namespace ptorw::visit

#if PTORW_ENTRY_BODIES
#include "ptorw/visit/hash_impl.hpp"
#endif
