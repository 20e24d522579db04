// SHA-256 (FIPS 180-4), for cache keys (cache_key.hpp): a key must be the same on every machine
// and run, and two different programs must not share one — std::hash guarantees neither, and a
// 64-bit hash leaves collisions to chance at cache sizes. Written from the standard; checked
// against its test vectors in test/unit/cache_key_test.cpp. Std only.
//
// Speed (issue 20: the cache key of `ptorw compile` hashes the whole canonical encoding, 60 MB at
// 1M statements, and was a tenth of the compile's instructions): whole blocks are compressed
// straight from the input, and on x86-64 processors with the SHA extensions (cpuid) by the SHA-NI
// instructions, the same function of the same bytes; the portable rounds stay for the others.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define PTORW_SHA256_X86 1
#endif

namespace ptorw::persist {

class Sha256 {
 public:
  void update(std::string_view data) {
    bits_ += 8 * static_cast<std::uint64_t>(data.size());
    const auto* p = reinterpret_cast<const std::uint8_t*>(data.data());
    std::size_t n = data.size();
    if (fill_) {  // complete the pending block first
      const std::size_t take = std::min(n, 64 - fill_);
      std::memcpy(block_.data() + fill_, p, take);
      fill_ += take, p += take, n -= take;
      if (fill_ < 64) return;
      blocks(block_.data(), 1);
      fill_ = 0;
    }
    if (n >= 64) {  // whole blocks straight from the input
      blocks(p, n / 64);
      p += n / 64 * 64, n %= 64;
    }
    if (n) std::memcpy(block_.data(), p, n), fill_ = n;
  }
  /// The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string hex() {
    const std::uint64_t bits = bits_;
    const char one = static_cast<char>(0x80);
    update(std::string_view(&one, 1));
    const char zero = 0;
    while (fill_ != 56) update(std::string_view(&zero, 1));
    for (int i = 7; i >= 0; --i) {
      const char b = static_cast<char>(bits >> (8 * i));
      update(std::string_view(&b, 1));
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (std::uint32_t w : h_)
      for (int i = 28; i >= 0; i -= 4) out.push_back(digits[(w >> i) & 0xf]);
    return out;
  }

 private:
  std::array<std::uint32_t, 8> h_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<std::uint8_t, 64> block_{};
  std::size_t fill_ = 0;
  std::uint64_t bits_ = 0;

  static constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
  static constexpr std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

  /// Compresses `count` 64-byte blocks at `p` into the state.
  void blocks(const std::uint8_t* p, std::size_t count) {
#ifdef PTORW_SHA256_X86
    if (has_sha_ni()) return blocks_sha_ni(h_.data(), p, count);
#endif
    for (; count; --count, p += 64) compress(p);
  }

#ifdef PTORW_SHA256_X86
  static bool has_sha_ni() {
    static const bool yes = [] {
      unsigned a, b, c, d;
      if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSE4_1) || !(c & bit_SSSE3)) return false;
      return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29)) != 0;  // EBX bit 29: SHA
    }();
    return yes;
  }
  /// The rounds of FIPS 180-4 by the SHA-NI instructions: state as ABEF / CDGH, four rounds per
  /// constant group, the message schedule by sha256msg1/msg2 (Intel's SHA extensions paper).
  [[gnu::target("sha,sse4.1,ssse3")]] static void blocks_sha_ni(std::uint32_t* state, const std::uint8_t* p,
                                                                 std::size_t count) {
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
    __m128i s1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
    tmp = _mm_shuffle_epi32(tmp, 0xB1);    // CDAB
    s1 = _mm_shuffle_epi32(s1, 0x1B);      // EFGH
    __m128i s0 = _mm_alignr_epi8(tmp, s1, 8);  // ABEF
    s1 = _mm_blend_epi16(s1, tmp, 0xF0);       // CDGH
    for (; count; --count, p += 64) {
      const __m128i abef = s0, cdgh = s1;
      __m128i w[4];
      for (int i = 0; i < 16; ++i) {
        __m128i& wi = w[i % 4];
        if (i < 4) {
          wi = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)), mask);
        } else {  // W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16], four at a time
          const __m128i w7 = _mm_alignr_epi8(w[(i - 1) % 4], w[(i - 2) % 4], 4);
          wi = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32(wi, w[(i - 3) % 4]), w7), w[(i - 1) % 4]);
        }
        __m128i msg = _mm_add_epi32(wi, _mm_loadu_si128(reinterpret_cast<const __m128i*>(k + 4 * i)));
        s1 = _mm_sha256rnds2_epu32(s1, s0, msg);
        msg = _mm_shuffle_epi32(msg, 0x0E);
        s0 = _mm_sha256rnds2_epu32(s0, s1, msg);
      }
      s0 = _mm_add_epi32(s0, abef);
      s1 = _mm_add_epi32(s1, cdgh);
    }
    tmp = _mm_shuffle_epi32(s0, 0x1B);     // FEBA
    s1 = _mm_shuffle_epi32(s1, 0xB1);      // DCHG
    s0 = _mm_blend_epi16(tmp, s1, 0xF0);   // DCBA
    s1 = _mm_alignr_epi8(s1, tmp, 8);      // ABEF -> HGFE
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), s0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), s1);
  }
#endif

  /// One block by the portable rounds.
  void compress(const std::uint8_t* block) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = std::uint32_t{block[4 * i]} << 24 | std::uint32_t{block[4 * i + 1]} << 16 |
             std::uint32_t{block[4 * i + 2]} << 8 | std::uint32_t{block[4 * i + 3]};
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h_[0], b = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6], h = h_[7];
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h_[0] += a; h_[1] += b; h_[2] += c; h_[3] += d; h_[4] += e; h_[5] += f; h_[6] += g; h_[7] += h;
  }
};

}  // namespace ptorw::persist
