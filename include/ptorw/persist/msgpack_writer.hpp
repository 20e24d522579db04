// The MessagePack writer of the binary IR format (docs/persist.md): the handful of MessagePack
// forms the format uses — nil, bool, int, float64, str, array — each written in its shortest
// form, big-endian as the MessagePack specification requires. Appends to a std::string; std only.
//
// Why our own and not a library's (docs/persist.md "Library choice", numbers in bench/README.md):
// nlohmann-json writes MessagePack only from a json document, which for a 1M-statement program
// is tens of millions of heap nodes before the first byte; msgpack-c cannot be installed here
// (libmsgpack-dev depends on libmsgpack-cxx-dev, which needs libboost1.74-dev, in conflict with
// the libboost1.81-dev this project needs for PFR).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ptorw::persist {

class MsgpackWriter {
 public:
  explicit MsgpackWriter(std::string& out) : out_(out) {}

  void nil() { byte(0xc0); }
  void boolean(bool b) { byte(b ? 0xc3 : 0xc2); }
  void uint(std::uint64_t v) {
    if (v < 0x80) byte(static_cast<std::uint8_t>(v));
    else if (v <= 0xff) { byte(0xcc); be(v, 1); }
    else if (v <= 0xffff) { byte(0xcd); be(v, 2); }
    else if (v <= 0xffffffffULL) { byte(0xce); be(v, 4); }
    else { byte(0xcf); be(v, 8); }
  }
  void integer(std::int64_t v) {
    if (v >= 0) return uint(static_cast<std::uint64_t>(v));
    const auto u = static_cast<std::uint64_t>(v);
    if (v >= -32) byte(static_cast<std::uint8_t>(u));
    else if (v >= INT8_MIN) { byte(0xd0); be(u, 1); }
    else if (v >= INT16_MIN) { byte(0xd1); be(u, 2); }
    else if (v >= INT32_MIN) { byte(0xd2); be(u, 4); }
    else { byte(0xd3); be(u, 8); }
  }
  void float64(double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    byte(0xcb);
    be(bits, 8);
  }
  void str(std::string_view s) {
    const std::size_t n = s.size();
    if (n < 32) byte(static_cast<std::uint8_t>(0xa0 | n));
    else if (n <= 0xff) { byte(0xd9); be(n, 1); }
    else if (n <= 0xffff) { byte(0xda); be(n, 2); }
    else { byte(0xdb); be(n, 4); }
    out_.append(s);
  }
  void array(std::size_t n) {
    if (n < 16) byte(static_cast<std::uint8_t>(0x90 | n));
    else if (n <= 0xffff) { byte(0xdc); be(n, 2); }
    else { byte(0xdd); be(n, 4); }
  }
  std::size_t size() const { return out_.size(); }

 private:
  std::string& out_;
  void byte(std::uint8_t b) { out_.push_back(static_cast<char>(b)); }
  void be(std::uint64_t v, int bytes) {
    char buf[8];
    for (int i = 0; i < bytes; ++i) buf[i] = static_cast<char>(v >> (8 * (bytes - 1 - i)));
    out_.append(buf, static_cast<std::size_t>(bytes));
  }
};

}  // namespace ptorw::persist
