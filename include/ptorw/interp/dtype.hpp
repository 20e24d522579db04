// Element semantics of the interpreter (docs/semantics.md "Dtypes"): how each dtype stores a
// value, how doubles round into the narrow float formats, how integers wrap.
//
// Every element and scalar is held as `Bits`, its *canonical encoding*:
//  * FP32 / FP16 / BF16: the IEEE-754 bit pattern of that format in the low 32 / 16 / 16 bits;
//    every NaN is canonicalised to the positive quiet NaN, so results that are NaN compare equal
//    whichever way they were computed.
//  * BOOL: 0 or 1. UINT8: 0..255.
//  * INT8 / INT16 / INT32 / INT64 / INDEX / TASK_ID: the two's-complement value wrapped to the
//    dtype's width, then sign-extended to 64 bits (so INT8 -1 is 0xffff'ffff'ffff'ffff).
// Digests and comparisons look only at the dtype's width, so the encoding is the bit pattern.
#pragma once
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "ptorw/ir/enums.hpp"

namespace ptorw::interp {

using ir::DType;
using Bits = std::uint64_t;

/// Width of a dtype in bits as stored on the device (BOOL is a byte).
constexpr int bit_width(DType d) { return ir::dtype_bytes(d) * 8; }

/// The bit pattern a dtype occupies (for hashing and printing).
constexpr Bits width_mask(DType d) {
  int w = bit_width(d);
  return w >= 64 ? ~Bits{0} : (Bits{1} << w) - 1;
}

namespace detail {

/// Rounds |a| (finite, > 0) to a binary format with E exponent bits and M stored mantissa bits,
/// round-to-nearest-even, straight from double. Going through float first would round twice
/// (double -> float -> half can land on a tie that was not one), so this never does.
inline Bits round_to_small_float(double d, int E, int M) {
  const Bits sign = std::signbit(d) ? Bits{1} << (E + M) : 0;
  if (std::isnan(d)) return (((Bits{1} << E) - 1) << M) | (Bits{1} << (M - 1));  // canonical quiet NaN, positive
  const Bits inf = sign | (((Bits{1} << E) - 1) << M);
  if (std::isinf(d)) return inf;
  double a = std::fabs(d);
  if (a == 0.0) return sign;
  const int bias = (1 << (E - 1)) - 1;
  const int emin = 1 - bias;
  int e2 = 0;
  (void)std::frexp(a, &e2);  // a = m * 2^e2, m in [0.5, 1): the unbiased exponent is e2 - 1
  int ue = e2 - 1;
  if (ue > bias) return inf;
  if (ue < emin) {
    // Subnormal: a multiple of 2^(emin - M). Scaling by a power of two is exact in double.
    double n = std::nearbyint(std::ldexp(a, M - emin));  // default rounding mode: to nearest, ties to even
    return sign | static_cast<Bits>(n);                    // n == 2^M becomes the smallest normal: same bits
  }
  double n = std::nearbyint(std::ldexp(a, M - ue));  // in [2^M, 2^(M+1)]
  if (n >= std::ldexp(1.0, M + 1)) {
    n = std::ldexp(1.0, M);
    ++ue;
    if (ue > bias) return inf;
  }
  return sign | (static_cast<Bits>(ue + bias) << M) | (static_cast<Bits>(n) - (Bits{1} << M));
}

inline double small_float_value(Bits b, int E, int M) {
  const bool neg = (b >> (E + M)) & 1;
  const Bits exp = (b >> M) & ((Bits{1} << E) - 1);
  const Bits man = b & ((Bits{1} << M) - 1);
  const int bias = (1 << (E - 1)) - 1;
  double v;
  if (exp == (Bits{1} << E) - 1) v = man ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (exp == 0) v = std::ldexp(static_cast<double>(man), 1 - bias - M);
  else v = std::ldexp(static_cast<double>(man | (Bits{1} << M)), static_cast<int>(exp) - bias - M);
  return neg ? -v : v;
}

}  // namespace detail

/// Rounds a double into a float dtype (round to nearest, ties to even; overflow to infinity).
inline Bits float_bits(double d, DType t) {
  switch (t) {
    case DType::FP32: {
      if (std::isnan(d)) return 0x7fc00000u;
      // double -> float conversion is IEEE round-to-nearest-even in the default environment.
      return std::bit_cast<std::uint32_t>(static_cast<float>(d));
    }
    case DType::FP16: return detail::round_to_small_float(d, 5, 10);
    case DType::BF16: return detail::round_to_small_float(d, 8, 7);
    default: return 0;
  }
}

/// Wraps an integer to the dtype's width (two's complement) and sign-extends it: the canonical
/// encoding. BOOL keeps truthiness; UINT8 keeps the low byte.
inline Bits wrap_int(std::uint64_t v, DType t) {
  switch (t) {
    case DType::BOOL: return v != 0;
    case DType::UINT8: return v & 0xffu;
    case DType::INT8: return static_cast<Bits>(static_cast<std::int64_t>(static_cast<std::int8_t>(static_cast<std::uint8_t>(v))));
    case DType::INT16: return static_cast<Bits>(static_cast<std::int64_t>(static_cast<std::int16_t>(static_cast<std::uint16_t>(v))));
    case DType::INT32: return static_cast<Bits>(static_cast<std::int64_t>(static_cast<std::int32_t>(static_cast<std::uint32_t>(v))));
    default: return v;  // INT64, INDEX, TASK_ID: 64-bit two's complement
  }
}
inline Bits int_bits(std::int64_t v, DType t) { return wrap_int(static_cast<std::uint64_t>(v), t); }

/// The integer value of an integer (or BOOL) encoding.
inline std::int64_t int_value(Bits b) { return static_cast<std::int64_t>(b); }

/// The exact value of any encoding as a double (integers beyond 2^53 round; used only for floats
/// and for mixing small integers into float arithmetic).
inline double double_value(Bits b, DType t) {
  switch (t) {
    case DType::FP32: return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(b)));
    case DType::FP16: return detail::small_float_value(b, 5, 10);
    case DType::BF16: return detail::small_float_value(b, 8, 7);
    default: return static_cast<double>(static_cast<std::int64_t>(b));
  }
}

/// Integer -> float dtype, correctly rounded for every int64. Above 2^53 the value is first
/// rounded to odd at 53 bits (exact as a double); rounding that to <= 24 bits is then the same
/// as rounding the integer directly, because 53 >= 24 + 2.
inline Bits int_to_float_bits(std::int64_t v, DType t) {
  const bool neg = v < 0;
  std::uint64_t u = neg ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  int width = std::bit_width(u);
  double d;
  if (width <= 53) {
    d = static_cast<double>(u);
  } else {
    int shift = width - 53;
    std::uint64_t lost = u & ((std::uint64_t{1} << shift) - 1);
    std::uint64_t kept = (u >> shift) | (lost != 0 ? 1u : 0u);
    d = std::ldexp(static_cast<double>(kept), shift);
  }
  return float_bits(neg ? -d : d, t);
}

/// Float -> integer dtype: truncation toward zero, then wrap-around to the width. NaN, infinities
/// and values outside int64 have no integer value: nullopt (the caller reports the error).
inline std::optional<Bits> float_to_int_bits(double d, DType t) {
  if (t == DType::BOOL) return Bits{d != 0.0};
  if (!std::isfinite(d)) return std::nullopt;
  double tr = std::trunc(d);
  if (tr < -9223372036854775808.0 || tr >= 9223372036854775808.0) return std::nullopt;
  return wrap_int(static_cast<std::uint64_t>(static_cast<std::int64_t>(tr)), t);
}

/// Converts an encoding between dtypes (pl.cast, scalar operands of tile ops, stores of scalars).
inline std::optional<Bits> convert_bits(Bits b, DType from, DType to) {
  if (from == to) return b;
  if (ir::is_float(from)) {
    double d = double_value(b, from);
    if (ir::is_float(to)) return float_bits(d, to);
    return float_to_int_bits(d, to);
  }
  if (ir::is_float(to)) return int_to_float_bits(int_value(b), to);
  return wrap_int(b, to);
}

/// The extremes of a dtype, for pl.PadValue.max / min (±infinity for the float dtypes).
inline Bits max_bits(DType t) {
  switch (t) {
    case DType::FP32: return float_bits(std::numeric_limits<double>::infinity(), t);
    case DType::FP16: case DType::BF16: return float_bits(std::numeric_limits<double>::infinity(), t);
    case DType::BOOL: return 1;
    case DType::UINT8: return 0xff;
    case DType::INT8: return int_bits(127, t);
    case DType::INT16: return int_bits(32767, t);
    case DType::INT32: return int_bits(2147483647, t);
    default: return int_bits(std::numeric_limits<std::int64_t>::max(), t);
  }
}
inline Bits min_bits(DType t) {
  switch (t) {
    case DType::FP32: case DType::FP16: case DType::BF16:
      return float_bits(-std::numeric_limits<double>::infinity(), t);
    case DType::BOOL: case DType::UINT8: return 0;
    case DType::INT8: return int_bits(-128, t);
    case DType::INT16: return int_bits(-32768, t);
    case DType::INT32: return int_bits(-2147483647 - 1, t);
    default: return int_bits(std::numeric_limits<std::int64_t>::min(), t);
  }
}

}  // namespace ptorw::interp
