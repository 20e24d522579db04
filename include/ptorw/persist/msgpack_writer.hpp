// The MessagePack writer of the binary IR format (docs/persist.md): the handful of MessagePack
// forms the format uses — nil, bool, int, float64, str, array — each written in its shortest
// form, big-endian as the MessagePack specification requires. Writes through a cursor into a
// buffer of its own, which `finish()` (or the destructor) appends to the std::string: a byte-wise
// push_back was a tenth of the encoder's time at 1M statements. The buffer is malloc'd and grown
// with realloc rather than being the string itself: a std::string that doubles zero-fills the new
// half and copies the old one into fresh pages at every step (at 1M statements ~250 MB of pages
// touched for a 63 MB result), while glibc grows a large block with mremap, without copying or
// touching it; the one copy into the string at the end is cheaper than all of that. Std only.
//
// Why our own and not a library's (docs/persist.md "Library choice", numbers in bench/README.md):
// nlohmann-json writes MessagePack only from a json document, which for a 1M-statement program
// is tens of millions of heap nodes before the first byte; msgpack-c cannot be installed here
// (libmsgpack-dev depends on libmsgpack-cxx-dev, which needs libboost1.74-dev, in conflict with
// the libboost1.81-dev this project needs for PFR).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

namespace ptorw::persist {

class MsgpackWriter {
 public:
  explicit MsgpackWriter(std::string& out) : out_(out) {}
  MsgpackWriter(const MsgpackWriter&) = delete;
  MsgpackWriter& operator=(const MsgpackWriter&) = delete;
  /// Appends what was not appended yet; call finish() first to see a failure to allocate (the
  /// destructor cannot throw it: the string then keeps what the last finish() appended).
  ~MsgpackWriter() {
    try {
      finish();
    } catch (...) {
    }
    std::free(buf_);
  }

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
    if (n) std::memcpy(room(n), s.data(), n);
    used_ += n;
  }
  void array(std::size_t n) {
    if (n < 16) byte(static_cast<std::uint8_t>(0x90 | n));
    else if (n <= 0xffff) head(0xdc, n, 2);
    else head(0xdd, n, 4);
  }
  /// Bytes of the string so far, those this writer has not appended yet included.
  std::size_t size() const { return out_.size() + used_; }
  /// Appends the bytes written so far to the string; writing may continue afterwards.
  void finish() {
    if (used_) out_.append(buf_, used_);
    used_ = 0;
  }

 private:
  std::string& out_;
  char* buf_ = nullptr;  // buf_[0, used_) is written and not appended yet; [used_, cap_) is room
  std::size_t used_ = 0;
  std::size_t cap_ = 0;

  char* room(std::size_t n) {
    if (cap_ - used_ < n) [[unlikely]] grow(n);
    return buf_ + used_;
  }
  [[gnu::noinline]] void grow(std::size_t n) {
    const std::size_t cap = std::max<std::size_t>(2 * cap_, used_ + n + 4096);
    char* b = static_cast<char*>(std::realloc(buf_, cap));
    if (!b) throw std::bad_alloc();
    buf_ = b;
    cap_ = cap;
  }
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
