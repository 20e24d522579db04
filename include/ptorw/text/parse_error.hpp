// The parser stops at the first error and reports it with its location.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ptorw::text {

struct ParseError : std::runtime_error {
  std::uint32_t line, col;
  ParseError(std::uint32_t l, std::uint32_t c, std::string msg) : std::runtime_error(std::move(msg)), line(l), col(c) {}
};

/// Nesting bound shared by the lexer (indentation, brackets) and the parser (expressions, blocks):
/// deep input gets a clear error instead of a stack overflow.
inline constexpr int kMaxNesting = 200;
/// Operators in one left-associative chain (`a + b + ...`): each is a level of the tree it builds.
inline constexpr int kMaxChain = 2000;
/// Levels of one expression tree, whatever builds them: chains inside parentheses inside chains
/// (`(a + ... + a) + ... + a`) nest 2000 levels per bracket, and every later walk (verifier,
/// interpreter, printer, passes) descends recursively (review rev45b 1: 400,000 levels overflowed
/// the stack of `check`). Equal to the chain bound, so what `print` writes parses again.
inline constexpr int kMaxExprHeight = kMaxChain;

}  // namespace ptorw::text
