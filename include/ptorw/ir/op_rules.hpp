// Operand rules of the op table (issue 14): what an op row (op_registry.hpp) declares about how
// its operands must agree beyond their kinds — "operand 2 has the dtype and shape of operand 1",
// "the window at these offsets lies inside operand 1". The verifier applies them generically
// (verify_ops.hpp). The parser does not: it types what it can, so programs whose windows only fail
// at run time still parse (the interpreter's tests run them to see that failure).
//
// Sources: docs/semantics.md (each op's definition, which the interpreter implements) and the PyPTO
// user docs (no implicit dtype promotion; elementwise operands of one physical shape; tile-level
// matmul operands in Left / Right; a load from GM lands in Vec or Mat). Broadcasting in this table
// is the GM transfers' rank rule: a tile or part of lower rank covers the trailing dims of its
// tensor (leading extents 1); the elementwise ops do not broadcast; PyPTO's row_expand_* /
// col_expand_* broadcast a [R, 1] / [1, C] vector explicitly (VectorOf).
//
// Every rule judges only what is known statically: a scalar operand has no dtype to agree with, an
// unset memory space agrees with any, and a window is checked in each dim where the offset, the
// extent and the source dim are constants (an extent larger than a constant source dim is out of
// bounds at any offset).
#pragma once
#include <cstdint>
#include <string_view>

#include "ptorw/ir/enums.hpp"

namespace ptorw::ir {

enum class RuleKind : std::uint8_t {
  SameDtype,      // tile/tensor operand a has operand b's dtype (not applied when either is a scalar)
  StoreDtype,     // tile a may be stored into tensor b: same dtype, or an Acc tile's fix-pipe
                  // conversion (store_dtype.hpp)
  SameShape,      // tile/tensor a has b's physical shape: same rank, equal dims where both are constants
  SameMemory,     // tile a is in tile b's memory space (when both name one)
  SameRank,       // tile/tensor a has b's rank
  MemoryIn,       // tile a is in one of the memory spaces `spaces`
  KwargMemoryIn,  // the memory-space kwarg `kwarg`, when given, names one of `spaces`
  FloatDtype,     // tile/tensor a has a float dtype
  CubeDtype,      // tile a has a dtype the cube multiplies (FP16, BF16, FP32, INT8)
  RankIs,         // tile/tensor a has rank `n`
  RankAtMost,     // tile/tensor a has at most b's rank: a lower rank covers b's trailing dims
  ListRank,       // list a (`what`) has one element per dim of tile/tensor b
  ValidFits,      // list a (a valid shape) has list b's length, each constant in [0, b's constant]
  Window,         // offsets list b + extent list c (list d instead when given; rank-2 extent swapped
                  // when kwarg `kwarg` is true) lie inside a's static shape; trailing-dims rule
  WindowOf,       // offsets list b + operand c's valid region (its shape where it has none) inside a
  WindowAt,       // offsets = the scalar operands b, b+1, ... (one per dim of a) + extent list c inside a
  IndexIn,        // each constant of list b is an index inside a's static shape
  ValidIn,        // the scalar operands b, b+1, ... (valid extents of a) are in [0, a's dims]
  SameCount,      // list b (a shape) has as many elements as tile a when both are constant
  MatmulInner,    // rank-2 tiles a [M, K] and b [K, N] agree on K
  Accumulator,    // tile a has the accumulation dtype of tile b's dtype and the shape [b rows, c cols]
  DistinctOperands,  // operands a and b are not the same variable (a reduction's scratch is working
                     // space the device overwrites: it may not be the tile it reduces)
  VectorOf,       // tile b is the row vector [a rows, 1] of rank-2 tile a (n = 0) or its column vector
                  // [1, a cols] (n = 1): row_expand_* / col_expand_* (reduction_ops.hpp)
};

struct OperandRule {
  RuleKind kind;
  std::int8_t a = -1, b = -1, c = -1, d = -1;  // operand indices (0-based); -1: none
  std::string_view what = {};                  // ListRank: what the list holds ("offsets", "indices")
  std::uint8_t spaces = 0;                     // MemoryIn, KwargMemoryIn: a bit per MemSpace
  std::int8_t n = 0;                           // RankIs
  std::string_view kwarg = {};                 // Window: the bool kwarg that transposes the extent;
                                               // KwargMemoryIn: the memory-space kwarg
};

constexpr std::uint8_t mem_bit(MemSpace s) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(s)); }

/// Builders for the table rows (operand numbers are 0-based, as in `args`).
namespace rule {
constexpr std::int8_t i8(int v) { return static_cast<std::int8_t>(v); }
constexpr OperandRule same_dtype(int a, int b) { return {RuleKind::SameDtype, i8(a), i8(b)}; }
constexpr OperandRule store_dtype(int tile, int tensor) { return {RuleKind::StoreDtype, i8(tile), i8(tensor)}; }
constexpr OperandRule same_shape(int a, int b) { return {RuleKind::SameShape, i8(a), i8(b)}; }
constexpr OperandRule same_memory(int a, int b) { return {RuleKind::SameMemory, i8(a), i8(b)}; }
constexpr OperandRule same_rank(int a, int b) { return {RuleKind::SameRank, i8(a), i8(b)}; }
constexpr OperandRule memory_is(int a, MemSpace s) { return {RuleKind::MemoryIn, i8(a), -1, -1, -1, {}, mem_bit(s)}; }
constexpr OperandRule kwarg_memory_in(std::string_view kwarg, std::uint8_t spaces) {
  return {RuleKind::KwargMemoryIn, -1, -1, -1, -1, {}, spaces, 0, kwarg};
}
constexpr OperandRule float_dtype(int a) { return {RuleKind::FloatDtype, i8(a)}; }
constexpr OperandRule cube_dtype(int a) { return {RuleKind::CubeDtype, i8(a)}; }
constexpr OperandRule rank_is(int a, int n) { return {RuleKind::RankIs, i8(a), -1, -1, -1, {}, 0, i8(n)}; }
constexpr OperandRule rank_at_most(int a, int b) { return {RuleKind::RankAtMost, i8(a), i8(b)}; }
constexpr OperandRule list_rank(int list, int of, std::string_view what) {
  return {RuleKind::ListRank, i8(list), i8(of), -1, -1, what};
}
constexpr OperandRule valid_fits(int valid, int shape) { return {RuleKind::ValidFits, i8(valid), i8(shape)}; }
constexpr OperandRule window(int src, int offsets, int extent, int valid = -1, std::string_view transpose_kwarg = {}) {
  return {RuleKind::Window, i8(src), i8(offsets), i8(extent), i8(valid), {}, 0, 0, transpose_kwarg};
}
constexpr OperandRule window_of(int dst, int offsets, int part) {
  return {RuleKind::WindowOf, i8(dst), i8(offsets), i8(part)};
}
constexpr OperandRule window_at(int src, int first_offset, int extent) {
  return {RuleKind::WindowAt, i8(src), i8(first_offset), i8(extent)};
}
constexpr OperandRule index_in(int src, int indices) { return {RuleKind::IndexIn, i8(src), i8(indices)}; }
constexpr OperandRule valid_in(int tile, int first_extent) { return {RuleKind::ValidIn, i8(tile), i8(first_extent)}; }
constexpr OperandRule same_count(int src, int shape) { return {RuleKind::SameCount, i8(src), i8(shape)}; }
constexpr OperandRule matmul_inner(int l, int r) { return {RuleKind::MatmulInner, i8(l), i8(r)}; }
constexpr OperandRule accumulator(int acc, int l, int r) { return {RuleKind::Accumulator, i8(acc), i8(l), i8(r)}; }
constexpr OperandRule distinct_operands(int a, int b) { return {RuleKind::DistinctOperands, i8(a), i8(b)}; }
constexpr OperandRule row_vector_of(int t, int v) { return {RuleKind::VectorOf, i8(t), i8(v), -1, -1, {}, 0, 0}; }
constexpr OperandRule col_vector_of(int t, int v) { return {RuleKind::VectorOf, i8(t), i8(v), -1, -1, {}, 0, 1}; }
}  // namespace rule

}  // namespace ptorw::ir
