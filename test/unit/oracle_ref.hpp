// Reference arithmetic of the interpreter oracle (interp_oracle_test.cpp,
// interp_oracle_scalar_test.cpp). Every expected value of those suites is computed here from the
// definitions — IEEE-754 round to nearest even on the bits of a double, two's complement, Python's
// // and % (CPython's float_divmod), the NaN and zero rules of docs/semantics.md — and never with
// an interpreter helper (interp/dtype.hpp, interp/scalar_ops.hpp): an oracle that calls the code it
// judges agrees with every bug in it (issue 14). FP32 results come from the hardware's float
// arithmetic where the operation is a single IEEE operation.
#pragma once
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>

#include "ptorw/ir/enums.hpp"

namespace oracle {

using ptorw::ir::DType;
using u64 = std::uint64_t;
using i64 = std::int64_t;
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

inline bool is_fp(DType d) { return d == DType::FP32 || d == DType::FP16 || d == DType::BF16; }

// ---- float formats: E exponent bits, M stored fraction bits ----
struct Fmt {
  int E, M;
};
inline Fmt fmt_of(DType d) { return d == DType::FP32 ? Fmt{8, 23} : d == DType::FP16 ? Fmt{5, 10} : Fmt{8, 7}; }
inline int bias_of(Fmt f) { return (1 << (f.E - 1)) - 1; }
inline u64 sign_bit(Fmt f) { return u64{1} << (f.E + f.M); }
inline u64 inf_bits(Fmt f) { return ((u64{1} << f.E) - 1) << f.M; }
/// The canonical NaN: positive, quiet, nothing else set (0x7fc00000, 0x7e00, 0x7fc0).
inline u64 nan_bits(Fmt f) { return inf_bits(f) | u64{1} << (f.M - 1); }

/// (-1)^neg * sig * 2^e, sig an integer, rounded to nearest, ties to even, in format f: the
/// result's last place is 2^t with t = max(floor(log2 |x|), emin) - M; overflow gives infinity.
inline u64 round_exact(bool neg, u64 sig, int e, Fmt f) {
  const u64 sign = neg ? sign_bit(f) : 0;
  if (sig == 0) return sign;
  const int bias = bias_of(f);
  const int ue = static_cast<int>(std::bit_width(sig)) - 1 + e;  // floor(log2 |x|)
  int t = std::max(ue, 1 - bias) - f.M;
  const int drop = t - e;  // bits of sig below the last place
  u64 q;
  if (drop <= 0) {
    q = sig << -drop;  // exact: q < 2^(M+1)
  } else if (drop > 64) {
    q = 0;  // |x| < 2^(ue+1) <= 2^(t-1): below half the smallest step
  } else {
    const u128 s = sig;
    q = static_cast<u64>(s >> drop);
    const u128 rem = s & ((u128{1} << drop) - 1), half = u128{1} << (drop - 1);
    if (rem > half || (rem == half && (q & 1))) ++q;
  }
  if (q >> (f.M + 1)) {  // rounding carried into the next binade
    q >>= 1;
    ++t;
  }
  if (q < (u64{1} << f.M)) return sign | q;  // subnormal (or zero)
  const int biased = t + f.M + bias;
  if (biased >= (1 << f.E) - 1) return sign | inf_bits(f);
  return sign | static_cast<u64>(biased) << f.M | (q - (u64{1} << f.M));
}

/// A double rounded once into format f, from the double's own bit fields.
inline u64 round_double(double d, Fmt f) {
  const u64 u = std::bit_cast<u64>(d);
  const bool neg = u >> 63;
  const int ex = static_cast<int>((u >> 52) & 0x7ff);
  const u64 fr = u & ((u64{1} << 52) - 1);
  if (ex == 0x7ff) return fr ? nan_bits(f) : (neg ? sign_bit(f) : 0) | inf_bits(f);
  if (ex == 0) return round_exact(neg, fr, -1074, f);
  return round_exact(neg, fr | u64{1} << 52, ex - 1075, f);
}
inline u64 round_double(double d, DType t) { return round_double(d, fmt_of(t)); }
/// An int64 rounded once into format f (exact integer arithmetic, also above 2^53).
inline u64 round_int(i64 v, Fmt f) {
  const bool neg = v < 0;
  return round_exact(neg, neg ? 0 - static_cast<u64>(v) : static_cast<u64>(v), 0, f);
}

/// The exact value of a float encoding.
inline double decode(u64 b, Fmt f) {
  const bool neg = (b >> (f.E + f.M)) & 1;
  const u64 ex = (b >> f.M) & ((u64{1} << f.E) - 1), man = b & ((u64{1} << f.M) - 1);
  const int bias = bias_of(f);
  double v;
  if (ex == (u64{1} << f.E) - 1) v = man ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else if (ex == 0) v = std::ldexp(static_cast<double>(man), 1 - bias - f.M);
  else v = std::ldexp(static_cast<double>(man | u64{1} << f.M), static_cast<int>(ex) - bias - f.M);
  return neg ? -v : v;
}
inline double decode(u64 b, DType d) { return decode(b, fmt_of(d)); }

/// FP32 through the hardware (SSE float arithmetic is IEEE binary32, round to nearest even).
inline float f32(u64 b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b)); }
inline u64 bits32(float x) { return std::isnan(x) ? u64{0x7fc00000} : std::bit_cast<std::uint32_t>(x); }

// ---- integers ----
/// The canonical encoding of an integer in dtype d: wrapped to the width, sign-extended
/// (UINT8 zero-extended, BOOL 0/1) — the width is applied by shifting, per the definition.
inline u64 wrap(i128 v, DType d) {
  const u64 low = static_cast<u64>(v);
  auto sext = [&](int w) { return static_cast<u64>(static_cast<i64>(low << (64 - w)) >> (64 - w)); };
  switch (d) {
    case DType::BOOL: return v != 0;
    case DType::UINT8: return low & 0xff;
    case DType::INT8: return sext(8);
    case DType::INT16: return sext(16);
    case DType::INT32: return sext(32);
    default: return low;
  }
}
inline i64 ival(u64 b) { return static_cast<i64>(b); }

// ---- values and expectations ----
struct Val {
  DType d;
  u64 bits;
};
inline Val fv(DType d, double x) { return {d, round_double(x, d)}; }  // callers pass exact values
inline Val iv(DType d, i64 x) { return {d, wrap(x, d)}; }
inline double as_double(Val v) { return is_fp(v.d) ? decode(v.bits, v.d) : static_cast<double>(ival(v.bits)); }

/// An expected result: an error, or one encoding (or either of two: the zero sign of min/max of
/// +0 and -0 is not specified).
struct Expect {
  bool error = false;
  u64 bits = 0, alt = 0;
  bool accepts(u64 got) const { return !error && (got == bits || got == alt); }
};
inline Expect ok(u64 b) { return {false, b, b}; }
inline Expect err() { return {true, 0, 0}; }

inline std::string hex(u64 b) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(b));
  return buf;
}
inline std::string show(Val v) {
  std::string s = std::string(ptorw::ir::name_of(v.d)) + " " + hex(v.bits);
  if (is_fp(v.d)) s += " (" + std::to_string(decode(v.bits, v.d)) + ")";
  else s += " (" + std::to_string(ival(v.bits)) + ")";
  return s;
}

// ---- conversions (docs/semantics.md "Conversions") ----
inline std::optional<u64> convert(Val v, DType to) {
  if (v.d == to) return v.bits;
  if (to == DType::BOOL) return is_fp(v.d) ? u64{decode(v.bits, v.d) != 0.0} : u64{v.bits != 0};
  if (is_fp(v.d)) {
    const double x = decode(v.bits, v.d);
    if (is_fp(to)) return round_double(x, to);
    if (!std::isfinite(x)) return std::nullopt;
    const double tr = std::trunc(x);
    if (tr < -0x1p63 || tr >= 0x1p63) return std::nullopt;
    return wrap(static_cast<i64>(tr), to);
  }
  if (is_fp(to)) return round_int(ival(v.bits), fmt_of(to));
  return wrap(ival(v.bits), to);
}

// ---- binary arithmetic ----
enum class Op { Add, Sub, Mul, DivTrunc, TrueDiv, FloorDiv, Mod, Max, Min, Lrelu };

/// Python's float // and % (CPython Objects/floatobject.c, _float_div_mod), in double.
inline void py_divmod(double vx, double wx, double& floordiv, double& mod) {
  mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0) {
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, wx);
  }
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
}

/// a op b with the result in dtype r; a and b keep their own dtypes (scalar expressions may mix).
/// DivTrunc is tile/tensor division (integers truncate, zero divisor an error); TrueDiv is scalar
/// `/` (an error on integers); Lrelu is a > 0 ? a : a * b.
inline Expect binary(Op op, Val a, Val b, DType r) {
  if (is_fp(r)) {
    const double x = as_double(a), y = as_double(b);
    const Fmt f = fmt_of(r);
    const bool hw = r == DType::FP32 && is_fp(a.d) && is_fp(b.d);  // both exact as float
    auto arith = [&](double dz, float fz) { return ok(hw ? bits32(fz) : round_double(dz, f)); };
    switch (op) {
      case Op::Add: return arith(x + y, f32(*convert(a, DType::FP32)) + f32(*convert(b, DType::FP32)));
      case Op::Sub: return arith(x - y, f32(*convert(a, DType::FP32)) - f32(*convert(b, DType::FP32)));
      case Op::Mul: return arith(x * y, f32(*convert(a, DType::FP32)) * f32(*convert(b, DType::FP32)));
      case Op::DivTrunc: case Op::TrueDiv:
        return arith(x / y, f32(*convert(a, DType::FP32)) / f32(*convert(b, DType::FP32)));
      case Op::FloorDiv: case Op::Mod: {
        if (y == 0) return err();
        double q, m;
        py_divmod(x, y, q, m);
        return ok(round_double(op == Op::FloorDiv ? q : m, f));
      }
      case Op::Max: case Op::Min: {
        if (std::isnan(x) || std::isnan(y)) return ok(nan_bits(f));
        const u64 ra = *convert(a, r), rb = *convert(b, r);
        if (x == y) return {false, ra, rb};  // equal values: +0 / -0 may come out either way
        return ok((op == Op::Max) == (x > y) ? ra : rb);
      }
      case Op::Lrelu:
        if (x > 0) return ok(*convert(a, r));
        return binary(Op::Mul, a, b, r);
    }
  }
  const i128 x = ival(a.bits), y = ival(b.bits);
  switch (op) {
    case Op::Add: return ok(wrap(x + y, r));
    case Op::Sub: return ok(wrap(x - y, r));
    case Op::Mul: return ok(wrap(x * y, r));
    case Op::DivTrunc: return y == 0 ? err() : ok(wrap(x / y, r));  // C++ / truncates toward zero
    case Op::TrueDiv: return err();
    case Op::FloorDiv: {
      if (y == 0) return err();
      i128 q = x / y;
      if (q * y != x && ((x < 0) != (y < 0))) --q;
      return ok(wrap(q, r));
    }
    case Op::Mod: {
      if (y == 0) return err();
      i128 m = x - (x / y) * y;
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      return ok(wrap(m, r));
    }
    case Op::Max: return ok(wrap(x > y ? x : y, r));
    case Op::Min: return ok(wrap(x < y ? x : y, r));
    case Op::Lrelu: return ok(wrap(x > 0 ? x : x * y, r));
  }
  return err();
}

// ---- unary tile ops ----
enum class Un { Exp, Log, Sqrt, Recip, Rsqrt, Abs, Neg, Relu, Sin, Cos };

inline Expect unary(Un op, Val a) {
  if (!is_fp(a.d)) {
    const i128 x = ival(a.bits);
    switch (op) {
      case Un::Abs: return ok(wrap(x < 0 ? -x : x, a.d));
      case Un::Neg: return ok(wrap(-x, a.d));
      case Un::Relu: return ok(wrap(x > 0 ? x : 0, a.d));
      default: return err();  // exp, log, sqrt, recip, rsqrt, sin, cos: float tiles only
    }
  }
  const Fmt f = fmt_of(a.d);
  const double x = decode(a.bits, f);
  const bool fp32 = a.d == DType::FP32;
  if (std::isnan(x)) return ok(nan_bits(f));
  switch (op) {
    case Un::Abs: return ok(a.bits & ~sign_bit(f));
    case Un::Neg: return ok(a.bits ^ sign_bit(f));
    case Un::Relu: return ok(x > 0 ? a.bits : 0);
    case Un::Exp: return ok(round_double(std::exp(x), f));
    case Un::Log: return ok(round_double(std::log(x), f));
    case Un::Sqrt: return ok(fp32 ? bits32(std::sqrt(f32(a.bits))) : round_double(std::sqrt(x), f));
    case Un::Recip: return ok(fp32 ? bits32(1.0f / f32(a.bits)) : round_double(1.0 / x, f));
    case Un::Rsqrt: return ok(round_double(1.0 / std::sqrt(x), f));
    case Un::Sin: return ok(round_double(std::sin(x), f));
    case Un::Cos: return ok(round_double(std::cos(x), f));
  }
  return err();
}

}  // namespace oracle
