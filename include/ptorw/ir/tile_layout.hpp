// The layout of an on-chip tile or buffer (../shared/pto_format.md "Types", ../shared/dsl.md
// `pl.TileView`): blayout orders the fractal boxes, slayout the elements inside a box (none_box =
// no boxes, plain rows), fractal is the box size in bytes. A TileView field left unset means the
// implicit layout of the memory space — one table, shared by the PTO emitter (tile_buf spelling)
// and the interpreter's buffer mode (byte addresses, interp/fractal_layout.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir {

struct TileLayoutSpec {
  TileLayout blayout;
  TileLayout slayout;
  std::int64_t fractal;  // bytes per box
  friend bool operator==(const TileLayoutSpec&, const TileLayoutSpec&) = default;
};

/// The matrix spaces of the ordinary cube path (GM -> Mat -> Left/Right -> Acc -> GM): their tiles
/// are fractal boxes; Vec tiles are plain rows.
inline bool is_matrix_space(MemSpace m) {
  return m == MemSpace::Mat || m == MemSpace::Left || m == MemSpace::Right || m == MemSpace::Acc;
}

/// pto_format.md "Types": Vec row_major/none_box/512; Mat A and Left NZ (col_major, row_major);
/// Mat B and Right ZN (row_major, col_major); Acc col_major/row_major with fractal=1024. Mat's
/// implicit layout is NZ (a Mat B operand spells ZN explicitly). Bias (and DDR) have no documented
/// layout: nullopt, so every user fails closed instead of guessing.
inline std::optional<TileLayoutSpec> implicit_layout(MemSpace m) {
  using L = TileLayout;
  switch (m) {
    case MemSpace::Vec: return TileLayoutSpec{L::row_major, L::none_box, 512};
    case MemSpace::Mat: return TileLayoutSpec{L::col_major, L::row_major, 512};
    case MemSpace::Left: return TileLayoutSpec{L::col_major, L::row_major, 512};
    case MemSpace::Right: return TileLayoutSpec{L::row_major, L::col_major, 512};
    case MemSpace::Acc: return TileLayoutSpec{L::col_major, L::row_major, 1024};
    default: return std::nullopt;
  }
}

/// The layout a TileView gives in memory space `m`: its explicit fields over the implicit ones.
/// nullopt when the space has no implicit layout and the view does not name every field.
inline std::optional<TileLayoutSpec> resolve_layout(MemSpace m, const std::optional<TileView>& v) {
  // (Fields are read one by one: optional locals trip g++ 12's -Wmaybe-uninitialized.)
  auto base = implicit_layout(m);
  if (!v) return base;
  if (!base) {
    if (!v->blayout || !v->slayout || !v->fractal) return std::nullopt;
    return TileLayoutSpec{*v->blayout, *v->slayout, *v->fractal};
  }
  return TileLayoutSpec{v->blayout.value_or(base->blayout), v->slayout.value_or(base->slayout),
                        v->fractal.value_or(base->fractal)};
}

/// Box extents {rows, cols} of a boxed layout for `elem_bytes`-byte elements (pto_format.md
/// "Types"): a box is 16 lines of `fractal / 16` bytes; slayout row_major makes a line a box row
/// (16 rows x F/16/b columns), col_major a box column (F/16/b rows x 16 columns). nullopt when
/// blayout is none_box (no box order) or a line does not hold whole elements.
inline std::optional<std::pair<std::int64_t, std::int64_t>> box_extents(const TileLayoutSpec& l, int elem_bytes) {
  constexpr std::int64_t lines = 16;
  if (l.blayout == TileLayout::none_box || elem_bytes <= 0) return std::nullopt;
  if (l.fractal <= 0 || l.fractal % lines != 0 || (l.fractal / lines) % elem_bytes != 0) return std::nullopt;
  const std::int64_t per_line = l.fractal / lines / elem_bytes;
  return l.slayout == TileLayout::col_major ? std::pair{per_line, lines} : std::pair{lines, per_line};
}

/// "Their physical extents are already whole fractal boxes" (lower_tile_to_buffer.md, "Matrix
/// storage"): why the static rank-2 tile `t` of layout `l` is not (the words after the tile's name,
/// with the box when the layout has one), or nullopt when it is. No layout, or one without boxes
/// for the dtype, is not whole boxes either. An INT8 [32, 16] Mat tile against NZ boxes of 16 x 32
/// elements is the example: no Buffer descriptor, no planned form.
inline std::optional<std::string> not_whole_boxes(const std::optional<TileLayoutSpec>& l, const TileType& t) {
  const std::string why = " has physical extents that are not whole fractal boxes of its layout";
  const auto box = l ? box_extents(*l, dtype_bytes(t.dtype)) : std::nullopt;
  if (!box) return why;
  // (Unpacked once: GCC 12 warned "may be used uninitialized" on box->first in some host TUs.)
  const auto [box_rows, box_cols] = *box;
  auto rows = t.shape.size() == 2 ? const_int(t.shape[0]) : std::nullopt;
  auto cols = t.shape.size() == 2 ? const_int(t.shape[1]) : std::nullopt;
  if (rows && cols && *rows % box_rows == 0 && *cols % box_cols == 0) return std::nullopt;
  return why + " (" + std::to_string(box_rows) + " x " + std::to_string(box_cols) + " elements)";
}

}  // namespace ptorw::ir
