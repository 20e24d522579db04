// The printer's promise, checked by every parser fuzz run (the libFuzzer target, the CI smoke
// run and the saved regressions): a parsed program prints to text that parses back to a
// structurally equal program.
#pragma once
#include <string>

#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"

namespace ptorw::fuzz {

/// What broke the promise for `p` (with the printed text), or "" when it holds.
inline std::string round_trip_failure(const ir::Program& p) {
  const std::string printed = text::print_program(p);
  auto again = text::parse_program(printed, "printed.py");
  if (!again.ok()) return "the printed program does not parse: " + again.errors.front().str() + "\nprinted:\n" + printed;
  auto eq = visit::structural_equal(p, *again.program);
  if (!eq.equal) return "print -> parse changed the program: " + eq.report();
  return {};
}

}  // namespace ptorw::fuzz
