// Fractal (boxed) layouts of buffer mode (docs/semantics.md "Buffer mode", "Fractal layouts"):
// where element (r, c) of a rank-2 Mat / Left / Right / Acc view lives, in bytes from the view's
// address. pto_format.md "Types": blayout orders the boxes, slayout the elements inside a box,
// fractal is a box's size in bytes (512; Acc 1024). lower_tile_to_buffer.md "Matrix storage":
// such tiles' physical extents are whole boxes and a fractal window has no row-major byte view.
//
// A box is 16 lines of `fractal / 16` bytes (a 512-byte box: 16 lines of 32 bytes). slayout says
// what a line is: row_major ("z") — a line is a box row, so the box is 16 rows x (F/16/b) columns;
// col_major ("n") — a line is a box column, so the box is (F/16/b) rows x 16 columns (b = dtype
// bytes). blayout col_major ("N") stores the boxes down each column of boxes first, row_major
// ("Z") along each row of boxes first. So NZ FP16 has 16 x 16 boxes, NZ FP32 16 x 8, NZ INT8
// 16 x 32, ZN FP32 8 x 16, Acc (NZ, 1024) FP32 16 x 16; and the transpose of an NZ view's bytes is
// exactly a ZN view of the transposed shape (the transpose relabel).
//
// A view inside a bigger boxed buffer (a box-aligned subview) keeps its parent's box strides, just
// as a row-major subview keeps its parent's row pitch: BoxedLayout stores them explicitly.
#pragma once
#include <cstdint>
#include <string>

#include "ptorw/interp/error.hpp"
#include "ptorw/ir/tile_layout.hpp"

namespace ptorw::interp {

inline constexpr std::int64_t kBoxLines = 16;  // lines per box, whatever its size

/// True when `l` has boxes (slayout row_major / col_major), false for plain rows (none_box).
inline bool is_boxed(const ir::TileLayoutSpec& l) { return l.slayout != ir::TileLayout::none_box; }

/// "NZ", "ZN", "ZZ", "NN" (blayout letter, then slayout letter), with the box size when it is not
/// 512 bytes: "NZ, fractal=1024".
inline std::string layout_name(const ir::TileLayoutSpec& l) {
  auto letter = [](ir::TileLayout t) { return t == ir::TileLayout::col_major ? 'N' : 'Z'; };
  std::string s{letter(l.blayout), letter(l.slayout)};
  if (l.fractal != 512) s += ", fractal=" + std::to_string(l.fractal);
  return s;
}

/// A boxed view's geometry: box extents in elements, how elements sit inside a box, and the byte
/// distance between vertically / horizontally adjacent boxes.
struct BoxedLayout {
  std::int64_t box_rows = 0, box_cols = 0;
  std::int64_t box_bytes = 0;
  std::int64_t elem_bytes = 0;
  bool inner_col_major = false;                  // slayout col_major: a line is a box column
  std::int64_t row_stride = 0, col_stride = 0;  // bytes from box (i, j) to (i + 1, j) / (i, j + 1)
  ir::TileLayoutSpec spec{};

  /// Bytes from the view's address to element (r, c).
  std::int64_t offset(std::int64_t r, std::int64_t c) const {
    const std::int64_t ir = r % box_rows, ic = c % box_cols;
    const std::int64_t inner = inner_col_major ? ic * box_rows + ir : ir * box_cols + ic;
    return (r / box_rows) * row_stride + (c / box_cols) * col_stride + inner * elem_bytes;
  }
  /// The same bytes seen transposed (element (r, c) of the result is (c, r) of this): NZ <-> ZN.
  BoxedLayout transposed() const {
    BoxedLayout t = *this;
    std::swap(t.box_rows, t.box_cols);
    std::swap(t.row_stride, t.col_stride);
    t.inner_col_major = !inner_col_major;
    std::swap(t.spec.blayout, t.spec.slayout);
    return t;
  }
  friend bool operator==(const BoxedLayout&, const BoxedLayout&) = default;
};

/// Box extents {rows, cols} of layout `l` for `elem_bytes`-byte elements; fails naming `what` when
/// the layout cannot hold such elements in whole lines.
inline std::pair<std::int64_t, std::int64_t> box_extents(const ir::TileLayoutSpec& l, int elem_bytes, const std::string& what) {
  if (l.blayout == ir::TileLayout::none_box)
    fail(what + ": blayout none_box is not a box order (row_major or col_major)");
  auto box = ir::box_extents(l, elem_bytes);
  if (!box)
    fail(what + ": a fractal of " + std::to_string(l.fractal) + " bytes is not 16 lines of whole " +
         std::to_string(elem_bytes) + "-byte elements");
  return *box;
}

/// The layout of a fresh, packed rows x cols view: boxes ordered by blayout over exactly the
/// view's extents, which must be whole boxes (lower_tile_to_buffer.md "Matrix storage").
inline BoxedLayout packed_boxes(const ir::TileLayoutSpec& l, int elem_bytes, std::int64_t rows, std::int64_t cols,
                                const std::string& what) {
  auto [br, bc] = box_extents(l, elem_bytes, what);
  if (rows % br != 0 || cols % bc != 0)
    fail(what + ": physical extents [" + std::to_string(rows) + ", " + std::to_string(cols) + "] are not whole " +
         layout_name(l) + " boxes of " + std::to_string(br) + " x " + std::to_string(bc) + " elements");
  BoxedLayout b;
  b.box_rows = br;
  b.box_cols = bc;
  b.box_bytes = l.fractal;
  b.elem_bytes = elem_bytes;
  b.inner_col_major = l.slayout == ir::TileLayout::col_major;
  b.spec = l;
  if (l.blayout == ir::TileLayout::col_major) {  // N: down each column of boxes first
    b.row_stride = l.fractal;
    b.col_stride = (rows / br) * l.fractal;
  } else {  // Z: along each row of boxes first
    b.col_stride = l.fractal;
    b.row_stride = (cols / bc) * l.fractal;
  }
  return b;
}

/// The byte offset of element (r, c) in a packed rows x cols view of layout `l` (the formula of
/// docs/semantics.md "Fractal layouts"; pure, for tests and tools).
inline std::int64_t fractal_offset(const ir::TileLayoutSpec& l, std::int64_t rows, std::int64_t cols, int elem_bytes,
                                   std::int64_t r, std::int64_t c) {
  if (!is_boxed(l)) {
    if (l.blayout != ir::TileLayout::row_major) fail("fractal_offset: a column-major none_box layout is not modelled");
    return (r * cols + c) * elem_bytes;  // plain rows
  }
  return packed_boxes(l, elem_bytes, rows, cols, "fractal_offset").offset(r, c);
}

}  // namespace ptorw::interp
