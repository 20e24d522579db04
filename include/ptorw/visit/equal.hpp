// Structural equality: the contract of every golden test (../shared/dsl.md "Structural equality").
//
//  * Definitions (params, Assign targets, loop vars, iter args, For/While/If results) are matched up
//    to renaming when their types are equal; every later use must agree with that matching, which is
//    a bijection of Var nodes kept both ways. A Var's identity is its node, never its name.
//  * A variable neither side has defined yet (a program's `pl.dynamic` dims, or the free variables
//    of a compared fragment) is matched at its first use like a definition, so the declaration order
//    of dynamic dims does not matter.
//  * Kwargs and attrs are unordered maps; names, spans and the program name are ignored; functions
//    are matched by name in any order. Every expression's type is compared, except that integer
//    constants typed INDEX and INT64 are equal and a list (MakeTuple) is compared element by element.
//  * Bodies are compared as flat statement lists (visit/flat_seq.hpp): the DSL cannot write a nested
//    Seq, so a program and its print→parse round trip must compare equal.
//  * Views are compared in normal form (visit/normal_form.hpp): a default view equals no view.
//
// The first difference is reported as a path from the program root, e.g.
// `function 'main' › body › stmt 2 › For.body › stmt 0 › Assign.value › Call.args[1]`, with both
// sides rendered by `describe` (a whole type for type differences, otherwise the innermost differing
// expression, statement or field). The path is built while unwinding after a mismatch, so equal
// programs pay nothing for it. Recursion follows nesting depth only; statement lists are iterated.
//
// This header declares the entry points; their implementation is visit/equal_impl.hpp, included at the end
// only where entry bodies are compiled (ptorw/entry.hpp): always in header-only mode, and in
// separate compilation only in the TU that includes ptorw/define_entries.hpp, so that other TUs
// parse none of it.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include "ptorw/ir/function.hpp"

namespace ptorw::visit {

struct EqualResult {
  bool equal = true;
  std::string path;  // segments joined by " › "; empty when equal
  std::string lhs;   // the differing piece of the left side, rendered
  std::string rhs;

  /// A three-line report for humans (the `ptorw equal` CLI prints this).
  std::string report() const {
    if (equal) return "equal";
    return "first difference at " + path + "\n  lhs: " + lhs + "\n  rhs: " + rhs;
  }
};

PTORW_ENTRY EqualResult structural_equal(const ir::Program& a, const ir::Program& b);
/// Two functions, names ignored.
PTORW_ENTRY EqualResult structural_equal(const ir::Function& a, const ir::Function& b);
/// Two statements, each taken as a body: a Seq is its flattened statement list (paths start with
/// `stmt N`), a null statement an empty one.
PTORW_ENTRY EqualResult structural_equal(const ir::Stmt& a, const ir::Stmt& b);
PTORW_ENTRY EqualResult structural_equal(const ir::Expr& a, const ir::Expr& b);
PTORW_ENTRY EqualResult structural_equal(const ir::Type& a, const ir::Type& b);

}  // namespace ptorw::visit

#if PTORW_ENTRY_BODIES
#include "ptorw/visit/equal_impl.hpp"
#endif
