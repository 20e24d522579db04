// Value-mode semantics of tile.cast (docs/semantics.md "tile.cast"; PyPTO's catalog: "cast — Convert
// dtype"). A computing op: it reads the valid region of its operand (a poison element is an error)
// and writes the result's valid region; padding is poison.
//
// Element rule, from dtype F to dtype T, with `mode` (omitted: "round", op_registry.hpp):
//  * to a float dtype: the value is rounded to T's precision by the mode — "rint" / "none" to
//    nearest, ties to even; "round" to nearest, ties away from zero; "floor", "ceil", "trunc"
//    toward -inf, +inf, zero; "odd" to the neighbour whose last fraction bit is 1 (exact values are
//    kept by every mode). Overflow goes to ±infinity under the nearest modes and to the largest
//    finite value toward zero as IEEE's directed modes do. NaN stays NaN. An integer above 2^53
//    takes only the nearest modes (else an error: not modeled).
//  * float -> integer: rounded to an integer by the mode ("odd": the odd neighbour), then
//    saturated to T's range (±infinity too); NaN has no integer value (an error). To BOOL: x != 0.
//  * integer -> integer: saturated to T's range; to BOOL: x != 0.
// Saturation to an integer range is the device's conversion rule (Ascend: overflow saturates),
// unlike the scalar pl.cast, which wraps (docs/semantics.md "Conversions").
#pragma once
#include <cmath>
#include <string>

#include "ptorw/interp/tile_compute_ops.hpp"

namespace ptorw::interp {

namespace tile_ops {

/// Integer value `v` saturated to dtype t's range (BOOL: v != 0).
inline Bits saturate_int(long double v, DType t) {
  if (t == DType::BOOL) return Bits{v != 0};
  const auto lo = static_cast<long double>(int_value(min_bits(t))), hi = static_cast<long double>(int_value(max_bits(t)));
  if (v <= lo) return min_bits(t);
  if (v >= hi) return max_bits(t);
  return int_bits(static_cast<std::int64_t>(v), t);
}

/// The two neighbours of `d` in float dtype t (magnitudes: `tz` toward zero, `az` away from zero)
/// and whether `d` lies exactly halfway; `exact` when t holds d. Encodings are sign-magnitude, so the
/// next magnitude is the encoding plus one (the largest finite value plus one is infinity).
struct FloatNeighbours {
  Bits tz = 0, az = 0;
  bool exact = false, tie = false;
};
inline FloatNeighbours float_neighbours(double d, DType t) {
  FloatNeighbours n;
  const Bits r = float_bits(d, t);  // to nearest, ties to even
  const double rv = double_value(r, t);
  if (rv == d || std::isnan(d)) {
    n.tz = n.az = r;
    n.exact = true;
    return n;
  }
  if (std::fabs(rv) < std::fabs(d)) n.tz = r, n.az = r + 1;
  else n.az = r, n.tz = r - 1;
  const long double lo = std::fabs(static_cast<long double>(double_value(n.tz, t)));
  const long double hi = std::fabs(static_cast<long double>(double_value(n.az, t)));
  const long double x = std::fabs(static_cast<long double>(d));
  n.tie = std::isfinite(static_cast<double>(hi)) && x - lo == hi - x;
  return n;
}

/// Whether `mode` rounds to nearest with ties to even (IEEE's default, what float_bits does).
inline bool nearest_even(const std::string& mode) { return mode == "rint" || mode == "none"; }

/// `d` rounded to float dtype t by `mode`.
inline Bits float_by_mode(double d, DType t, const std::string& mode) {
  if (nearest_even(mode)) return float_bits(d, t);
  const FloatNeighbours n = float_neighbours(d, t);
  if (n.exact) return n.tz;
  const bool pos = d > 0;
  if (mode == "round") return n.tie ? n.az : float_bits(d, t);
  if (mode == "trunc") return n.tz;
  if (mode == "floor") return pos ? n.tz : n.az;
  if (mode == "ceil") return pos ? n.az : n.tz;
  return (n.tz & 1) ? n.tz : n.az;  // odd
}

/// `d` rounded to an integer value by `mode`.
inline double integer_by_mode(double d, const std::string& mode) {
  if (nearest_even(mode)) return std::nearbyint(d);  // the default environment: ties to even
  if (mode == "round") return std::round(d);
  if (mode == "floor") return std::floor(d);
  if (mode == "ceil") return std::ceil(d);
  if (mode == "trunc") return std::trunc(d);
  const double f = std::floor(d);  // odd: d itself when integral, else the odd one of floor and ceil
  if (f == d) return d;
  return std::fmod(f, 2.0) != 0 ? f : f + 1;
}

inline Value cast(OpCall& c) {
  const TileVal& a = c.arg<TileVal>(0);
  const DType from = a->dtype;
  const auto to = ir::kwarg_as<ir::DType>(c.call.kwargs, "target_type");
  if (!to) fail(c.op() + " needs target_type=pl.<dtype>");
  const auto* m = ir::find_kwarg(c.call.kwargs, "mode");
  const std::string mode = m && std::holds_alternative<std::string>(*m) ? std::get<std::string>(*m) : "round";
  auto r = new_tile(*to, a->mem, a->shape);
  r->valid = a->valid;
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    const Bits x = a->data[l];
    Bits z = 0;
    if (ir::is_float(*to) && ir::is_float(from)) {
      z = float_by_mode(double_value(x, from), *to, mode);
    } else if (ir::is_float(*to)) {
      // An integer within 2^53 is exact as a double; beyond it only to-nearest-even is modeled
      // (int_to_float_bits rounds the integer itself, correctly).
      const std::int64_t v = int_value(x);
      constexpr std::int64_t kExact = std::int64_t{1} << 53;
      if (v >= -kExact && v <= kExact) z = float_by_mode(static_cast<double>(v), *to, mode);
      else if (nearest_even(mode)) z = int_to_float_bits(v, *to);
      else fail(c.op() + " mode '" + mode + "' of an integer beyond 2^53 is not modeled by the interpreter");
    } else if (ir::is_float(from)) {
      const double d = double_value(x, from);
      if (*to == DType::BOOL) {
        z = Bits{d != 0.0};
      } else {
        if (std::isnan(d)) fail(c.op() + ": NaN has no integer value (element " + dims_str(idx) + ")");
        z = saturate_int(static_cast<long double>(integer_by_mode(d, mode)), *to);
      }
    } else {
      z = saturate_int(static_cast<long double>(int_value(x)), *to);
    }
    r->data[l] = z;
    r->poison[l] = 0;
  });
  return {TileVal(r)};
}

}  // namespace tile_ops

}  // namespace ptorw::interp
