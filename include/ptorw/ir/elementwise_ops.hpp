// The elementwise ops, one row each (../shared/design.md "One op, one row"; issue 16). A row is
// the whole definition of an op family member at every level it exists:
//  * its registry rows — `tile.<op>`, `buffer.<op>` and, when it has one, `tensor.<op>`: signature,
//    documented operand names, kwargs, operand rules, effect and type rule (op_registry.hpp derives
//    them from `shape`, `tensor`, `float_only` and `precision`);
//  * its element semantics, which every interpreter mode runs (value mode on tiles and tensors,
//    planned Tile IR and Buffer IR in buffer mode: interp/ derives its handlers from `sem`);
//  * its storage rule for planning (a new value in new storage; in place unless
//    `distinct_destination`: lowering/planning/storage_rules.hpp);
//  * its lowering recipe and PTO spelling (`pto`, `dtypes`, `default_rollout`:
//    lowering/recipes/elementwise_table.hpp, which the PTO emitter reads).
// So adding an elementwise op is one row here plus its test rows (an oracle formula and a poison
// row in test/unit/); `op rows: every stage an op claims exists` (test/unit/op_rows_test.cpp)
// fails when a stage is missing.
//
// The table lives in the ir layer because the registry below every other layer reads it; it holds
// only data and element formulas on doubles and integers (no interpreter types).
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

/// Operand shape of the tile and buffer forms (the buffer form adds the destination last).
enum class EwShape : std::uint8_t {
  Binary,  // tile.add(a, b)   -> buffer.add(a, b, dst)   -> pto.tadd ins(a, b) outs(dst)
  Unary,   // tile.exp(a)      -> buffer.exp(a, dst)      -> pto.texp ins(a) outs(dst)
  Scalar,  // tile.adds(a, s)  -> buffer.adds(a, s', dst) -> pto.tadds ins(a, s') outs(dst); s' in dst's dtype
};

/// The orchestration-level form, if the op has one (docs/semantics.md "tensor.* arithmetic").
enum class TensorForm : std::uint8_t {
  None,
  TensorOrScalar,  // tensor.add(t, x): x a tensor of t's shape and dtype, or a scalar
  SameTensor,      // tensor.maximum(t, u): tensors only
  Unary,           // tensor.exp(t)
  Scalar,          // tensor.adds(t, s): a scalar only
};

/// A set of element types as a bit mask over DType.
using DTypeMask = std::uint32_t;
constexpr DTypeMask dtype_bit(DType d) { return DTypeMask{1} << static_cast<unsigned>(d); }
inline constexpr DTypeMask kF32Only = dtype_bit(DType::FP32);
inline constexpr DTypeMask kAddMulTypes = dtype_bit(DType::FP16) | dtype_bit(DType::FP32) | dtype_bit(DType::INT32);

/// What one element of the result is (docs/semantics.md "tile.* arithmetic"). Binary and Scalar
/// ops are `bop` in the operand's dtype (the scalar converted to it first; integer Div truncates);
/// `leaky` is x > 0 ? x : x * s. Unary ops are `fp` on the exact value of a float element, rounded
/// once to its dtype, and `ints` on an integer element (two's complement bits, wrapped to the
/// dtype); an op without `ints` is defined for float dtypes only.
struct ElemSem {
  BinOp bop = BinOp::Add;
  double (*fp)(double) = nullptr;
  std::uint64_t (*ints)(std::int64_t) = nullptr;
  bool leaky = false;
  /// `ints != nullptr`, stored: GCC does not fold a function pointer's comparison with nullptr in
  /// a constant expression under -fsanitize=undefined (the sanitized test build stopped there).
  bool has_ints = false;
};

struct EwOp {
  std::string_view tile;    // "tile.exp"
  std::string_view buffer;  // "buffer.exp", or empty when the op has no Buffer form (no recipe: `pto` empty)
  std::string_view tensor;  // "tensor.exp", or empty when `tensor_form` is None
  EwShape shape;
  TensorForm tensor_form;
  ElemSem sem;
  /// The tile form's documented operand names (PyPTO's operation reference).
  std::string_view params;
  /// Accepts `precision=` (tile and buffer forms; lower_tile_to_buffer.md "Precision attributes
  /// retain their existing native policy").
  bool precision = false;
  /// Lowering: the PTO instruction of the buffer form and the element types its recipe supports.
  std::string_view pto = {};
  DTypeMask dtypes = kF32Only;
  /// The destination must not share storage with an operand (spec: "recip requires a distinct
  /// destination, enforced by storage legalization and verification"; rsqrt too, to be safe).
  bool distinct_destination = false;
  /// In the spec's default a2/a3 rollout table. Rows outside it are "existing production recipes"
  /// whose presence "alone does not widen default acceptance" (selection ignores them).
  bool default_rollout = true;

  constexpr bool float_only() const { return shape == EwShape::Unary && !sem.has_ints; }
  constexpr bool has_recipe() const { return !pto.empty(); }
  /// A Buffer op exists only where a recipe produces it and the emitter can spell it.
  constexpr bool has_buffer_form() const { return !buffer.empty(); }
};

namespace ew_detail {
constexpr ElemSem bin(BinOp op) { return ElemSem{op}; }
constexpr ElemSem un(double (*fp)(double)) { return {BinOp::Add, fp, nullptr}; }
constexpr ElemSem un(double (*fp)(double), std::uint64_t (*ints)(std::int64_t)) { return {BinOp::Add, fp, ints, false, true}; }
// The integer forms of the unary ops that have one, on two's complement bits (wrapped by the caller).
constexpr std::uint64_t int_abs(std::int64_t x) { return x < 0 ? 0 - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x); }
constexpr std::uint64_t int_neg(std::int64_t x) { return 0 - static_cast<std::uint64_t>(x); }
constexpr std::uint64_t int_relu(std::int64_t x) { return static_cast<std::uint64_t>(x > 0 ? x : 0); }
inline double fp_exp(double x) { return std::exp(x); }
inline double fp_abs(double x) { return std::fabs(x); }
inline double fp_sqrt(double x) { return std::sqrt(x); }  // sqrt(negative) is NaN
inline double fp_neg(double x) { return -x; }
inline double fp_relu(double x) { return std::isnan(x) ? x : (x > 0 ? x : 0.0); }  // relu(-0) = +0
inline double fp_log(double x) { return std::log(x); }
inline double fp_recip(double x) { return 1.0 / x; }
inline double fp_rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline double fp_sin(double x) { return std::sin(x); }
inline double fp_cos(double x) { return std::cos(x); }
}  // namespace ew_detail

// The three registry names of an op: PTORW_EW_NAMES("exp") is "tile.exp", "buffer.exp", "tensor.exp".
#define PTORW_EW_NAMES(op) "tile." op, "buffer." op, "tensor." op
#define PTORW_EW_NAMES_NO_TENSOR(op) "tile." op, "buffer." op, ""
// An op with Tile and tensor forms but no Buffer form (no PTO recipe): its row leaves `pto` empty.
#define PTORW_EW_NAMES_NO_BUFFER(op) "tile." op, "", "tensor." op

// clang-format off
inline constexpr std::array kElementwiseOps{
  // tile ∘ tile (lower_tile_to_buffer.md table: add, mul FP16/FP32/INT32; the rest FP32)
  EwOp{PTORW_EW_NAMES("add"),     EwShape::Binary, TensorForm::TensorOrScalar, ew_detail::bin(BinOp::Add), "lhs,rhs", false, "pto.tadd", kAddMulTypes},
  EwOp{PTORW_EW_NAMES("sub"),     EwShape::Binary, TensorForm::TensorOrScalar, ew_detail::bin(BinOp::Sub), "lhs,rhs", false, "pto.tsub"},
  EwOp{PTORW_EW_NAMES("mul"),     EwShape::Binary, TensorForm::TensorOrScalar, ew_detail::bin(BinOp::Mul), "lhs,rhs", false, "pto.tmul", kAddMulTypes},
  EwOp{PTORW_EW_NAMES("div"),     EwShape::Binary, TensorForm::TensorOrScalar, ew_detail::bin(BinOp::Div), "lhs,rhs", true,  "pto.tdiv"},
  EwOp{PTORW_EW_NAMES("maximum"), EwShape::Binary, TensorForm::SameTensor,     ew_detail::bin(BinOp::Max), "lhs,rhs", false, "pto.tmax"},
  EwOp{PTORW_EW_NAMES("minimum"), EwShape::Binary, TensorForm::SameTensor,     ew_detail::bin(BinOp::Min), "lhs,rhs", false, "pto.tmin"},
  // unary
  EwOp{PTORW_EW_NAMES("exp"),   EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_exp),                        "tile", false, "pto.texp"},
  EwOp{PTORW_EW_NAMES("abs"),   EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_abs, ew_detail::int_abs),    "tile", false, "pto.tabs"},
  EwOp{PTORW_EW_NAMES("sqrt"),  EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_sqrt),                       "tile", false, "pto.tsqrt"},
  EwOp{PTORW_EW_NAMES("neg"),   EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_neg, ew_detail::int_neg),    "tile", false, "pto.tneg"},
  EwOp{PTORW_EW_NAMES("relu"),  EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_relu, ew_detail::int_relu),  "tile", false, "pto.trelu"},
  EwOp{PTORW_EW_NAMES("log"),   EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_log),                        "tile", false, "pto.tlog"},
  EwOp{PTORW_EW_NAMES("recip"), EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_recip),                      "tile", true,  "pto.trecip", kF32Only, true},
  // Outside the default rollout table: an existing recipe for explicit pipelines and Tile-stage emission.
  EwOp{PTORW_EW_NAMES("rsqrt"), EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_rsqrt),                      "tile", true,  "pto.trsqrt", kF32Only, true, false},
  // PyPTO's catalog (ops/01-catalog.md, "Math": sin, cos): Tile and tensor forms with interpreter
  // semantics; no PTO instruction in the lowering spec's table, so no recipe (kernels using them
  // stay Tile and emission refuses them with the reason).
  EwOp{PTORW_EW_NAMES_NO_BUFFER("sin"), EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_sin),                        "tile"},
  EwOp{PTORW_EW_NAMES_NO_BUFFER("cos"), EwShape::Unary, TensorForm::Unary, ew_detail::un(ew_detail::fp_cos),                        "tile"},
  // tile ∘ scalar (FP32). The tensor forms adds/subs/muls/divs are PyPTO's documented
  // `pl.tensor.adds/subs/muls/divs` (docs/dsl.md); maximums/minimums/lrelu have none.
  EwOp{PTORW_EW_NAMES("adds"),               EwShape::Scalar, TensorForm::Scalar, ew_detail::bin(BinOp::Add), "lhs,rhs", false, "pto.tadds"},
  EwOp{PTORW_EW_NAMES("subs"),               EwShape::Scalar, TensorForm::Scalar, ew_detail::bin(BinOp::Sub), "lhs,rhs", false, "pto.tsubs"},
  EwOp{PTORW_EW_NAMES("muls"),               EwShape::Scalar, TensorForm::Scalar, ew_detail::bin(BinOp::Mul), "lhs,rhs", false, "pto.tmuls"},
  EwOp{PTORW_EW_NAMES("divs"),               EwShape::Scalar, TensorForm::Scalar, ew_detail::bin(BinOp::Div), "lhs,rhs", true,  "pto.tdivs"},
  EwOp{PTORW_EW_NAMES_NO_TENSOR("maximums"), EwShape::Scalar, TensorForm::None,   ew_detail::bin(BinOp::Max), "lhs,rhs", false, "pto.tmaxs"},
  EwOp{PTORW_EW_NAMES_NO_TENSOR("minimums"), EwShape::Scalar, TensorForm::None,   ew_detail::bin(BinOp::Min), "lhs,rhs", false, "pto.tmins"},
  EwOp{PTORW_EW_NAMES_NO_TENSOR("lrelu"),    EwShape::Scalar, TensorForm::None,   ElemSem{BinOp::Mul, nullptr, nullptr, true}, "tile,slope", false, "pto.tlrelu"},
};
// clang-format on

#undef PTORW_EW_NAMES
#undef PTORW_EW_NAMES_NO_TENSOR
#undef PTORW_EW_NAMES_NO_BUFFER

// A Buffer form without a recipe would be a Buffer op nothing produces and the emitter cannot
// spell; a recipe without a Buffer form has nothing to produce.
static_assert([] {
  for (const EwOp& r : kElementwiseOps)
    if (r.has_buffer_form() != r.has_recipe()) return false;
  return true;
}(), "an elementwise row has a Buffer name exactly when it has a PTO recipe");

/// The row of a tile, buffer or tensor elementwise op name; nullptr for other names.
constexpr const EwOp* find_elementwise(std::string_view name) {
  for (const EwOp& r : kElementwiseOps)
    if (r.tile == name || r.buffer == name || (!r.tensor.empty() && r.tensor == name)) return &r;
  return nullptr;
}

}  // namespace ptorw::ir
