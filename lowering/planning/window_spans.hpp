// Byte spans of Vec windows, for tile.assemble's disjointness proof (lower_tile_to_buffer.md,
// "Default whole-kernel selection": "an exact self-write or provably disjoint static byte spans need
// no snapshot. The disjointness proof uses inherited row pitch and includes gaps between rows,
// matching the verifier's conservative storage ranges. It compares shared allocation origins and
// byte offsets ..."; "a static child never makes its dynamic parent's storage range precise").
//
// A window is `rows` rows of `row_bytes` bytes each, `pitch` bytes apart, starting `origin` bytes
// into its storage (every member of a storage class starts at origin 0: InitMemRef gives each class
// one allocation). Its conservative range is the hull [origin, origin + (rows-1)*pitch + row_bytes):
// the gaps between rows count as covered, so two windows side by side in the same rows are never
// proven disjoint. All arithmetic is checked int64; an overflow proves nothing.
#pragma once
#include <cstdint>
#include <optional>

namespace ptorw::lowering::planning {

struct WindowSpan {
  std::int64_t origin = 0, pitch = 0, rows = 0, row_bytes = 0;
  bool operator==(const WindowSpan&) const = default;
};

/// The span of a window at element offset (row, col) of a parent with `pitch` bytes per row;
/// nullopt on a negative value or an int64 overflow.
inline std::optional<WindowSpan> window_span(std::int64_t pitch, std::int64_t esize, std::int64_t row, std::int64_t col,
                                             std::int64_t rows, std::int64_t cols) {
  if (pitch <= 0 || esize <= 0 || row < 0 || col < 0 || rows <= 0 || cols <= 0) return std::nullopt;
  std::int64_t r = 0, c = 0, origin = 0, row_bytes = 0;
  if (__builtin_mul_overflow(row, pitch, &r) || __builtin_mul_overflow(col, esize, &c) ||
      __builtin_add_overflow(r, c, &origin) || __builtin_mul_overflow(cols, esize, &row_bytes))
    return std::nullopt;
  return WindowSpan{origin, pitch, rows, row_bytes};
}

/// One past the last byte of the hull; nullopt on overflow.
inline std::optional<std::int64_t> hull_end(const WindowSpan& w) {
  std::int64_t a = 0, b = 0, e = 0;
  if (__builtin_mul_overflow(w.rows - 1, w.pitch, &a) || __builtin_add_overflow(w.origin, a, &b) ||
      __builtin_add_overflow(b, w.row_bytes, &e))
    return std::nullopt;
  return e;
}

enum class WindowRelation : std::uint8_t {
  Same,      // the same bytes in the same order: an exact self-write
  Disjoint,  // the hulls share no byte
  Unproven,  // anything else (overlap, or a span that could not be computed)
};

inline WindowRelation relate(const std::optional<WindowSpan>& a, const std::optional<WindowSpan>& b) {
  if (!a || !b) return WindowRelation::Unproven;
  if (*a == *b) return WindowRelation::Same;
  auto ea = hull_end(*a), eb = hull_end(*b);
  if (!ea || !eb) return WindowRelation::Unproven;
  return (*ea <= b->origin || *eb <= a->origin) ? WindowRelation::Disjoint : WindowRelation::Unproven;
}

}  // namespace ptorw::lowering::planning
