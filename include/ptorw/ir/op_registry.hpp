// The op registry: one row per op with its operand signature, accepted kwargs, effect and type
// inference. Parser, verifier, printer and passes all read this one table.
//
// Operand signature letters: T tile, N tensor, S scalar, L list (tuple of scalars), P ptr,
// B buffer (Buffer IR), A anything; a trailing `?` marks an optional operand. A row's `rules` say how
// its operands must agree beyond their kinds (op_rules.hpp); the verifier applies them.
#pragma once
#include <array>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_infer.hpp"
#include "ptorw/ir/op_rules.hpp"
#include "ptorw/ir/symbol.hpp"

namespace ptorw::ir {

enum class Effect : std::uint8_t {
  Pure,        // removable when unused
  WritesArg,   // updates the operand named by `written_arg` (tile.store into a GM tensor)
  Control,     // block queries and other ops that must stay in place
};

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
inline constexpr OperandRule kTileStore[] = {same_dtype(0, 2), list_rank(1, 2, "offsets"), rank_at_most(0, 2),
                                             window_of(2, 1, 0)};
inline constexpr OperandRule kTileReshape[] = {same_count(0, 1)};
inline constexpr OperandRule kTileSlice[] = {list_rank(1, 0, "shape"), list_rank(2, 0, "offsets"), valid_fits(3, 1),
                                             window(0, 2, 1)};
inline constexpr OperandRule kTileAssemble[] = {same_dtype(1, 0), same_memory(1, 0), same_rank(1, 0),
                                                list_rank(2, 0, "offsets"), window_of(0, 2, 1)};
inline constexpr OperandRule kTileExtract[] = {rank_is(0, 2), list_rank(3, 0, "shape"), window_at(0, 1, 3)};
inline constexpr OperandRule kRank2[] = {rank_is(0, 2)};
inline constexpr OperandRule kSetValidShape[] = {rank_is(0, 2), valid_in(0, 1)};
inline constexpr OperandRule kElementwise[] = {same_dtype(1, 0), same_shape(1, 0), same_memory(1, 0)};
inline constexpr OperandRule kFloatOnly[] = {float_dtype(0)};
inline constexpr OperandRule kMatmul[] = {same_dtype(1, 0), cube_dtype(0), matmul_inner(0, 1),
                                          memory_is(0, MemSpace::Left), memory_is(1, MemSpace::Right)};
inline constexpr OperandRule kMatmulAcc[] = {rank_is(0, 2), rank_is(1, 2), rank_is(2, 2), same_dtype(2, 1), cube_dtype(1),
                                             matmul_inner(1, 2), accumulator(0, 1, 2), memory_is(0, MemSpace::Acc),
                                             memory_is(1, MemSpace::Left), memory_is(2, MemSpace::Right)};
// clang-format off
inline constexpr std::array kOps{
  // tensor.* (orchestration level)
  OpDef{"tensor.create",   "L",       "dtype,layout",           tensor_create},
  OpDef{"tensor.full",     "L,S",     "dtype",                  tensor_full},
  OpDef{"tensor.slice",    "N,L,L,L?", "",                      tensor_slice, kTensorSlice},
  OpDef{"tensor.assemble", "N,N,L",   "",                       first_operand_type, kTensorAssemble, Effect::WritesArg, 0},  // in place (docs/semantics.md)
  OpDef{"tensor.read",     "N,L",     "",                       element_scalar, kIndexed},
  OpDef{"tensor.write",    "N,L,S",   "",                       first_operand_type, kIndexed, Effect::WritesArg, 0},
  OpDef{"tensor.add",      "N,A",     "",                       first_operand_type, kTensorElementwise},
  OpDef{"tensor.sub",      "N,A",     "",                       first_operand_type, kTensorElementwise},
  OpDef{"tensor.mul",      "N,A",     "",                       first_operand_type, kTensorElementwise},
  OpDef{"tensor.div",      "N,A",     "",                       first_operand_type, kTensorElementwise},
  // tile.* transfers and storage
  OpDef{"tile.load",       "N,L,L,L?", "target_memory,transpose", tile_load, kTileLoad},
  OpDef{"tile.store",      "T,L,N",   "",                       third_operand_type, kTileStore, Effect::WritesArg, 2},
  OpDef{"tile.create",     "L",       "dtype,target_memory",    tile_create},
  OpDef{"tile.full",       "L,S",     "dtype,target_memory",    tile_create},
  OpDef{"tile.alloc",      "S",       "memory_space,addr",           ptr_result, {}, Effect::Control, -1, "memory_space"},
  OpDef{"tile.move",       "T",       "target_memory",          tile_move},
  OpDef{"tile.reshape",    "T,L",     "",                       tile_reshape, kTileReshape},
  OpDef{"tile.slice",      "T,L,L,L?", "",                      tile_reshape, kTileSlice},
  OpDef{"tile.assemble",   "T,T,L",   "",                       first_operand_tile, kTileAssemble},
  OpDef{"tile.extract",    "T,S,S,L", "target_memory",          tile_extract, kTileExtract},
  OpDef{"tile.transpose_view", "T",   "",                       tile_transpose, kRank2},
  OpDef{"tile.set_validshape", "T,S,S", "",                     tile_set_validshape, kSetValidShape},
  // tile elementwise, binary
  OpDef{"tile.add", "T,T", "", first_operand_tile, kElementwise}, OpDef{"tile.sub", "T,T", "", first_operand_tile, kElementwise},
  OpDef{"tile.mul", "T,T", "", first_operand_tile, kElementwise}, OpDef{"tile.div", "T,T", "precision", first_operand_tile, kElementwise},
  OpDef{"tile.maximum", "T,T", "", first_operand_tile, kElementwise}, OpDef{"tile.minimum", "T,T", "", first_operand_tile, kElementwise},
  // tile elementwise, unary
  OpDef{"tile.exp", "T", "", first_operand_tile, kFloatOnly},  OpDef{"tile.abs", "T", "", first_operand_tile},
  OpDef{"tile.sqrt", "T", "", first_operand_tile, kFloatOnly}, OpDef{"tile.neg", "T", "", first_operand_tile},
  OpDef{"tile.relu", "T", "", first_operand_tile}, OpDef{"tile.log", "T", "", first_operand_tile, kFloatOnly},
  OpDef{"tile.recip", "T", "precision", first_operand_tile, kFloatOnly}, OpDef{"tile.rsqrt", "T", "precision", first_operand_tile, kFloatOnly},
  // tile ∘ scalar
  OpDef{"tile.adds", "T,S", "", first_operand_tile}, OpDef{"tile.subs", "T,S", "", first_operand_tile},
  OpDef{"tile.muls", "T,S", "", first_operand_tile}, OpDef{"tile.divs", "T,S", "precision", first_operand_tile},
  OpDef{"tile.maximums", "T,S", "", first_operand_tile}, OpDef{"tile.minimums", "T,S", "", first_operand_tile},
  OpDef{"tile.lrelu", "T,S", "", first_operand_tile},
  // cube
  OpDef{"tile.matmul",     "T,T",     "",                       tile_matmul, kMatmul},
  OpDef{"tile.matmul_acc", "T,T,T,S?", "",                      first_operand_tile, kMatmulAcc},
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
  OpDef{"buffer.add", "B,B,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.sub", "B,B,B", "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.mul", "B,B,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.div", "B,B,B", "precision", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.maximum", "B,B,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.minimum", "B,B,B", "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.exp", "B,B", "", void_result, {}, Effect::WritesArg, 1},  OpDef{"buffer.abs", "B,B", "", void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.sqrt", "B,B", "", void_result, {}, Effect::WritesArg, 1}, OpDef{"buffer.neg", "B,B", "", void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.relu", "B,B", "", void_result, {}, Effect::WritesArg, 1}, OpDef{"buffer.log", "B,B", "", void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.recip", "B,B", "precision", void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.rsqrt", "B,B", "precision", void_result, {}, Effect::WritesArg, 1},
  OpDef{"buffer.adds", "B,S,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.subs", "B,S,B", "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.muls", "B,S,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.divs", "B,S,B", "precision", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.maximums", "B,S,B", "", void_result, {}, Effect::WritesArg, 2}, OpDef{"buffer.minimums", "B,S,B", "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.lrelu", "B,S,B", "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.matmul",     "B,B,B",   "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.matmul_acc", "B,B,B",   "", void_result, {}, Effect::WritesArg, 2},
  OpDef{"buffer.extract",    "B,S,S,B", "", void_result, {}, Effect::WritesArg, 3},
  OpDef{"buffer.get_block_idx",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"buffer.get_block_num",    "", "", index_scalar, {}, Effect::Control},
  OpDef{"buffer.get_subblock_idx", "", "", index_scalar, {}, Effect::Control},
};
// clang-format on
}  // namespace detail

inline std::span<const OpDef> all_ops() { return detail::kOps; }

/// Kwargs whose value is the op's default: the parser drops them and the printer omits them, so
/// `pl.create_tensor(s, dtype=d)` and `pl.tensor.create(s, dtype=d, layout=pl.TensorLayout.ND)` are
/// one program (../shared/dsl.md "Ops").
struct KwargDefault {
  std::string_view op, key;
  AttrValue value;
};
inline const std::vector<KwargDefault>& kwarg_defaults() {
  static const std::vector<KwargDefault> table{
      {"tensor.create", "layout", TensorLayout::ND},
      {"tile.load", "target_memory", MemSpace::Vec},
      {"tile.load", "transpose", false},
      {"tile.create", "target_memory", MemSpace::Vec},
      {"tile.full", "target_memory", MemSpace::Vec},
  };
  return table;
}
inline bool is_default_kwarg(std::string_view op, std::string_view key, const AttrValue& v) {
  for (const auto& d : kwarg_defaults())
    if (d.op == op && d.key == key && d.value.index() == v.index() && !std::holds_alternative<Expr>(v) && d.value == v)
      return true;
  return false;
}

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

/// The interned name of a registry op (ir/symbol.hpp), made once per op: the parser names every
/// op call with it instead of interning the text again.
inline const Symbol& op_symbol(const OpDef& def) {
  static const std::vector<Symbol> symbols = [] {
    std::vector<Symbol> v;
    v.reserve(detail::kOps.size());
    for (const OpDef& d : detail::kOps) v.emplace_back(d.name);
    return v;
  }();
  return symbols[static_cast<std::size_t>(&def - detail::kOps.data())];
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
      case 'A': ok = true; break;
      default: break;
    }
    if (type_as<UnknownType>(t)) ok = true;  // already reported where it arose
    if (!ok) {
      static constexpr std::string_view names[] = {"a tile", "a tensor", "a scalar", "a list", "a pointer", "a buffer"};
      std::string_view want = k == 'T' ? names[0] : k == 'N' ? names[1] : k == 'S' ? names[2] : k == 'L' ? names[3]
                            : k == 'B' ? names[5] : names[4];
      return InferResult::fail(std::string(d.name) + " operand " + std::to_string(i + 1) + " must be " + std::string(want));
    }
  }
  for (const auto& [key, v] : kw)
    if (!kwarg_accepted(d, key)) return InferResult::fail(std::string(d.name) + " has no keyword '" + key + "'");
  return d.infer(args, kw);
}

}  // namespace ptorw::ir
