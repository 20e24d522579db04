// The MessagePack writer of the binary IR format (docs/persist.md): the handful of MessagePack
// forms the format uses — nil, bool, int, float64, str, array — each written in its shortest
// form, big-endian as the MessagePack specification requires. Appends to a std::string through a
// cursor (the string grows by doubling, and is cut to what was written by `finish()` or the
// destructor): a byte-wise push_back was a tenth of the encoder's time at 1M statements. Std only.
//
// Why our own and not a library's (docs/persist.md "Library choice", numbers in bench/README.md):
// nlohmann-json writes MessagePack only from a json document, which for a 1M-statement program
// is tens of millions of heap nodes before the first byte; msgpack-c cannot be installed here
// (libmsgpack-dev depends on libmsgpack-cxx-dev, which needs libboost1.74-dev, in conflict with
// the libboost1.81-dev this project needs for PFR).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ptorw::persist {

class MsgpackWriter {
 public:
  explicit MsgpackWriter(std::string& out) : out_(out), used_(out.size()) {}
  MsgpackWriter(const MsgpackWriter&) = delete;
  MsgpackWriter& operator=(const MsgpackWriter&) = delete;
  ~MsgpackWriter() { finish(); }

  void nil() { byte(0xc0); }
  void boolean(bool b) { byte(b ? 0xc3 : 0xc2); }
  void uint(std::uint64_t v) {
    if (v < 0x80) byte(static_cast<std::uint8_t>(v));
    else if (v <= 0xff) head(0xcc, v, 1);
    else if (v <= 0xffff) head(0xcd, v, 2);
    else if (v <= 0xffffffffULL) head(0xce, v, 4);
    else head(0xcf, v, 8);
  }
  void integer(std::int64_t v) {
    if (v >= 0) return uint(static_cast<std::uint64_t>(v));
    const auto u = static_cast<std::uint64_t>(v);
    if (v >= -32) byte(static_cast<std::uint8_t>(u));
    else if (v >= INT8_MIN) head(0xd0, u, 1);
    else if (v >= INT16_MIN) head(0xd1, u, 2);
    else if (v >= INT32_MIN) head(0xd2, u, 4);
    else head(0xd3, u, 8);
  }
  void float64(double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    head(0xcb, bits, 8);
  }
  void str(std::string_view s) {
    const std::size_t n = s.size();
    if (n < 32) byte(static_cast<std::uint8_t>(0xa0 | n));
    else if (n <= 0xff) head(0xd9, n, 1);
    else if (n <= 0xffff) head(0xda, n, 2);
    else head(0xdb, n, 4);
    char* p = room(n);
    if (n) std::memcpy(p, s.data(), n);
    used_ += n;
  }
  void array(std::size_t n) {
    if (n < 16) byte(static_cast<std::uint8_t>(0x90 | n));
    else if (n <= 0xffff) head(0xdc, n, 2);
    else head(0xdd, n, 4);
  }
  /// Bytes written so far (the string's bytes before this writer included).
  std::size_t size() const { return used_; }
  /// Cuts the string to the bytes written; writing may continue afterwards.
  void finish() { out_.resize(used_); }

 private:
  std::string& out_;
  std::size_t used_;  // out_[0, used_) is written; the rest is room

  char* room(std::size_t n) {
    if (out_.size() - used_ < n) [[unlikely]] grow(n);
    return out_.data() + used_;
  }
  [[gnu::noinline]] void grow(std::size_t n) { out_.resize(std::max<std::size_t>(2 * out_.size(), used_ + n + 4096)); }
  void byte(std::uint8_t b) {
    *room(1) = static_cast<char>(b);
    ++used_;
  }
  /// A lead byte and a big-endian number of `bytes` bytes.
  void head(std::uint8_t lead, std::uint64_t v, int bytes) {
    char* p = room(9);
    p[0] = static_cast<char>(lead);
    for (int i = 0; i < bytes; ++i) p[1 + i] = static_cast<char>(v >> (8 * (bytes - 1 - i)));
    used_ += 1 + static_cast<std::size_t>(bytes);
  }
};

}  // namespace ptorw::persist
