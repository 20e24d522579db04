// Interpreter errors. Ops and the scalar evaluator throw an unlocated InterpError; the statement
// loop of the evaluator catches it once, attaches the statement's `file:line:col` and the call
// chain, and rethrows it located. `run()` turns it into a Diagnostic (docs/semantics.md "Errors").
#pragma once
#include <stdexcept>
#include <string>

#include "ptorw/ir/node_fwd.hpp"

namespace ptorw::interp {

struct InterpError : std::runtime_error {
  explicit InterpError(const std::string& msg) : std::runtime_error(msg) {}
  InterpError(const std::string& msg, ir::Span at) : std::runtime_error(msg), span(at), located(true) {}
  ir::Span span;
  bool located = false;
};

[[noreturn]] inline void fail(const std::string& msg) { throw InterpError(msg); }

}  // namespace ptorw::interp
