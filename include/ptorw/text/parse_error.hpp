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

}  // namespace ptorw::text
