// Runtime values of value mode (docs/semantics.md "Values").
//  * Scalar: a dtype and its canonical encoding (dtype.hpp). Scalars are never poison: reading
//    poison into a scalar is an error where it happens.
//  * TensorVal: a *view* — shared Storage + shape + strides (in elements) + offset. Slices share
//    the storage, so a write through any view is seen by every other view (host-memory aliasing).
//  * TileVal: an immutable on-chip value — physical shape, dtype, memory space and valid extents,
//    elements row-major with a per-element poison mark. Tiles have value semantics in this mode;
//    buffer mode (future) binds them to addresses instead.
//  * PtrVal: the result of tile.alloc; value mode gives it no storage, buffer mode an address.
//  * BufVal: buffer mode's tile / Buffer handle — a view of on-chip bytes (memory.hpp): space,
//    byte address, dtype, physical shape, strides in bytes (row pitch inherited by subviews) and
//    valid extents shared by every copy of the handle (buffer.set_validshape updates them); a
//    Mat / Left / Right / Acc view has a fractal (boxed) layout instead of strides.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ptorw/interp/dtype.hpp"
#include "ptorw/interp/error.hpp"
#include "ptorw/interp/fractal_layout.hpp"

namespace ptorw::interp {

using Shape = std::vector<std::int64_t>;

inline std::string dims_str(const Shape& s) {
  std::string out = "[";
  for (std::size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}
/// Elements of a value of shape `s`; a negative extent, or more elements than the interpreter holds
/// (2^31: it stores every element and its poison mark), is an error, never an overflow or a crash.
inline constexpr std::int64_t kMaxElements = std::int64_t{1} << 31;
inline std::int64_t numel(const Shape& s) {
  std::int64_t n = 1;
  for (auto d : s) {
    if (d < 0) fail("a value of shape " + dims_str(s) + " has a negative extent");
    if (d != 0 && n > kMaxElements / d)
      fail("a value of " + std::to_string(s.size()) + " dims with more than 2^31 elements is too large to interpret");
    n *= d;
  }
  return n;
}
inline Shape packed_strides(const Shape& s) {
  Shape st(s.size(), 1);
  for (std::size_t i = s.size(); i-- > 1;) st[i - 1] = st[i] * s[i];
  return st;
}
/// Calls f(idx) for every index of `s` in row-major order (nothing when an extent is 0).
template <class F> void for_each_index(const Shape& s, F&& f) {
  for (auto d : s)
    if (d <= 0) return;
  Shape idx(s.size(), 0);
  for (;;) {
    f(static_cast<const Shape&>(idx));
    std::size_t k = s.size();
    while (k > 0) {
      if (++idx[k - 1] < s[k - 1]) break;
      idx[k - 1] = 0;
      --k;
    }
    if (k == 0) return;
  }
}

struct Scalar {
  DType dtype;
  Bits bits;

  std::int64_t as_int() const { return int_value(bits); }
  double as_double() const { return double_value(bits, dtype); }
  bool truth() const { return ir::is_float(dtype) ? as_double() != 0.0 : bits != 0; }
};
inline Scalar int_scalar(std::int64_t v, DType d = DType::INDEX) { return {d, int_bits(v, d)}; }

/// Host (GM) memory of one allocation: elements in canonical encoding, a poison mark each.
struct Storage {
  DType dtype;
  std::vector<Bits> data;
  std::vector<std::uint8_t> poison;  // 1 = poison (never written since allocation)
  /// A read-only argument (RunOptions::read_only_in: an entry's In tensor, e.g. a kernel run
  /// standalone): a write through any view of this storage is an error naming `read_only_name`.
  bool read_only = false;
  std::string read_only_name;
};

struct TensorVal {
  std::shared_ptr<Storage> storage;
  Shape shape;
  Shape strides;  // in elements
  std::int64_t offset = 0;
  /// Set while this view is an In parameter of an active call: the id of that call's frame and
  /// the parameter's name. Writes through it are errors while the frame is on the stack.
  std::uint64_t ro_frame = 0;
  std::string ro_param;

  DType dtype() const { return storage->dtype; }
  std::int64_t pos(const Shape& idx) const {
    std::int64_t p = offset;
    for (std::size_t i = 0; i < idx.size(); ++i) p += idx[i] * strides[i];
    return p;
  }
};

/// A fresh allocation of `shape` with packed (or the given) strides; every element poison.
inline TensorVal new_tensor(DType d, const Shape& shape, Shape strides = {}) {
  (void)numel(shape);  // a negative extent or too many elements: an error here
  if (strides.empty()) strides = packed_strides(shape);
  std::int64_t span = 1;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) { span = 0; break; }
    std::int64_t step = 0;  // the elements dim i spans, checked: given strides may be anything
    if (strides[i] < 0 || __builtin_mul_overflow(shape[i] - 1, strides[i], &step) || __builtin_add_overflow(span, step, &span) ||
        span > kMaxElements)
      fail("a tensor of shape " + dims_str(shape) + " with strides " + dims_str(strides) +
           " spans more than 2^31 elements (or a negative stride): too large to interpret");
  }
  auto st = std::make_shared<Storage>();
  st->dtype = d;
  st->data.assign(static_cast<std::size_t>(span), 0);
  st->poison.assign(static_cast<std::size_t>(span), 1);
  return TensorVal{std::move(st), shape, std::move(strides), 0, 0, {}};
}

struct TileData {
  DType dtype;
  ir::MemSpace mem;
  Shape shape;  // physical
  Shape valid;  // valid extents, each in [0, shape[i]]
  std::vector<Bits> data;
  std::vector<std::uint8_t> poison;

  std::int64_t linear(const Shape& idx) const {
    std::int64_t p = 0;
    for (std::size_t i = 0; i < idx.size(); ++i) p = p * shape[i] + idx[i];
    return p;
  }
  bool in_valid(const Shape& idx) const {
    for (std::size_t i = 0; i < idx.size(); ++i)
      if (idx[i] >= valid[i]) return false;
    return true;
  }
};
using TileVal = std::shared_ptr<const TileData>;

/// A tile of `shape`, fully valid, every element poison (callers fill what they define).
inline std::shared_ptr<TileData> new_tile(DType d, ir::MemSpace mem, const Shape& shape) {
  auto t = std::make_shared<TileData>();
  t->dtype = d;
  t->mem = mem;
  t->shape = shape;
  t->valid = shape;
  t->data.assign(static_cast<std::size_t>(numel(shape)), 0);
  t->poison.assign(static_cast<std::size_t>(numel(shape)), 1);
  return t;
}

struct PtrVal {
  ir::MemSpace mem;
  std::int64_t bytes;
  std::uint64_t id;
  std::int64_t addr;  // buffer mode: byte address of the allocation in its space (value mode: 0)
};

struct BufVal {
  ir::MemSpace mem;
  std::int64_t addr;  // byte address of element [0, ..., 0]
  DType dtype;
  Shape shape;        // physical
  Shape strides;      // in bytes; the last is the element size
  std::shared_ptr<Shape> valid;  // shared by copies of one handle
  // Set for a rank-2 view with a fractal layout (Mat / Left / Right / Acc, fractal_layout.hpp):
  // elements then sit in boxes and `strides` is unused.
  std::optional<BoxedLayout> boxed = std::nullopt;
  // Planned Tile IR: the write that defined this tile value (Memory::begin_write; relabels share
  // their source's). A read finds the value intact only if none of its valid bytes changed since.
  // 0 = not a checked value (Buffer IR handles name storage, not values).
  std::uint32_t gen = 0;

  std::int64_t elem_addr(const Shape& idx) const {
    if (boxed) return addr + boxed->offset(idx[0], idx[1]);
    std::int64_t a = addr;
    for (std::size_t i = 0; i < idx.size(); ++i) a += idx[i] * strides[i];
    return a;
  }
};

struct Value;
struct TupleVal {
  std::vector<Value> elems;
};
struct Value {
  std::variant<Scalar, TensorVal, TileVal, TupleVal, PtrVal, BufVal> v;
};

inline const char* kind_name(const Value& x) {
  static constexpr const char* names[] = {"a scalar", "a tensor", "a tile", "a tuple", "a pointer", "a buffer"};
  return names[x.v.index()];
}
template <class T> const T& expect(const Value& x, const char* what) {
  if (auto* p = std::get_if<T>(&x.v)) return *p;
  fail(std::string(what) + " is " + kind_name(x));
}

/// An integer list operand (`[r0, c0]`) or a single integer scalar.
inline Shape ints_of(const Value& x, const char* what) {
  Shape out;
  if (auto* s = std::get_if<Scalar>(&x.v)) {
    if (ir::is_float(s->dtype)) fail(std::string(what) + " must be integers");
    out.push_back(s->as_int());
    return out;
  }
  for (const Value& e : expect<TupleVal>(x, what).elems) {
    const Scalar& s = expect<Scalar>(e, what);
    if (ir::is_float(s.dtype)) fail(std::string(what) + " must be integers");
    out.push_back(s.as_int());
  }
  return out;
}
inline std::int64_t int_of(const Value& x, const char* what) {
  const Scalar& s = expect<Scalar>(x, what);
  if (ir::is_float(s.dtype)) fail(std::string(what) + " must be an integer");
  return s.as_int();
}

}  // namespace ptorw::interp
