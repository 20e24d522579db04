// Value-mode semantics of tile.cast (docs/semantics.md "tile.cast"; PyPTO's catalog: "cast — Convert
// dtype"). A computing op: it reads the valid region of its operand (a poison element is an error)
// and writes the result's valid region; padding is poison.
//
// Element rule, from dtype F to dtype T, with `mode` (omitted: as "rint"):
//  * float -> float: round to nearest, ties to even. Another mode on a value T cannot hold exactly
//    is an error — the interpreter models directed rounding only where it makes no difference.
//  * float -> integer: rounded to an integer by the mode — "rint" / "none" ties to even, "round"
//    ties away from zero, "floor", "ceil", "trunc" — then saturated to T's range (±infinity too);
//    NaN has no integer value (an error); "odd" is not modeled (an error). To BOOL: x != 0.
//  * integer -> float: as float -> float from the exact integer.
//  * integer -> integer: saturated to T's range; to BOOL: x != 0.
// Saturation is the device's conversion rule (Ascend: overflow saturates by default), unlike the
// scalar pl.cast, which wraps (docs/semantics.md "Conversions").
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

inline Value cast(OpCall& c) {
  const TileVal& a = c.arg<TileVal>(0);
  const DType from = a->dtype;
  const auto to = ir::kwarg_as<ir::DType>(c.call.kwargs, "target_type");
  if (!to) fail(c.op() + " needs target_type=pl.<dtype>");
  const auto* m = ir::find_kwarg(c.call.kwargs, "mode");
  const std::string mode = m && std::holds_alternative<std::string>(*m) ? std::get<std::string>(*m) : "rint";
  const bool nearest = mode == "rint" || mode == "none";
  auto inexact = [&] {
    fail(c.op() + " mode '" + mode + "' from " + std::string(ir::name_of(from)) + " to " +
         std::string(ir::name_of(*to)) + " rounds an inexact value; the interpreter models only round-to-nearest-even "
         "(\"rint\") there");
  };
  auto r = new_tile(*to, a->mem, a->shape);
  r->valid = a->valid;
  for_each_index(a->valid, [&](const Shape& idx) {
    auto l = static_cast<std::size_t>(a->linear(idx));
    if (a->poison[l]) poison_read(c, 0, idx);
    const Bits x = a->data[l];
    Bits z = 0;
    if (ir::is_float(*to)) {
      if (ir::is_float(from)) {
        const double d = double_value(x, from);
        z = float_bits(d, *to);
        if (!nearest && !std::isnan(d) && double_value(z, *to) != d) inexact();
      } else {
        const std::int64_t v = int_value(x);
        z = int_to_float_bits(v, *to);
        if (!nearest && static_cast<long double>(double_value(z, *to)) != static_cast<long double>(v)) inexact();
      }
    } else if (ir::is_float(from)) {
      const double d = double_value(x, from);
      if (*to == DType::BOOL) {
        z = Bits{d != 0.0};
      } else {
        if (std::isnan(d)) fail(c.op() + ": NaN has no integer value (element " + dims_str(idx) + ")");
        double i = 0;
        if (nearest) i = std::nearbyint(d);  // the default environment: ties to even
        else if (mode == "round") i = std::round(d);
        else if (mode == "floor") i = std::floor(d);
        else if (mode == "ceil") i = std::ceil(d);
        else if (mode == "trunc") i = std::trunc(d);
        else fail(c.op() + " mode '" + mode + "' to an integer dtype is not modeled by the interpreter");
        z = saturate_int(static_cast<long double>(i), *to);
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
