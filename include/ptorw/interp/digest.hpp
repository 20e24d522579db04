// Fingerprints and comparison of run results (docs/semantics.md "Digests and comparison").
//
//   digest(o)            64-bit FNV-1a over kind, dtype, shape, poison marks and the dtype-width
//                        bit pattern of every non-poison element (poison contents never count).
//   digest_report(r)     one line per output: `name: FP32[64] digest=... poison=k/n`.
//   compare(a, b)        the first difference: which output, which element (flat and N-d index),
//                        both values. Refinement by default: where `a` (before) is poison, `b`
//                        (after) may hold anything — a rewrite may define what was undefined.
#pragma once
#include <cstdio>
#include <optional>
#include <string>

#include "ptorw/interp/run.hpp"

namespace ptorw::interp {

class Fnv1a {
 public:
  void byte(std::uint8_t b) { h_ = (h_ ^ b) * 0x100000001b3ull; }
  void u64(std::uint64_t v, int bytes = 8) {
    for (int i = 0; i < bytes; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));  // little-endian, on any host
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ull;
};

inline std::uint64_t digest(const Output& o) {
  Fnv1a h;
  h.byte(static_cast<std::uint8_t>(o.kind));
  h.byte(static_cast<std::uint8_t>(o.dtype));
  h.u64(o.shape.size());
  for (auto d : o.shape) h.u64(static_cast<std::uint64_t>(d));
  const int bytes = ir::dtype_bytes(o.dtype);
  for (std::size_t i = 0; i < o.data.size(); ++i) {
    h.byte(o.poison[i]);
    if (!o.poison[i]) h.u64(o.data[i] & width_mask(o.dtype), bytes);
  }
  return h.value();
}

inline std::string hex64(std::uint64_t v, int digits = 16) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

/// One element as text: `poison`, an integer, or a float with its bit pattern (`0.5 (0x3800)`).
inline std::string format_bits(Bits b, DType d, bool poison) {
  if (poison) return "poison";
  if (!ir::is_float(d)) return std::to_string(int_value(b));
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", double_value(b, d));
  return std::string(buf) + " (0x" + hex64(b & width_mask(d), ir::dtype_bytes(d) * 2) + ")";
}

inline std::string type_text(const Output& o) {
  std::string s(ir::name_of(o.dtype));
  if (o.kind != OutputKind::Scalar) s += dims_str(o.shape);
  if (o.kind == OutputKind::Tile) s = "tile " + s;
  return s;
}

inline std::string digest_line(const Output& o) {
  return o.name + ": " + type_text(o) + " digest=" + hex64(digest(o)) + " poison=" + std::to_string(o.poison_count()) +
         "/" + std::to_string(o.data.size());
}

/// The `ptorw run` report: one digest line per output, or the error.
inline std::string digest_report(const RunResult& r) {
  if (!r.ok()) return r.error->str() + "\n";
  std::string out;
  for (const auto& o : r.outputs) out += digest_line(o) + "\n";
  return out;
}

struct CompareOptions {
  /// true: poison in `a` matches anything in `b` (judging a rewrite a -> b); false: exact,
  /// poison marks must agree too.
  bool refine = true;
};

struct Difference {
  std::size_t output = 0;
  std::string name;    // the output's name in `a`
  std::string reason;  // "value", "poison", "shape", "dtype", "kind", "count", "error"
  std::int64_t flat = -1;
  Shape index;         // N-d index of the element (empty when not about one element)
  std::string before, after;

  std::string str() const {
    if (reason == "count" || reason == "error") return before + " vs " + after;
    std::string s = "output '" + name + "'";
    if (flat >= 0) s += " element " + dims_str(index);
    return s + ": " + before + " vs " + after;
  }
};

inline Shape unravel(std::int64_t flat, const Shape& shape) {
  Shape idx(shape.size());
  for (std::size_t i = shape.size(); i-- > 0;) {
    idx[i] = shape[i] ? flat % shape[i] : 0;
    flat = shape[i] ? flat / shape[i] : 0;
  }
  return idx;
}

/// The first difference between `a` and `b` in output order, then row-major element order.
inline std::optional<Difference> compare(const RunResult& a, const RunResult& b, const CompareOptions& opts = {}) {
  // Two failing runs compare equal (diffcheck reports a failing `before` on its own); one failing
  // run differs from a run that completes.
  if (!a.ok() && !b.ok()) return std::nullopt;
  if (!a.ok() || !b.ok()) {
    Difference d;
    d.reason = "error";
    d.before = a.ok() ? "before runs" : "before fails: " + a.error->str();
    d.after = b.ok() ? "after runs" : "after fails: " + b.error->str();
    return d;
  }
  if (a.outputs.size() != b.outputs.size()) {
    Difference d;
    d.reason = "count";
    d.before = std::to_string(a.outputs.size()) + " outputs";
    d.after = std::to_string(b.outputs.size()) + " outputs";
    return d;
  }
  for (std::size_t i = 0; i < a.outputs.size(); ++i) {
    const Output& x = a.outputs[i];
    const Output& y = b.outputs[i];
    Difference d;
    d.output = i;
    d.name = x.name;
    d.before = type_text(x);
    d.after = type_text(y);
    if (x.kind != y.kind) { d.reason = "kind"; return d; }
    if (x.dtype != y.dtype) { d.reason = "dtype"; return d; }
    if (x.shape != y.shape) { d.reason = "shape"; return d; }
    const Bits mask = width_mask(x.dtype);
    for (std::size_t k = 0; k < x.data.size(); ++k) {
      bool differs;
      if (x.poison[k]) differs = !opts.refine && !y.poison[k];
      else differs = y.poison[k] || ((x.data[k] ^ y.data[k]) & mask) != 0;
      if (!differs) continue;
      d.reason = y.poison[k] != x.poison[k] ? "poison" : "value";
      d.flat = static_cast<std::int64_t>(k);
      d.index = unravel(d.flat, x.shape);
      d.before = format_bits(x.data[k], x.dtype, x.poison[k]);
      d.after = format_bits(y.data[k], y.dtype, y.poison[k]);
      return d;
    }
  }
  return std::nullopt;
}

}  // namespace ptorw::interp
