// How often each shape of a random-program generator occurred (gen_tile_kernel.hpp,
// gen_cube_kernel.hpp): one counter per enumerator of E (ending in E::Count), named by Names; sums
// over seeds show what a run covered.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ptorw::fuzz {

template <class E, const char* const* Names>
struct FeatureCounts {
  std::array<std::uint64_t, static_cast<std::size_t>(E::Count)> n{};

  std::uint64_t& operator[](E s) { return n[static_cast<std::size_t>(s)]; }
  std::uint64_t operator[](E s) const { return n[static_cast<std::size_t>(s)]; }
  FeatureCounts& operator+=(const FeatureCounts& o) {
    for (std::size_t i = 0; i < n.size(); ++i) n[i] += o.n[i];
    return *this;
  }
  std::string str() const {
    std::string s;
    for (std::size_t i = 0; i < n.size(); ++i) s += std::string(i ? ", " : "") + Names[i] + " " + std::to_string(n[i]);
    return s;
  }
};

}  // namespace ptorw::fuzz
