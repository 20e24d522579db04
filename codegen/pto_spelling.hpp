// The assembler spellings of the Buffer ops that are not elementwise recipes (those come from
// lowering/recipes/elementwise_table.hpp, `pto_op` column). One row per Buffer op: what the
// emitter does with its operands (`Form`) and, per assembler version, the PTO op name and its
// custom syntax. pto_format.md "Version drift of the assembler": older PTOAS releases spell the
// view op `pto.subset`, newer ones `pto.subview ... -> Tview`; **every** release spells reshape in
// SSA form, `%r = pto.treshape %s : Ts -> Td` (a DPS treshape is rejected by 0.2x: "expected SSA
// operand"). Attributes only newer releases know (the division precision) carry the first version
// that accepts them. An op without a row has no spelling: the emitter fails closed.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ptorw/codegen/mlir_ops.hpp"
#include "ptorw/ir/op_id.hpp"

namespace ptorw::codegen {

/// Assembler generations (pto_format.md "Version drift"). Both accept the keyword tile_buf form.
enum class PtoVersion : std::uint8_t { Old, New };

/// What the emitter does with a Buffer op's operands.
enum class Form : std::uint8_t {
  Alloc,          // buffer.alloc((valid...), [addr]) -> %t = alloc_tile [addr = ..] [valid_row/col = ..]
  Subview,        // buffer.subview(parent, offsets[, sizes][, valid]) -> a view of the parent
  Reshape,        // buffer.reshape(src) -> same bytes, the annotated descriptor
  Load,           // buffer.load(N, offsets, sizes, dst): partition_view + tload ins(pv) outs(dst)
  Store,          // buffer.store(src, offsets, sizes, N): partition_view + tstore ins(src) outs(pv)
  Dps,            // ins(every operand but the written one, in order) outs(the written one)
  DpsAccFirst,    // matmul_acc(l, r, acc): ins(acc, l, r) outs(acc) — running sum repeated first
  SetValidShape,  // buffer.set_validshape(t, (vr, vc)) -> set_validshape %t, %vr, %vc : T
  BlockQuery,     // buffer.get_block_idx() -> index_cast of the kernel's SPMD ABI parameter
};

struct Spelling {
  std::string_view pto_op;
  Syntax syntax;
};

struct OpSpelling {
  std::string_view buffer_op;
  Form form;
  std::array<Spelling, 2> by_version;  // indexed by PtoVersion
  std::string_view abi_param = {};     // BlockQuery: the runtime-supplied parameter it reads
};

namespace detail {
constexpr std::array<Spelling, 2> both(std::string_view op, Syntax s) { return {Spelling{op, s}, Spelling{op, s}}; }
}  // namespace detail

// clang-format off
inline constexpr std::array kOpSpellings{
  OpSpelling{"buffer.alloc",          Form::Alloc,         detail::both("pto.alloc_tile", Syntax::AllocTile)},
  OpSpelling{"buffer.subview",        Form::Subview,       {{{"pto.subset", Syntax::SubsetOld}, {"pto.subview", Syntax::SubviewNew}}}},
  OpSpelling{"buffer.reshape",        Form::Reshape,       detail::both("pto.treshape", Syntax::ReshapeSsa)},
  OpSpelling{"buffer.load",           Form::Load,          detail::both("pto.tload", Syntax::Dps)},
  OpSpelling{"buffer.store",          Form::Store,         detail::both("pto.tstore", Syntax::Dps)},
  OpSpelling{"buffer.copy",           Form::Dps,           detail::both("pto.tmov", Syntax::Dps)},
  OpSpelling{"buffer.extract",        Form::Dps,           detail::both("pto.textract", Syntax::Dps)},
  OpSpelling{"buffer.matmul",         Form::Dps,           detail::both("pto.tmatmul", Syntax::Dps)},
  OpSpelling{"buffer.matmul_acc",     Form::DpsAccFirst,   detail::both("pto.tmatmul.acc", Syntax::Dps)},
  OpSpelling{"buffer.set_validshape", Form::SetValidShape, detail::both("pto.set_validshape", Syntax::SetValidShape)},
  OpSpelling{"buffer.get_block_idx",    Form::BlockQuery,  detail::both("arith.index_cast", Syntax::ArithCast), "%__pypto_spmd_block_idx"},
  OpSpelling{"buffer.get_block_num",    Form::BlockQuery,  detail::both("arith.index_cast", Syntax::ArithCast), "%__pypto_spmd_block_num"},
  OpSpelling{"buffer.get_subblock_idx", Form::BlockQuery,  detail::both("arith.index_cast", Syntax::ArithCast), "%__pypto_spmd_subblock_idx"},
};
// clang-format on

/// The SPMD ABI parameters, in their parameter order (pto_format.md "Parameters").
inline constexpr std::array<std::string_view, 3> kSpmdParams{"%__pypto_spmd_block_idx", "%__pypto_spmd_block_num",
                                                             "%__pypto_spmd_subblock_idx"};

inline constexpr const OpSpelling* find_spelling(std::string_view buffer_op) {
  for (const auto& s : kOpSpellings)
    if (s.buffer_op == buffer_op) return &s;
  return nullptr;
}

/// The spelling of Buffer op `id` (nullptr: none, the emitter fails closed): one index.
inline const OpSpelling* find_spelling(ir::OpId id) {
  static const std::vector<const OpSpelling*> index = [] {
    std::vector<const OpSpelling*> v(ir::op_count());
    for (const auto& s : kOpSpellings) v[ir::op_id_of_name(s.buffer_op).v] = &s;
    return v;
  }();
  return id.valid() ? index[id.v] : nullptr;
}
inline const OpSpelling* find_spelling(const ir::Symbol& buffer_op) { return find_spelling(ir::op_id(buffer_op)); }

/// Precision attributes ride in a trailing dict (pto_format.md): `precision=pl.Precision.high` ->
/// `{precisionType = #pto<div_precision high_precision>}`. A value without a row fails closed.
/// A precision kwarg is present only when it is not the default (the op table drops defaults), so
/// an assembler older than `since` cannot express it: the emitter refuses instead of dropping it.
struct PrecisionSpelling {
  std::string_view dsl;
  std::string_view pto;
  PtoVersion since = PtoVersion::New;
};
inline constexpr std::array kPrecisionSpellings{
  PrecisionSpelling{"pl.Precision.high", "#pto<div_precision high_precision>", PtoVersion::New},
};
inline constexpr std::string_view kPrecisionAttr = "precisionType";

}  // namespace ptorw::codegen
