// Deterministic random inputs (docs/semantics.md "Inputs"). The generator is splitmix64 with
// its own value mappings (no <random> distributions, whose output differs between standard
// libraries), so a seed names the same inputs on every machine. Each entry parameter draws
// from its own stream keyed by (seed, parameter position): a pass that changes one parameter's
// type leaves the others' inputs unchanged.
#pragma once
#include <cstdint>

#include "ptorw/interp/dtype.hpp"

namespace ptorw::interp {

class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t stream) : s_(seed * 0x9e3779b97f4a7c15ull ^ (stream + 0x632be59bd9b4e019ull)) {
    (void)next();
  }
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, n), n <= 2^32 (the top bits, multiplied down: no modulo bias worth noting).
  std::uint64_t below(std::uint64_t n) { return ((next() >> 32) * n) >> 32; }

 private:
  std::uint64_t s_;
};

/// One random element: floats uniform on the dtype's grid k / 2^p in [-1, 1) (p = 24, 11, 8 for
/// FP32, FP16, BF16, so every value is exact in the dtype); signed integers in [-8, 8);
/// INDEX, UINT8 and TASK_ID in [0, 8); BOOL 0 or 1.
inline Bits random_element(Rng& r, DType d) {
  switch (d) {
    case DType::FP32: case DType::FP16: case DType::BF16: {
      const int p = d == DType::FP32 ? 24 : d == DType::FP16 ? 11 : 8;
      const auto k = static_cast<std::int64_t>(r.below(std::uint64_t{2} << p)) - (std::int64_t{1} << p);
      return float_bits(std::ldexp(static_cast<double>(k), -p), d);
    }
    case DType::BOOL: return r.below(2);
    case DType::INDEX: case DType::UINT8: case DType::TASK_ID: return r.below(8);
    default: return int_bits(static_cast<std::int64_t>(r.below(16)) - 8, d);
  }
}

}  // namespace ptorw::interp
