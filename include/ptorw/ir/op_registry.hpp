// The op registry: one row per op with its operand signature, accepted kwargs, effect and type
// inference. Parser, verifier, printer and passes all read this one table.
//
// Operand signature letters: T tile, N tensor, S scalar, L list (tuple of scalars), P ptr,
// B buffer (Buffer IR), V a tensor or a scalar, A anything; a trailing `?` marks an optional operand. A row's `rules` say how
// its operands must agree beyond their kinds (op_rules.hpp); the verifier applies them.
#pragma once
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/op_infer.hpp"
#include "ptorw/ir/type.hpp"
#include "ptorw/ir/op_rules.hpp"
#include "ptorw/ir/reduction_ops.hpp"
#include "ptorw/ir/symbol.hpp"

namespace ptorw::ir {

/// Ops whose result is a view of operand 0: it shares that tensor's storage, so a write through
/// the result writes the operand (docs/semantics.md "Tensors": tensor.slice, tensor.reshape). The one list every alias analysis
/// asks (the verifier's In-parameter walk, outline-incore-scopes' kernel directions), so that a
/// new view op cannot be missed by one of them.
constexpr bool is_tensor_view_op(std::string_view op) { return op == "tensor.slice" || op == "tensor.reshape"; }

enum class Effect : std::uint8_t {
  Pure,        // removable when unused
  WritesArg,   // updates the operand named by `written_arg` (tile.store into a GM tensor)
  Control,     // block queries and other ops that must stay in place
};

/// A kwarg's documented default, written in the op's row (constexpr, so rows stay a flat table).
/// `InferredDType`: the kwarg names a dtype that, when omitted, the op infers itself (matmul's
/// `out_dtype=None` means the accumulation dtype), so naming that same dtype is the default form.
struct KwDefault {
  enum Kind : std::uint8_t { Bool, Int, Mem, Layout, Enum, InferredDType, Str };
  std::string_view key;
  Kind kind;
  std::int64_t value = 0;        // Bool, Int, Mem, Layout
  std::string_view name = {};    // Enum: the dotted spelling (`pl.AtomicType.None_`); Str: the string
  std::string_view hint = {};    // what to write instead of a non-default value (the error says it)
};
constexpr KwDefault kw_false(std::string_view k) { return {k, KwDefault::Bool, 0}; }
constexpr KwDefault kw_mem(std::string_view k, MemSpace m) { return {k, KwDefault::Mem, static_cast<std::int64_t>(m)}; }
constexpr KwDefault kw_layout(std::string_view k, TensorLayout l) { return {k, KwDefault::Layout, static_cast<std::int64_t>(l)}; }
constexpr KwDefault kw_enum(std::string_view k, std::string_view n) { return {k, KwDefault::Enum, 0, n}; }
constexpr KwDefault kw_inferred_dtype(std::string_view k) { return {k, KwDefault::InferredDType}; }
constexpr KwDefault kw_str(std::string_view k, std::string_view v) { return {k, KwDefault::Str, 0, v}; }
constexpr KwDefault kw_false(std::string_view k, std::string_view hint) { return {k, KwDefault::Bool, 0, {}, hint}; }

inline bool default_matches(const KwDefault& d, const AttrValue& v) {
  switch (d.kind) {
    case KwDefault::Bool: { auto* b = std::get_if<bool>(&v); return b && *b == (d.value != 0); }
    case KwDefault::Int: { auto* i = std::get_if<std::int64_t>(&v); return i && *i == d.value; }
    case KwDefault::Mem: { auto* m = std::get_if<MemSpace>(&v); return m && static_cast<std::int64_t>(*m) == d.value; }
    case KwDefault::Layout: { auto* l = std::get_if<TensorLayout>(&v); return l && static_cast<std::int64_t>(*l) == d.value; }
    case KwDefault::Enum: { auto* e = std::get_if<EnumRef>(&v); return e && e->text == d.name; }
    case KwDefault::InferredDType: return false;  // judged against the inferred type (canonical_call)
    case KwDefault::Str: { auto* t = std::get_if<std::string>(&v); return t && *t == d.name; }
  }
  return false;
}

struct OpDef {
  std::string_view name;
  std::string_view operands;
  std::string_view kwargs;  // comma-separated accepted kwarg names
  InferFn infer;
  /// How the operands must agree (dtype, shape, memory space, windows); judged by the verifier.
  std::span<const OperandRule> rules = {};
  Effect effect = Effect::Pure;
  int written_arg = -1;
  /// A kwarg written as the first positional argument (`pl.tile.alloc(pl.Mem.Vec, bytes)`).
  std::string_view leading_kwarg = {};
  /// The operands' documented parameter names, in order (PyPTO's operation reference): any operand
  /// may also be written as a keyword (`pl.tile.full(shape, dtype=d, value=0.0)`).
  std::string_view params = {};
  /// The last optional operand, when omitted, equals operand `omitted_equals` (a load's or slice's
  /// valid shape defaults to its shape): written out equal to it, it is dropped (one canonical form).
  std::int8_t omitted_equals = -1;
  /// Kwargs at their documented default: dropped by the parser, never printed, ignored by equality.
  std::span<const KwDefault> defaults = {};

  // Row builders: `OpDef{...}.named("tensor,offsets,shapes,valid_shape").omitted(2).with(kLoadDefaults)`.
  constexpr OpDef named(std::string_view p) const { OpDef d = *this; d.params = p; return d; }
  constexpr OpDef omitted(int equals) const { OpDef d = *this; d.omitted_equals = static_cast<std::int8_t>(equals); return d; }
  constexpr OpDef with(std::span<const KwDefault> kd) const { OpDef d = *this; d.defaults = kd; return d; }
};

namespace detail {
using namespace infer;
using namespace rule;
// Operand rules shared by rows (docs/semantics.md defines each op; the rules are its static part).
inline constexpr OperandRule kTensorElementwise[] = {same_dtype(1, 0), same_shape(1, 0)};  // or a scalar operand 2
inline constexpr OperandRule kTensorSlice[] = {valid_fits(3, 1), window(0, 2, 1)};
inline constexpr OperandRule kTensorAssemble[] = {same_dtype(1, 0), rank_at_most(1, 0), list_rank(2, 0, "offsets"),
                                                  window_of(0, 2, 1)};
inline constexpr OperandRule kIndexed[] = {list_rank(1, 0, "indices"), index_in(0, 1)};
inline constexpr OperandRule kTileLoad[] = {kwarg_memory_in("target_memory", mem_bit(MemSpace::Vec) | mem_bit(MemSpace::Mat)),
                                            rank_at_most(2, 0), valid_fits(3, 2), window(0, 1, 2, 3, "transpose")};
inline constexpr OperandRule kTileStore[] = {store_dtype(0, 2), list_rank(1, 2, "offsets"), rank_at_most(0, 2),
                                             window_of(2, 1, 0)};
inline constexpr OperandRule kTileReshape[] = {same_count(0, 1)};
inline constexpr OperandRule kTileSlice[] = {list_rank(1, 0, "shape"), list_rank(2, 0, "offsets"), valid_fits(3, 1),
                                             window(0, 2, 1)};
inline constexpr OperandRule kTileAssemble[] = {same_dtype(1, 0), same_memory(1, 0), same_rank(1, 0),
                                                list_rank(2, 0, "offsets"), window_of(0, 2, 1)};
inline constexpr OperandRule kTileExtract[] = {rank_is(0, 2), list_rank(3, 0, "shape"), window_at(0, 1, 3)};
inline constexpr OperandRule kRank2[] = {rank_is(0, 2)};
inline constexpr OperandRule kSetValidShape[] = {rank_is(0, 2), valid_in(0, 1)};
// Elementwise tile ops run on the vector unit: their tiles are in pl.Mem.Vec (PyPTO's memory page
// draws them there; review rev44a 7: `pl.add` of two pl.Mem.Left tiles verified and ran).
inline constexpr OperandRule kElementwise[] = {memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_shape(1, 0),
                                               same_memory(1, 0)};
inline constexpr OperandRule kFloatOnly[] = {float_dtype(0)};
inline constexpr OperandRule kVecUnary[] = {memory_is(0, MemSpace::Vec)};
inline constexpr OperandRule kVecFloatUnary[] = {memory_is(0, MemSpace::Vec), float_dtype(0)};
inline constexpr OperandRule kMatmul[] = {same_dtype(1, 0), cube_dtype(0), matmul_inner(0, 1),
                                          memory_is(0, MemSpace::Left), memory_is(1, MemSpace::Right)};
inline constexpr OperandRule kMatmulAcc[] = {rank_is(0, 2), rank_is(1, 2), rank_is(2, 2), same_dtype(2, 1), cube_dtype(1),
                                             matmul_inner(1, 2), accumulator(0, 1, 2), memory_is(0, MemSpace::Acc),
                                             memory_is(1, MemSpace::Left), memory_is(2, MemSpace::Right)};
inline constexpr OperandRule kTensorMatmul[] = {same_dtype(1, 0), cube_dtype(0), matmul_inner(0, 1)};
inline constexpr OperandRule kTensorMatmulAcc[] = {rank_is(0, 2), same_dtype(2, 1), cube_dtype(1), matmul_inner(1, 2),
                                                   accumulator(0, 1, 2)};
inline constexpr OperandRule kTensorSame[] = {same_dtype(1, 0), same_shape(1, 0)};
// Row and column ops (reduction_ops.hpp): rank-2 Vec tiles ("reductions run on the vector units");
// the scratch tile, when given, has the operand's dtype; a broadcast vector is [R, 1] or [1, C].
inline constexpr OperandRule kReduce[] = {rank_is(0, 2), memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_shape(1, 0),
                                          same_memory(1, 0), distinct_operands(1, 0)};
inline constexpr OperandRule kRowExpand[] = {rank_is(0, 2), memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_memory(1, 0),
                                             row_vector_of(0, 1)};
inline constexpr OperandRule kColExpand[] = {rank_is(0, 2), memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_memory(1, 0),
                                             col_vector_of(0, 1)};
inline constexpr OperandRule kRowExpdif[] = {rank_is(0, 2), memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_memory(1, 0),
                                             row_vector_of(0, 1), float_dtype(0)};
inline constexpr OperandRule kColExpdif[] = {rank_is(0, 2), memory_is(0, MemSpace::Vec), same_dtype(1, 0), same_memory(1, 0),
                                             col_vector_of(0, 1), float_dtype(0)};
// Documented kwarg defaults (PyPTO's operation reference). A default the pass pipeline has no
// other form of (atomic, a_trans, clamp, ...) is accepted only at its default value.
inline constexpr KwDefault kCreateDefaults[] = {kw_layout("layout", TensorLayout::ND)};
inline constexpr KwDefault kLoadDefaults[] = {kw_mem("target_memory", MemSpace::Vec), kw_false("transpose")};
inline constexpr KwDefault kVecDefault[] = {kw_mem("target_memory", MemSpace::Vec)};
inline constexpr KwDefault kStoreDefaults[] = {kw_enum("atomic", "pl.AtomicType.None_")};
inline constexpr KwDefault kSliceDefaults[] = {kw_false("clamp"), kw_enum("pad_value", "pl.PadValue.null")};
inline constexpr KwDefault kMatmulDefaults[] = {kw_inferred_dtype("out_dtype"), kw_false("a_trans"), kw_false("b_trans"),
                                                kw_false("c_matrix_nz")};
inline constexpr KwDefault kMatmulAccDefaults[] = {kw_false("a_trans"), kw_false("b_trans")};
// tile.cast's conversion mode: "round" when omitted (PyPTO's examples spell `mode="rint"` when they
// want it, so the default is another mode); interp/tile_cast_ops.hpp defines each.
inline constexpr KwDefault kCastDefaults[] = {kw_str("mode", "round")};
inline constexpr OperandRule kCast[] = {memory_is(0, MemSpace::Vec)};
// Tile level: the spec's transposed operand is a transpose relabel of the Mat tile before the move
// ("tile.transpose_view needs no call"), which is what the error tells the writer.
inline constexpr std::string_view kTransHint =
    "write the transposed operand as pl.tile.transpose_view of its pl.Mem.Mat tile before the pl.tile.move";
inline constexpr KwDefault kTileMatmulDefaults[] = {kw_inferred_dtype("out_dtype"), kw_false("a_trans", kTransHint),
                                                    kw_false("b_trans", kTransHint), kw_false("c_matrix_nz")};
inline constexpr KwDefault kTileMatmulAccDefaults[] = {kw_false("a_trans", kTransHint), kw_false("b_trans", kTransHint)};
// clang-format off
inline constexpr std::array kOtherOps{
  // tensor.* (orchestration level)
  OpDef{"tensor.create",   "L",       "dtype,layout",           tensor_create}.named("shape").with(kCreateDefaults),
  OpDef{"tensor.full",     "L,S",     "dtype",                  tensor_full}.named("shape,value"),
  OpDef{"tensor.slice",    "N,L,L,L?", "drop_dims,clamp,pad_value",          tensor_slice, kTensorSlice}.named("tensor,shape,offset,valid_shape").omitted(1).with(kSliceDefaults),
  OpDef{"tensor.assemble", "N,N,L",   "",                       first_operand_type, kTensorAssemble, Effect::WritesArg, 0}.named("target,source,offset").with(kStoreDefaults),  // in place (docs/semantics.md)
  OpDef{"tensor.read",     "N,L",     "",                       element_scalar, kIndexed}.named("tensor,indices"),
  OpDef{"tensor.write",    "N,L,S",   "",                       first_operand_type, kIndexed, Effect::WritesArg, 0}.named("tensor,indices,value"),
  // tensor.add/sub/.../rsqrt and tensor.adds/...: derived from elementwise_ops.hpp (below)
  OpDef{"tensor.reshape",  "N,L",     "",                       tensor_reshape, kTileReshape}.named("input,shape"),
  OpDef{"tensor.matmul",   "N,N",     "out_dtype",              tensor_matmul, kTensorMatmul}.named("lhs,rhs").with(kMatmulDefaults),
  OpDef{"tensor.matmul_acc", "N,N,N", "",                       first_operand_type, kTensorMatmulAcc}.named("acc,lhs,rhs").with(kMatmulAccDefaults),
  // tile.* transfers and storage
  OpDef{"tile.load",       "N,L,L,L?", "target_memory,transpose", tile_load, kTileLoad}.named("tensor,offsets,shapes,valid_shape").omitted(2).with(kLoadDefaults),
  OpDef{"tile.store",      "T,L,N",   "",                       third_operand_type, kTileStore, Effect::WritesArg, 2}.named("tile,offsets,output_tensor").with(kStoreDefaults),
  OpDef{"tile.create",     "L",       "dtype,target_memory",    tile_create}.named("shape").with(kVecDefault),
  OpDef{"tile.full",       "L,S",     "dtype,target_memory",    tile_create}.named("shape,value").with(kVecDefault),
  OpDef{"tile.alloc",      "S",       "memory_space,addr",           ptr_result, {}, Effect::Control, -1, "memory_space"}.named("size"),
  OpDef{"tile.move",       "T",       "target_memory",          tile_move}.named("tile"),
  OpDef{"tile.reshape",    "T,L",     "",                       tile_reshape, kTileReshape}.named("tile,shape"),
  OpDef{"tile.slice",      "T,L,L,L?", "clamp,pad_value",               tile_reshape, kTileSlice}.named("tile,shape,offset,valid_shape").omitted(1).with(kSliceDefaults),
  OpDef{"tile.assemble",   "T,T,L",   "",                       first_operand_tile, kTileAssemble}.named("target,source,offset"),
  OpDef{"tile.extract",    "T,S,S,L", "target_memory",          tile_extract, kTileExtract}.named("tile,row,col,shape"),
  OpDef{"tile.transpose_view", "T",   "",                       tile_transpose, kRank2}.named("tile"),
  OpDef{"tile.set_validshape", "T,S,S", "",                     tile_set_validshape, kSetValidShape}.named("tile,valid_row,valid_col"),
  // An element of a tile (PyPTO's subscript sugar `t[i, j]` -> pl.tile.read; interp/tile_data_ops.hpp).
  OpDef{"tile.read",       "T,L",     "",                       element_scalar, kIndexed}.named("tile,indices"),
  // PyPTO's catalog "Shape and layout": cast converts the dtype (interp/tile_cast_ops.hpp).
  OpDef{"tile.cast",       "T",       "target_type,mode",       tile_cast, kCast}.named("tile").with(kCastDefaults),
  // tile elementwise, unary and tile ∘ scalar ops: derived from elementwise_ops.hpp (below)
  // cube
  OpDef{"tile.matmul",     "T,T",     "out_dtype",              tile_matmul, kMatmul}.named("lhs,rhs").with(kTileMatmulDefaults),
  OpDef{"tile.matmul_acc", "T,T,T,S?", "",                      first_operand_tile, kMatmulAcc}.named("acc,lhs,rhs,init_cond").with(kTileMatmulAccDefaults),
  // SPMD block queries
  OpDef{"tile.get_block_idx",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"tile.get_block_num",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"tile.get_subblock_idx", "", "", index_scalar, {}, Effect::Control},
  // Buffer IR (lower_tile_to_buffer.md). Destination-passing: the written operand is `written_arg`,
  // the result is VoidType. alloc((runtime valid extents), [address]); subview(parent, offsets
  // [, sizes][, valid]) and reshape(source) define aliases; their type is the annotation.
  OpDef{"buffer.alloc",    "L,S?",      "",   annotated_buffer, {}, Effect::Control},
  OpDef{"buffer.subview",  "B,L,L?,L?", "",   annotated_buffer},
  OpDef{"buffer.reshape",  "B",         "",   annotated_buffer},
  OpDef{"buffer.load",     "N,L,L,B",   "",   void_result, {}, Effect::WritesArg, 3},
  OpDef{"buffer.store",    "B,L,L,N",   "",   void_result, {}, Effect::WritesArg, 3},
  OpDef{"buffer.copy",     "B,B",       "",   void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.full",     "S,B",       "",   void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.set_validshape", "B,L", "",   void_result, {}, Effect::WritesArg, 0},
  // buffer.add/.../lrelu: derived from elementwise_ops.hpp (below)
  OpDef{"buffer.matmul",     "B,B,B",   "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.matmul_acc", "B,B,B",   "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.extract",    "B,S,S,B", "", void_result, {}, Effect::WritesArg, 3},
  OpDef{"buffer.get_block_idx",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"buffer.get_block_num",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"buffer.get_subblock_idx", "", "", index_scalar, {}, Effect::Control},
};
// clang-format on

/// The registry rows of one elementwise op (elementwise_ops.hpp): its tile form, its Buffer IR
/// form (destination-passing: the destination is the last operand, the result VoidType) and its
/// tensor form when it has one. Operand rules as docs/semantics.md states them: tile ∘ tile operands
/// agree in dtype, shape and memory; tensor ∘ tensor in dtype and shape; float-only unary ops
/// refuse integer operands.
constexpr OpDef ew_tile_def(const EwOp& r) {
  const std::string_view kw = r.precision ? "precision" : "";
  switch (r.shape) {
    case EwShape::Binary: return OpDef{r.tile, "T,T", kw, first_operand_tile, kElementwise}.named(r.params);
    case EwShape::Unary:
      return OpDef{r.tile, "T", kw, first_operand_tile, r.float_only() ? std::span<const OperandRule>(kVecFloatUnary)
                                                                       : std::span<const OperandRule>(kVecUnary)}.named(r.params);
    case EwShape::Scalar: return OpDef{r.tile, "T,S", kw, first_operand_tile, kVecUnary}.named(r.params);
  }
  return {};
}
constexpr OpDef ew_buffer_def(const EwOp& r) {
  const std::string_view kw = r.precision ? "precision" : "";
  switch (r.shape) {
    case EwShape::Binary: return OpDef{r.buffer, "B,B,B", kw, void_result, {}, Effect::WritesArg, 2};
    case EwShape::Unary: return OpDef{r.buffer, "B,B", kw, void_result, {}, Effect::WritesArg, 1};
    case EwShape::Scalar: return OpDef{r.buffer, "B,S,B", kw, void_result, {}, Effect::WritesArg, 2};
  }
  return {};
}
constexpr OpDef ew_tensor_def(const EwOp& r) {
  switch (r.tensor_form) {
    case TensorForm::TensorOrScalar: return OpDef{r.tensor, "N,V", "", first_operand_type, kTensorElementwise}.named("lhs,rhs");
    case TensorForm::SameTensor: return OpDef{r.tensor, "N,N", "", first_operand_type, kTensorSame}.named("lhs,rhs");
    case TensorForm::Unary:
      return OpDef{r.tensor, "N", "", first_operand_type, r.float_only() ? std::span<const OperandRule>(kFloatOnly)
                                                                          : std::span<const OperandRule>()}.named("input");
    case TensorForm::Scalar: return OpDef{r.tensor, "N,S", "", first_operand_type}.named("lhs,rhs");
    case TensorForm::None: break;
  }
  return {};
}
/// The registry row of a reduction or broadcast op (reduction_ops.hpp): tile form only.
constexpr OpDef rc_tile_def(const RcOp& r) {
  const bool row = r.axis == VecAxis::Row;
  if (r.kind == RcKind::Reduce)
    return OpDef{r.tile, "T,T?", "", row ? tile_reduce<true> : tile_reduce<false>, kReduce}.named(r.params);
  // expdif is exp(t - v): float dtypes only.
  const bool expdif = r.kind == RcKind::ExpDif;
  const std::span<const OperandRule> rules = row ? (expdif ? std::span<const OperandRule>(kRowExpdif) : std::span<const OperandRule>(kRowExpand))
                                                 : (expdif ? std::span<const OperandRule>(kColExpdif) : std::span<const OperandRule>(kColExpand));
  return OpDef{r.tile, "T,T", "", first_operand_tile, rules}.named(r.params);
}
constexpr std::size_t ew_def_count() {
  std::size_t n = 0;
  for (const EwOp& r : kElementwiseOps) n += 1 + (r.has_buffer_form() ? 1 : 0) + (r.tensor_form == TensorForm::None ? 0 : 1);
  return n;
}
/// Every registry row: the hand-written ones, then the elementwise ones (tile, buffer, tensor).
constexpr auto all_op_defs() {
  std::array<OpDef, kOtherOps.size() + ew_def_count() + kRowColOps.size()> out{};
  std::size_t n = 0;
  for (const OpDef& d : kOtherOps) out[n++] = d;
  for (const EwOp& r : kElementwiseOps) {
    out[n++] = ew_tile_def(r);
    if (r.has_buffer_form()) out[n++] = ew_buffer_def(r);
    if (r.tensor_form != TensorForm::None) out[n++] = ew_tensor_def(r);
  }
  for (const RcOp& r : kRowColOps) out[n++] = rc_tile_def(r);
  return out;
}
inline constexpr auto kOps = all_op_defs();
}  // namespace detail

inline std::span<const OpDef> all_ops() { return detail::kOps; }

/// Looks an op up by its registry name ("tile.add"). Hashed: the parser, verifier, printer and
/// passes ask once per call node.
inline const OpDef* find_op(std::string_view name) {
  static const std::unordered_map<std::string_view, const OpDef*> index = [] {
    std::unordered_map<std::string_view, const OpDef*> m;
    for (const OpDef& d : detail::kOps) m.emplace(d.name, &d);
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

namespace detail {
static_assert(kOps.size() < kNoOp, "op ids are 16-bit indices into kOps");
/// One Symbol per registry op, each bound to its op id (the op's index in kOps) on first use.
inline const std::vector<Symbol>& op_symbols() {
  static const std::vector<Symbol> symbols = [] {
    std::vector<Symbol> v;
    v.reserve(kOps.size());
    for (std::size_t i = 0; i < kOps.size(); ++i) {
      v.emplace_back(kOps[i].name);
      v.back().bind_op_index(static_cast<std::uint16_t>(i));
    }
    return v;
  }();
  return symbols;
}
}  // namespace detail

/// The interned name of a registry op (ir/symbol.hpp), made once per op: the parser names every
/// op call with it instead of interning the text again.
inline const Symbol& op_symbol(const OpDef& def) {
  return detail::op_symbols()[static_cast<std::size_t>(&def - detail::kOps.data())];
}

/// The row of an op whose spelling has defaults (documented kwarg defaults or an omitted operand),
/// by the interned name of a call node; nullptr for every other op and for user calls. Equality
/// and hashing ask it once per call node: keyed by the interned text's address, not its chars.
inline const OpDef* op_with_defaults(const Symbol& callee) {
  static const std::unordered_map<const char*, const OpDef*> index = [] {
    std::unordered_map<const char*, const OpDef*> m;
    for (const OpDef& d : detail::kOps)
      if (!d.defaults.empty() || d.omitted_equals >= 0) m.emplace(op_symbol(d).data(), &d);
    return m;
  }();
  auto it = index.find(callee.data());
  return it == index.end() ? nullptr : it->second;
}

/// Number of required and maximum operands from a signature string.
inline std::pair<int, int> operand_arity(std::string_view sig) {
  if (sig.empty()) return {0, 0};
  int req = 0, max = 0;
  for (std::size_t i = 0; i <= sig.size(); ++i) {
    if (i == sig.size() || sig[i] == ',') {
      ++max;
      if (sig[i - 1] != '?') ++req;
    }
  }
  return {req, max};
}

inline char operand_kind(std::string_view sig, std::size_t index) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < sig.size(); ++i) {
    if (k == index && sig[i] != ',') return sig[i];
    if (sig[i] == ',') ++k;
  }
  return 'A';
}

inline bool kwarg_accepted(const OpDef& d, std::string_view key) {
  std::string_view s = d.kwargs;
  while (!s.empty()) {
    auto c = s.find(',');
    if (s.substr(0, c) == key) return true;
    if (c == std::string_view::npos) break;
    s.remove_prefix(c + 1);
  }
  return false;
}

/// The row's documented default for `key`, if it declares one.
inline const KwDefault* kwarg_default(const OpDef& d, std::string_view key) {
  for (const KwDefault& k : d.defaults)
    if (k.key == key) return &k;
  return nullptr;
}

/// The dtype an op infers for a call of `d` on `args` without any kwarg (an InferredDType default).
inline std::optional<DType> inferred_dtype(const OpDef& d, const std::vector<Expr>& args) {
  auto [req, max] = operand_arity(d.operands);
  if (static_cast<int>(args.size()) < req) return std::nullopt;
  InferResult r = d.infer(args, {});
  return r.error.empty() ? dtype_of(r.type) : std::nullopt;
}

/// Whether `key=v` on a call of `d` with operands `args` is the documented default: such a kwarg
/// is dropped by the parser, not printed, and ignored by equality and hashing. An
/// `InferredDType` kwarg is the default when it names the dtype the op infers without it.
inline bool is_default_kwarg(const OpDef& d, std::string_view key, const AttrValue& v, const std::vector<Expr>& args) {
  const KwDefault* k = kwarg_default(d, key);
  if (!k) return false;
  if (k->kind == KwDefault::InferredDType) {
    auto* dt = std::get_if<DType>(&v);
    return dt && inferred_dtype(d, args) == *dt;
  }
  return default_matches(*k, v);
}

/// The index of the operand documented as `name` (`value` of tile.full is operand 1), or -1.
inline int operand_index(const OpDef& d, std::string_view name) {
  std::string_view s = d.params;
  for (int i = 0; !s.empty(); ++i) {
    auto c = s.find(',');
    if (s.substr(0, c) == name) return i;
    if (c == std::string_view::npos) break;
    s.remove_prefix(c + 1);
  }
  return -1;
}

/// The documented name of operand `i` ("operand 2" where the row names none).
inline std::string operand_param_name(const OpDef& d, std::size_t i) {
  std::string_view s = d.params;
  for (std::size_t k = 0; !s.empty(); ++k) {
    auto c = s.find(',');
    if (k == i) return std::string(s.substr(0, c));
    if (c == std::string_view::npos) break;
    s.remove_prefix(c + 1);
  }
  return "operand " + std::to_string(i + 1);
}

namespace detail {
/// Same operand written twice: one node, or two lists of the same nodes / integer constants.
inline bool same_operand(const Expr& a, const Expr& b) {
  if (a == b) return true;
  auto* x = expr_as<MakeTuple>(a);
  auto* y = expr_as<MakeTuple>(b);
  if (!x || !y || x->elems.size() != y->elems.size()) return false;
  for (std::size_t i = 0; i < x->elems.size(); ++i) {
    if (x->elems[i] == y->elems[i]) continue;
    auto p = const_int(x->elems[i]), q = const_int(y->elems[i]);
    if (!p || !q || *p != *q) return false;
  }
  return true;
}
}  // namespace detail

/// How many leading operands carry meaning: a trailing optional operand written equal to its
/// omitted default (`omitted_equals`) is not one of them.
inline std::size_t meaningful_operands(const OpDef& d, const std::vector<Expr>& args) {
  if (d.omitted_equals < 0 || args.empty()) return args.size();
  auto [req, max] = operand_arity(d.operands);
  const auto from = static_cast<std::size_t>(d.omitted_equals);
  if (static_cast<int>(args.size()) != max || req == max || from >= args.size() - 1) return args.size();
  return detail::same_operand(args.back(), args[from]) ? args.size() - 1 : args.size();
}

/// The value kind a kwarg key takes on every op that has it (PyPTO's operation reference: the
/// dtype keys take a DataType, `target_memory`/`memory_space` a MemorySpace, `layout` a
/// TensorLayout). Returns what the key needs when `v` is of another kind, else "": a stray enum
/// (`target_memory=pl.Bogus.Thing`) is an error, never silently the op's default.
inline std::string_view kwarg_kind_mismatch(std::string_view key, const AttrValue& v) {
  if (key == "dtype" || key == "out_dtype" || key == "target_type")
    return std::holds_alternative<DType>(v) ? std::string_view{} : "a dtype such as pl.FP32";
  if (key == "target_memory" || key == "memory_space")
    return std::holds_alternative<MemSpace>(v) ? std::string_view{} : "a memory space such as pl.Mem.Vec";
  if (key == "layout")
    return std::holds_alternative<TensorLayout>(v) ? std::string_view{} : "a tensor layout such as pl.TensorLayout.ND";
  return {};
}

/// The first element of a list operand that is no integer: a float scalar, or no scalar at all (a
/// tensor, a tile, a tuple), or -1; `what` gets which. The lists of ops are offsets, shapes and
/// indices, all integers (`A[1.5, :]` passed `check` and failed only when run; a tensor in
/// `valid_shape=[k, 64]` was accepted and printed into a type the parser refuses: parser smoke
/// fuzz, seed 38004). Elements of unknown type were reported where they arose.
inline int non_integer_list_element(const Expr& list, std::string_view* what = nullptr) {
  if (auto* t = expr_as<MakeTuple>(list))
    for (std::size_t j = 0; j < t->elems.size(); ++j) {
      const Type* ty = t->elems[j] ? &t->elems[j]->type : nullptr;
      if (!ty || type_as<UnknownType>(*ty)) continue;
      auto* s = type_as<ScalarType>(*ty);
      // A bool is no extent either (`[not 32, 32]` was a shape whose type annotation no longer parses).
      if (s && !is_float(s->dtype) && s->dtype != DType::BOOL) continue;
      if (what)
        *what = s ? (s->dtype == DType::BOOL ? "a bool" : "a float")
                  : type_as<TensorType>(*ty) ? "a tensor" : type_as<TileType>(*ty) ? "a tile" : "not a scalar";
      return static_cast<int>(j);
    }
  return -1;
}

/// Checks operand count, operand kinds and kwargs, then infers the result type.
inline InferResult check_and_infer(const OpDef& d, const std::vector<Expr>& args, const Kwargs& kw) {
  auto [req, max] = operand_arity(d.operands);
  if (static_cast<int>(args.size()) < req || static_cast<int>(args.size()) > max)
    return InferResult::fail(std::string(d.name) + " takes " +
                             (req == max ? std::to_string(req) : std::to_string(req) + ".." + std::to_string(max)) +
                             " operands, got " + std::to_string(args.size()));
  for (std::size_t i = 0; i < args.size(); ++i) {
    char k = operand_kind(d.operands, i);
    const Type& t = args[i]->type;
    bool ok = true;
    switch (k) {
      case 'T': ok = type_as<TileType>(t) != nullptr; break;
      case 'N': ok = type_as<TensorType>(t) != nullptr; break;
      case 'S': ok = type_as<ScalarType>(t) != nullptr; break;
      case 'L': ok = expr_as<MakeTuple>(args[i]) != nullptr; break;
      case 'P': ok = type_as<PtrType>(t) != nullptr; break;
      case 'B': ok = type_as<BufferType>(t) != nullptr; break;
      case 'V': ok = type_as<TensorType>(t) != nullptr || type_as<ScalarType>(t) != nullptr; break;
      case 'A': ok = true; break;
      default: break;
    }
    if (type_as<UnknownType>(t)) ok = true;  // already reported where it arose
    if (!ok) {
      static constexpr std::string_view names[] = {"a tile", "a tensor", "a scalar", "a list", "a pointer", "a buffer",
                                                   "a tensor or a scalar"};
      std::string_view want = k == 'T' ? names[0] : k == 'N' ? names[1] : k == 'S' ? names[2] : k == 'L' ? names[3]
                            : k == 'B' ? names[5] : k == 'V' ? names[6] : names[4];
      std::string why = std::string(d.name) + " operand " + std::to_string(i + 1) + " must be " + std::string(want);
      // A positional True/False lands here when a signature with a trailing flag was followed
      // (`pl.tile.load(x, offs, shape, pl.Mem.Vec, False)`): name the parameter it took.
      if (expr_as<ConstBool>(args[i])) {
        std::string_view ps = d.params;
        for (std::size_t j = 0; j < i && !ps.empty(); ++j) ps = ps.find(',') == ps.npos ? std::string_view{} : ps.substr(ps.find(',') + 1);
        if (!ps.empty())
          why += " (its parameter '" + std::string(ps.substr(0, ps.find(','))) + "'), not a bool" +
                 (d.kwargs.empty() ? "" : "; pass a flag by keyword");
      }
      return InferResult::fail(std::move(why));
    }
    std::string_view what;
    if (k == 'L')
      if (const int j = non_integer_list_element(args[i], &what); j >= 0)
        return InferResult::fail(std::string(d.name) + " operand " + std::to_string(i + 1) + ": element " + std::to_string(j + 1) +
                                 " is " + std::string(what) + "; offsets, shapes and indices are integers");
  }
  for (const auto& [key, v] : kw) {
    if (std::string_view want = kwarg_kind_mismatch(key, v); !want.empty())
      return InferResult::fail(std::string(d.name) + ": " + key + "= must be " + std::string(want) + ", got " +
                               std::string(describe_attr_kind(v)));
    if (kwarg_accepted(d, key)) continue;
    if (const KwDefault* k = kwarg_default(d, key))
      return InferResult::fail(std::string(d.name) + ": only the default of '" + key + "' is supported" +
                               (k->kind == KwDefault::Bool ? " (False)" : k->kind == KwDefault::Enum ? " (" + std::string(k->name) + ")" : "") +
                               (k->hint.empty() ? std::string() : "; " + std::string(k->hint)));
    return InferResult::fail(std::string(d.name) + " has no keyword '" + key + "'");
  }
  return d.infer(args, kw);
}

}  // namespace ptorw::ir
