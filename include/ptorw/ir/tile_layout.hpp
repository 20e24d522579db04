// The layout of an on-chip tile or buffer (../shared/pto_format.md "Types", ../shared/dsl.md
// `pl.TileView`): blayout orders the fractal boxes, slayout the elements inside a box (none_box =
// no boxes, plain rows), fractal is the box size in bytes. A TileView field left unset means the
// implicit layout of the memory space — one table, shared by the PTO emitter (tile_buf spelling)
// and the interpreter's buffer mode (byte addresses, interp/fractal_layout.hpp).
#pragma once
#include <cstdint>
#include <optional>

#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir {

struct TileLayoutSpec {
  TileLayout blayout;
  TileLayout slayout;
  std::int64_t fractal;  // bytes per box
  friend bool operator==(const TileLayoutSpec&, const TileLayoutSpec&) = default;
};

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

}  // namespace ptorw::ir
