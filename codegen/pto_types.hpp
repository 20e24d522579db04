// Type spellings of the PTO text (../shared/pto_format.md "Module and kernel", "Types"): element
// types, memory spaces, the per-space layout defaults and the `!pto.*` types. Every function
// returns nullopt / an error for a type it has no spelling for, so the emitter fails closed.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/tile_layout.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::codegen {

/// Element types (pto_format.md "dtypes"); TASK_ID has none.
inline std::optional<std::string_view> pto_dtype(ir::DType d) {
  switch (d) {
    case ir::DType::FP32: return "f32";
    case ir::DType::FP16: return "f16";
    case ir::DType::BF16: return "bf16";
    case ir::DType::INT8: return "i8";
    case ir::DType::INT16: return "i16";
    case ir::DType::INT32: return "i32";
    case ir::DType::INT64: return "i64";
    case ir::DType::UINT8: return "ui8";
    case ir::DType::BOOL: return "i1";
    case ir::DType::INDEX: return "index";
    default: return std::nullopt;
  }
}

/// Types `arith` computes on: signless only, so a UINT8 scalar has no spelling.
inline std::optional<std::string_view> arith_dtype(ir::DType d) {
  if (d == ir::DType::UINT8) return std::nullopt;
  return pto_dtype(d);
}

/// Memory spaces (pto_format.md "Memory spaces"); GM (DDR) is not a tile location.
inline std::optional<std::string_view> pto_space(ir::MemSpace m) {
  switch (m) {
    case ir::MemSpace::Vec: return "vec";
    case ir::MemSpace::Mat: return "mat";
    case ir::MemSpace::Left: return "left";
    case ir::MemSpace::Right: return "right";
    case ir::MemSpace::Acc: return "acc";
    case ir::MemSpace::Bias: return "bias";
    default: return std::nullopt;
  }
}

/// The layout a `tile_buf` has when its TileView leaves a field unset: the implicit layout of the
/// memory space (ir/tile_layout.hpp, pto_format.md "Types"). Bias has no documented default
/// layout, so it has no spelling until one is written down.
using LayoutDefaults = ir::TileLayoutSpec;
inline std::optional<LayoutDefaults> layout_defaults(ir::MemSpace m) { return ir::implicit_layout(m); }

/// A compile-time integer: a constant, or the negation of one (`-1` parses as Neg(1)).
inline std::optional<std::int64_t> static_int(const ir::Expr& e) {
  if (auto v = ir::const_int(e)) return v;
  if (auto* u = ir::expr_as<ir::Unary>(e); u && u->op == ir::UnOp::Neg)
    if (auto v = ir::const_int(u->operand)) return -*v;
  return std::nullopt;
}

/// A spelled type, or why it has none.
struct TypeText {
  std::string text;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// `!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major,
/// slayout=none_box, fractal=512, pad=0>`: keyword form, fields in the documented order. A valid
/// extent that is -1 (dynamic) or not a constant prints `?`; an absent valid shape is the full shape.
/// `compact` is never printed (the IR has no compact field).
inline TypeText tile_buf_type(const ir::BufferType& b) {
  auto dt = pto_dtype(b.dtype);
  if (!dt) return {{}, "no PTO element type for " + std::string(ir::name_of(b.dtype))};
  auto loc = pto_space(b.memory);
  auto defaults = layout_defaults(b.memory);
  if (!loc || !defaults) return {{}, "no PTO tile_buf spelling for memory space " + std::string(ir::name_of(b.memory))};
  // A tile_buf is rank 2; a rank-1 buffer [N] is one row, 1×N (issue 17: the spec's own Pattern 1
  // example has [64] tiles; PyPTO's codegen spells them so).
  const std::size_t rank = b.shape.size();
  if (rank != 1 && rank != 2)
    return {{}, "a tile_buf is rank 2 (a rank-1 buffer is one 1×N row); this buffer has rank " + std::to_string(rank)};
  auto rows = rank == 1 ? std::optional<std::int64_t>(1) : static_int(b.shape[0]), cols = static_int(b.shape[rank - 1]);
  if (!rows || !cols || *rows <= 0 || *cols <= 0) return {{}, "a tile_buf needs a static positive physical shape"};
  std::string v_row = std::to_string(*rows), v_col = std::to_string(*cols);
  ir::TileLayout bl = defaults->blayout, sl = defaults->slayout;
  std::int64_t fractal = defaults->fractal;
  int pad = 0;
  if (b.view) {
    const auto& v = *b.view;
    if (!v.valid_shape.empty()) {
      if (v.valid_shape.size() != rank) return {{}, "a tile_buf valid shape has one extent per dimension of the buffer"};
      auto extent = [](const ir::Expr& e) {
        auto s = static_int(e);
        return s && *s >= 0 ? std::to_string(*s) : std::string("?");
      };
      v_row = rank == 1 ? std::string("1") : extent(v.valid_shape[0]);
      v_col = extent(v.valid_shape[rank - 1]);
      // pto_format.md, Types: "`v_row`/`v_col` are `?` when the valid extent is dynamic (both axes
      // at once)". A Buffer descriptor keeps per-dimension extents (a window [16, -1]); its tile_buf
      // spells both dynamic, and the op's valid operands carry the static one.
      if (v_row == "?" || v_col == "?") v_row = v_col = "?";
    }
    if (v.blayout) bl = *v.blayout;
    if (v.slayout) sl = *v.slayout;
    if (v.fractal) fractal = *v.fractal;
    if (v.pad) pad = static_cast<int>(*v.pad);  // null 0, zero 1, max 2, min 3 (enum order)
  }
  std::string s = "!pto.tile_buf<loc=";
  s += *loc;
  s += ", dtype=";
  s += *dt;
  s += ", rows=" + std::to_string(*rows) + ", cols=" + std::to_string(*cols) + ", v_row=" + v_row + ", v_col=" + v_col;
  s += ", blayout=";
  s += ir::name_of(bl);
  s += ", slayout=";
  s += ir::name_of(sl);
  s += ", fractal=" + std::to_string(fractal) + ", pad=" + std::to_string(pad) + ">";
  return {std::move(s), {}};
}

/// `!pto.ptr<f32>`: a GM tensor parameter.
inline TypeText ptr_type(ir::DType d) {
  auto dt = pto_dtype(d);
  if (!dt) return {{}, "no PTO element type for " + std::string(ir::name_of(d))};
  return {"!pto.ptr<" + std::string(*dt) + ">", {}};
}

/// `!pto.tensor_view<?x?xf32>`: shape and strides are operands, so every extent prints `?`.
inline TypeText tensor_view_type(std::size_t rank, ir::DType d) {
  auto dt = pto_dtype(d);
  if (!dt) return {{}, "no PTO element type for " + std::string(ir::name_of(d))};
  std::string s = "!pto.tensor_view<";
  for (std::size_t i = 0; i < rank; ++i) s += "?x";
  return {s + std::string(*dt) + ">", {}};
}

/// `!pto.partition_tensor_view<16x32xf32>`: static window extents, `?` for a dynamic one.
inline TypeText partition_view_type(const std::vector<ir::Expr>& sizes, ir::DType d) {
  auto dt = pto_dtype(d);
  if (!dt) return {{}, "no PTO element type for " + std::string(ir::name_of(d))};
  std::string s = "!pto.partition_tensor_view<";
  for (const auto& e : sizes) {
    auto v = static_int(e);
    s += v ? std::to_string(*v) : std::string("?");
    s += "x";
  }
  return {s + std::string(*dt) + ">", {}};
}

/// `#pto.layout<nd>` for a GM tensor view.
inline std::string_view tensor_layout_attr(ir::TensorLayout l) {
  switch (l) {
    case ir::TensorLayout::DN: return "#pto.layout<dn>";
    case ir::TensorLayout::NZ: return "#pto.layout<nz>";
    default: return "#pto.layout<nd>";
  }
}

}  // namespace ptorw::codegen
