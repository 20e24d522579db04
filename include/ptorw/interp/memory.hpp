// Buffer mode's on-chip memory (docs/semantics.md "Buffer mode"): one byte array per memory space,
// each byte with a poison mark, and the views (BufVal, value.hpp) that read and write it.
//
//  * Capacities come from the target table (ptorw/target/capacities.hpp), so
//    the interpreter and the planner agree on what fits. Addressed allocations live in
//    [0, capacity). Addressless allocations (PTOAS: allocation identities only) get distinct
//    addresses from a bump allocator in an arena *above* the capacity, one per allocating call
//    node (re-executing it reuses the address): they can never alias an addressed allocation or
//    each other, which is exactly what an identity promises.
//  * Layout: a view's element `idx` is at `addr + sum(idx[k] * strides[k])` bytes, little-endian
//    at the dtype's width. Fresh views are row-major and packed; subviews keep their parent's
//    strides (inherited row pitch); reshape reinterprets dense bytes. A view whose layout has
//    boxes (Mat / Left / Right / Acc: NZ, ZN, Acc fractal=1024, fractal_layout.hpp) places its
//    elements in 512- or 1024-byte boxes instead; its subviews are box-aligned and keep the
//    parent's box strides.
//  * Poison: an allocation marks its bytes poison; a write stores its element's mark; a read
//    gives an element poison when any of its bytes is.
//  * Clobbers (planned Tile IR): each tile-defining write has a generation (begin_write); a byte
//    whose value or poison mark a write *changes* takes that write's generation. A tile value read
//    later whose valid bytes carry a newer generation than its own was overwritten while live.
#pragma once
#include <algorithm>
#include <array>
#include <cstring>
#include <fmt/core.h>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/interp/value.hpp"
#include "ptorw/target/capacities.hpp"

namespace ptorw::interp {

inline constexpr std::int64_t kBufAlign = 32;  // lower_tile_to_buffer.md: 32-byte addresses and rows

struct Memory {
  struct Space {
    std::vector<std::uint8_t> data;
    std::vector<std::uint8_t> poison;  // 1 = never written since allocated
    std::vector<std::uint32_t> stamp;  // the generation of the write that last changed the byte
    std::int64_t arena_next = -1;      // next addressless address (starts at the capacity)
  };

  explicit Memory(std::string_view target = "a2a3") {
    const auto* t = ptorw::target::find_target(target);
    if (!t) t = ptorw::target::find_target("a2a3");
    target_ = t;
  }

  std::string_view target() const { return target_->target; }
  std::int64_t capacity(ir::MemSpace s) const { return ptorw::target::capacity_of(*target_, s); }

  /// The address of an addressless allocation made by call node `site` (stable per node).
  std::int64_t place_addressless(const void* site, ir::MemSpace s, std::int64_t bytes) {
    auto [it, fresh] = addressless_.try_emplace(site, 0);
    if (!fresh) return it->second;
    Space& sp = space(s);
    if (sp.arena_next < 0) sp.arena_next = ptorw::target::round_up(capacity(s), kBufAlign);
    it->second = sp.arena_next;
    sp.arena_next += ptorw::target::round_up(std::max<std::int64_t>(bytes, 1), kBufAlign);
    return it->second;
  }

  /// Marks [addr, addr + bytes) poison (a fresh allocation).
  void poison(ir::MemSpace s, std::int64_t addr, std::int64_t bytes) {
    Space& sp = reach(s, addr, bytes);
    std::fill_n(sp.poison.begin() + addr, bytes, std::uint8_t{1});
  }

  /// One element in canonical encoding; `poison` set when any of its bytes is poison.
  Bits read(ir::MemSpace s, std::int64_t addr, DType d, bool& poison) {
    const int n = ir::dtype_bytes(d);
    Space& sp = reach(s, addr, n);
    std::uint64_t raw = 0;
    poison = false;
    for (int i = 0; i < n; ++i) {
      raw |= std::uint64_t{sp.data[static_cast<std::size_t>(addr + i)]} << (8 * i);
      poison = poison || sp.poison[static_cast<std::size_t>(addr + i)];
    }
    return canonical(raw, d);
  }

  void write(ir::MemSpace s, std::int64_t addr, DType d, Bits b, bool poison) {
    const int n = ir::dtype_bytes(d);
    Space& sp = reach(s, addr, n);
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(addr + i);
      const auto v = static_cast<std::uint8_t>(b >> (8 * i));
      const std::uint8_t p = poison ? 1 : 0;
      if (sp.data[k] == v && sp.poison[k] == p) continue;  // unchanged: no clobber
      sp.data[k] = v;
      sp.poison[k] = p;
      sp.stamp[k] = writing_;
    }
  }

  /// Starts a tile-defining write (planned Tile IR): later byte changes carry its generation,
  /// described by `what` (the op and its location) in clobber errors.
  std::uint32_t begin_write(const std::string& op, ir::Span site) {
    writers_.push_back({&op, site});
    writing_ = static_cast<std::uint32_t>(writers_.size());
    return writing_;
  }
  /// Ends it: writes outside a tile definition (Buffer IR) carry generation 0.
  void end_write() { writing_ = 0; }
  /// The generation of the write that last changed byte `addr`, and its description.
  std::uint32_t stamp(ir::MemSpace s, std::int64_t addr) { return reach(s, addr, 1).stamp[static_cast<std::size_t>(addr)]; }
  std::string writer(std::uint32_t gen) const {
    if (gen == 0 || gen > writers_.size()) return "a write outside a tile definition";
    const Writer& w = writers_[gen - 1];
    return fmt::format("the {} at line {}, column {}", *w.op, w.site.line, w.site.col);
  }

  /// Raw bytes as stored (for tests): value and poison mark.
  std::pair<std::uint8_t, bool> byte(ir::MemSpace s, std::int64_t addr) {
    Space& sp = reach(s, addr, 1);
    return {sp.data[static_cast<std::size_t>(addr)], sp.poison[static_cast<std::size_t>(addr)] != 0};
  }

  /// The canonical encoding of `raw` read at dtype d's width: integers sign-extended, every NaN
  /// the canonical quiet NaN (bytes reinterpreted through a reshape may hold any pattern).
  static Bits canonical(std::uint64_t raw, DType d) {
    if (ir::is_float(d)) {
      const double v = double_value(raw, d);
      return v != v ? float_bits(v, d) : raw;
    }
    return wrap_int(raw, d);
  }

 private:
  Space& space(ir::MemSpace s) { return spaces_[static_cast<std::size_t>(s)]; }
  /// The space with [addr, addr + n) addressable (grown on demand; views are bounds-checked
  /// against their allocation before they are made, so this only guards the interpreter).
  Space& reach(ir::MemSpace s, std::int64_t addr, std::int64_t n) {
    if (addr < 0 || n < 0 || n > (std::int64_t{1} << 32) || addr > (std::int64_t{1} << 32) - n)  // (no wrap)
      fail(fmt::format("internal: an access at byte {} of {} is outside every allocation", addr, ir::name_of(s)));
    Space& sp = space(s);
    auto end = static_cast<std::size_t>(addr + n);
    if (sp.data.size() < end) {
      std::size_t grown = std::max(end, sp.data.size() * 2);
      sp.data.resize(grown, 0);
      sp.poison.resize(grown, 1);
      sp.stamp.resize(grown, 0);
    }
    return sp;
  }

  const ptorw::target::TargetCapacities* target_;
  std::array<Space, 7> spaces_;
  std::unordered_map<const void*, std::int64_t> addressless_;
  struct Writer {
    const std::string* op;  // the op name in the IR being run
    ir::Span site;
  };
  std::vector<Writer> writers_;  // writers_[g - 1] made generation g
  std::uint32_t writing_ = 0;
};

// ---- views ----

inline Shape packed_byte_strides(const Shape& shape, DType d) {
  Shape st = packed_strides(shape);
  for (auto& s : st) s *= ir::dtype_bytes(d);
  return st;
}
/// A view whose bytes are exactly those of a fresh view of its shape and layout (no row gaps; for
/// a boxed view: its own packed box order), so that reshape may reinterpret them.
inline bool dense(const BufVal& b) {
  if (b.boxed)
    return *b.boxed == packed_boxes(b.boxed->spec, ir::dtype_bytes(b.dtype), b.shape[0], b.shape[1], "dense");
  // Row-major: packed strides, where a dimension of extent 1 has no stride that matters (a
  // single-row window of a wider tile is dense: lower_tile_to_buffer.md "require dense source row
  // pitch, including single-row sources").
  if (numel(b.shape) == 0) return true;
  if (b.strides.size() != b.shape.size()) return false;
  std::int64_t want = ir::dtype_bytes(b.dtype);
  for (std::size_t i = b.shape.size(); i-- > 0;) {
    if (b.shape[i] != 1 && b.strides[i] != want) return false;
    want *= b.shape[i];
  }
  return true;
}
inline std::int64_t view_bytes(const BufVal& b) { return numel(b.shape) * ir::dtype_bytes(b.dtype); }

inline BufVal make_view(ir::MemSpace mem, std::int64_t addr, DType d, const Shape& shape, const Shape& valid) {
  return BufVal{mem, addr, d, shape, packed_byte_strides(shape, d), std::make_shared<Shape>(valid)};
}

/// A fresh packed view in layout `layout` (ir::resolve_layout of its type; nullopt = plain rows):
/// boxed when the layout has boxes, whose whole-box extents are checked here (`what` names the
/// tile or buffer in the error).
inline BufVal make_view(ir::MemSpace mem, std::int64_t addr, DType d, const Shape& shape, const Shape& valid,
                        const std::optional<ir::TileLayoutSpec>& layout, const std::string& what) {
  BufVal v = make_view(mem, addr, d, shape, valid);
  if (!layout) return v;
  if (!is_boxed(*layout)) {
    if (layout->blayout != ir::TileLayout::row_major)
      fail(what + ": a column-major " + std::string(ir::name_of(mem)) + " layout without boxes is not modelled");
    return v;
  }
  if (shape.size() != 2)
    fail(what + ": a " + layout_name(*layout) + " layout needs a rank-2 shape, not " + dims_str(shape));
  v.boxed = packed_boxes(*layout, ir::dtype_bytes(d), shape[0], shape[1],
                         what + " (" + std::string(ir::name_of(d)) + dims_str(shape) + " in " + std::string(ir::name_of(mem)) + ")");
  return v;
}

/// Same bytes in the same order under the same type: an exact in-place operand.
inline bool same_view(const BufVal& a, const BufVal& b) {
  return a.mem == b.mem && a.addr == b.addr && a.dtype == b.dtype && a.shape == b.shape && a.strides == b.strides &&
         a.boxed == b.boxed;
}

/// The byte intervals [begin, end) a view touches: one per row (every index but the last), or for
/// a boxed view one per box (boxed views are box-aligned, and a box is contiguous).
inline std::vector<std::pair<std::int64_t, std::int64_t>> footprint(const BufVal& b) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  if (b.boxed) {
    const BoxedLayout& x = *b.boxed;
    for (std::int64_t i = 0; i < b.shape[0] / x.box_rows; ++i)
      for (std::int64_t j = 0; j < b.shape[1] / x.box_cols; ++j) {
        const std::int64_t a = b.addr + i * x.row_stride + j * x.col_stride;
        out.emplace_back(a, a + x.box_bytes);
      }
    return out;
  }
  if (b.shape.empty()) {
    out.emplace_back(b.addr, b.addr + ir::dtype_bytes(b.dtype));
    return out;
  }
  const std::int64_t row = b.shape.back() * ir::dtype_bytes(b.dtype);
  Shape outer(b.shape.begin(), b.shape.end() - 1);
  for_each_index(outer, [&](const Shape& idx) {
    std::int64_t a = b.addr;
    for (std::size_t i = 0; i < idx.size(); ++i) a += idx[i] * b.strides[i];
    if (row > 0) out.emplace_back(a, a + row);
  });
  return out;
}

/// True when the two views share a byte (gaps between rows do not count).
inline bool overlaps(const BufVal& a, const BufVal& b) {
  if (a.mem != b.mem) return false;
  auto fa = footprint(a), fb = footprint(b);
  std::sort(fa.begin(), fa.end());
  std::sort(fb.begin(), fb.end());
  std::size_t i = 0, j = 0;
  while (i < fa.size() && j < fb.size()) {
    if (fa[i].first < fb[j].second && fb[j].first < fa[i].second) return true;
    if (fa[i].second <= fb[j].second) ++i;
    else ++j;
  }
  return false;
}

inline std::string view_str(const BufVal& b) {
  return std::string(ir::name_of(b.dtype)) + dims_str(b.shape) + " at " + std::string(ir::name_of(b.mem)) + " byte " +
         std::to_string(b.addr) + (b.boxed ? " (" + layout_name(b.boxed->spec) + ")" : std::string());
}

/// lower_tile_to_buffer.md "Matrix storage": a cube write (matmul, matmul_acc) whose product is
/// valid over [0, product) of a boxed destination keeps whole boxes the product does not touch,
/// but "the rest of a partially covered box does not" keep its data: those elements become poison.
inline void poison_partial_boxes(Memory& m, const BufVal& d, const Shape& product) {
  if (!d.boxed || product.size() != 2) return;
  const BoxedLayout& x = *d.boxed;
  const std::int64_t rows = (product[0] + x.box_rows - 1) / x.box_rows * x.box_rows;
  const std::int64_t cols = (product[1] + x.box_cols - 1) / x.box_cols * x.box_cols;
  const std::int64_t n = ir::dtype_bytes(d.dtype);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      if (r >= product[0] || c >= product[1]) m.poison(d.mem, d.elem_addr({r, c}), n);
}

/// The view's elements as a tile value (valid extents from the handle; padding as stored).
inline TileVal read_view(Memory& m, const BufVal& b) {
  auto t = new_tile(b.dtype, b.mem, b.shape);
  t->valid = *b.valid;
  for_each_index(b.shape, [&](const Shape& idx) {
    bool p = false;
    auto l = static_cast<std::size_t>(t->linear(idx));
    t->data[l] = m.read(b.mem, b.elem_addr(idx), b.dtype, p);
    t->poison[l] = p ? 1 : 0;
  });
  return t;
}

/// Writes a tile value through a view of the same shape and dtype: every element of the valid
/// region (value and poison mark, as data movement carries poison), and padding elements only
/// where the value defines them (a declared pad); poison padding leaves the bytes untouched.
inline void write_view(Memory& m, const BufVal& b, const TileData& t) {
  if (t.shape != b.shape || t.dtype != b.dtype)
    fail("internal: writing a " + std::string(ir::name_of(t.dtype)) + dims_str(t.shape) + " value through a " + view_str(b) +
         " view");
  for_each_index(b.shape, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(t.linear(idx));
    if (!t.in_valid(idx) && t.poison[l]) return;
    m.write(b.mem, b.elem_addr(idx), b.dtype, t.data[l], t.poison[l] != 0);
  });
}

}  // namespace ptorw::interp
