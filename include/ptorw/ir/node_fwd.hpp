// Handles of the IR: every node is immutable and shared (../shared/design.md "The IR").
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ptorw::ir {

struct TypeNode;
struct ExprNode;
struct StmtNode;
struct Function;
struct Program;

using Type = std::shared_ptr<const TypeNode>;
using Expr = std::shared_ptr<const ExprNode>;
using Stmt = std::shared_ptr<const StmtNode>;
using FunctionPtr = std::shared_ptr<const Function>;
using ProgramPtr = std::shared_ptr<const Program>;

/// A source position (1-based; 0 = synthesized). The file lives on the Program.
struct Span {
  std::uint32_t line = 0;
  std::uint32_t col = 0;
};

}  // namespace ptorw::ir
