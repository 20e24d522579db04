// The MessagePack reader of the binary IR format: a pull reader over a byte range that checks
// every read against the bytes that remain, so hostile input cannot make it read past the end or
// allocate by a declared count (an array of n elements needs at least n more bytes: every
// MessagePack value is at least one byte). Every failure is a DecodeError carrying the byte offset
// of the value that could not be read. Std only (ir/names.hpp is too); the forms are those of
// msgpack_writer.hpp, and a conforming encoder's other spellings of them (a non-shortest int,
// float32) are accepted too.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "ptorw/ir/names.hpp"

namespace ptorw::persist {

/// A decoding failure at byte `offset` of the input.
struct DecodeError {
  std::size_t offset;
  std::string message;
};

class MsgpackReader {
 public:
  explicit MsgpackReader(std::string_view bytes) : b_(bytes) {}

  std::size_t offset() const { return pos_; }
  std::size_t remaining() const { return b_.size() - pos_; }
  bool at_end() const { return pos_ == b_.size(); }

  /// The lead byte of the next value, not consumed.
  std::uint8_t peek() const {
    if (at_end()) fail(pos_, "unexpected end of input");
    return static_cast<std::uint8_t>(b_[pos_]);
  }
  bool is_nil() const { return peek() == 0xc0; }
  bool is_array() const {
    const std::uint8_t c = peek();
    return (c & 0xf0) == 0x90 || c == 0xdc || c == 0xdd;
  }
  bool is_str() const {
    const std::uint8_t c = peek();
    return (c & 0xe0) == 0xa0 || c == 0xd9 || c == 0xda || c == 0xdb;
  }

  void nil() {
    if (take("nil") != 0xc0) fail(last_, "expected nil");
  }
  bool boolean() {
    const std::uint8_t c = take("a bool");
    if (c == 0xc2 || c == 0xc3) return c == 0xc3;
    fail(last_, "expected a bool");
  }
  /// Any integer form; `what` names the value in the error. A positive fixint (most indices,
  /// kinds, enumerators, columns) is read inline; the other forms out of line.
  std::int64_t integer(const char* what = "an integer") {
    if (pos_ < b_.size() && static_cast<std::uint8_t>(b_[pos_]) < 0x80) return static_cast<std::uint8_t>(b_[pos_++]);
    return integer_form(what);
  }
  /// A non-negative integer no larger than `max`.
  /// A fixint, uint8, uint16 or uint32 (references to nodes past the first 127, line numbers)
  /// within `max` is read inline.
  std::uint64_t uint(std::uint64_t max, const char* what) {
    if (pos_ + 5 <= b_.size()) {
      const auto* p = reinterpret_cast<const unsigned char*>(b_.data()) + pos_;
      std::uint64_t v;
      std::size_t n;
      if (p[0] < 0x80) v = p[0], n = 1;
      else if (p[0] == 0xcc) v = p[1], n = 2;
      else if (p[0] == 0xcd) v = std::uint64_t{p[1]} << 8 | p[2], n = 3;
      else if (p[0] == 0xce) v = std::uint64_t{p[1]} << 24 | std::uint64_t{p[2]} << 16 | std::uint64_t{p[3]} << 8 | p[4], n = 5;
      else return uint_form(max, what);
      if (v <= max) return pos_ += n, v;
    }
    return uint_form(max, what);
  }
  /// An array header: its element count, checked against the bytes that remain.
  std::size_t array(const char* what = "an array") {
    if (pos_ < b_.size()) {
      const auto c = static_cast<std::uint8_t>(b_[pos_]);
      if ((c & 0xf0) == 0x90 && static_cast<std::size_t>(c & 0x0f) < remaining()) return last_ = pos_++, c & 0x0f;
    }
    return array_form(what);
  }

 private:
  [[gnu::noinline]] std::int64_t integer_form(const char* what) {
    const std::uint8_t c = take(what);
    if (c < 0x80) return c;
    if (c >= 0xe0) return static_cast<std::int8_t>(c);
    switch (c) {
      case 0xcc: return static_cast<std::int64_t>(be(1));
      case 0xcd: return static_cast<std::int64_t>(be(2));
      case 0xce: return static_cast<std::int64_t>(be(4));
      case 0xcf: {
        const std::size_t at = last_;
        const std::uint64_t v = be(8);
        if (v > static_cast<std::uint64_t>(INT64_MAX)) fail(at, "integer out of range");
        return static_cast<std::int64_t>(v);
      }
      case 0xd0: return static_cast<std::int8_t>(be(1));
      case 0xd1: return static_cast<std::int16_t>(be(2));
      case 0xd2: return static_cast<std::int32_t>(be(4));
      case 0xd3: return static_cast<std::int64_t>(be(8));
      default: fail(last_, std::string("expected ") + what);
    }
  }
  [[gnu::noinline]] std::uint64_t uint_form(std::uint64_t max, const char* what) {
    const std::size_t at = pos_;
    const std::int64_t v = integer(what);
    if (v < 0 || static_cast<std::uint64_t>(v) > max) fail(at, std::string(what) + " out of range");
    return static_cast<std::uint64_t>(v);
  }
  [[gnu::noinline]] std::size_t array_form(const char* what) {
    const std::uint8_t c = take(what);
    std::size_t n;
    if ((c & 0xf0) == 0x90) n = c & 0x0f;
    else if (c == 0xdc) n = be(2);
    else if (c == 0xdd) n = be(4);
    else fail(last_, std::string("expected ") + what);
    if (n > remaining()) fail(last_, "array of " + std::to_string(n) + " elements in " + std::to_string(remaining()) + " remaining bytes");
    return n;
  }

 public:
  double float64() {
    const std::uint8_t c = take("a float");
    if (c == 0xcb) {
      const std::uint64_t bits = be(8);
      double d;
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
    if (c == 0xca) {
      const auto bits = static_cast<std::uint32_t>(be(4));
      float f;
      std::memcpy(&f, &bits, sizeof f);
      return f;
    }
    fail(last_, "expected a float");
  }
  /// A string, viewed in the input (valid as long as the input is).
  std::string_view str() {
    const std::uint8_t c = take("a string");
    std::size_t n;
    if ((c & 0xe0) == 0xa0) n = c & 0x1f;
    else if (c == 0xd9) n = be(1);
    else if (c == 0xda) n = be(2);
    else if (c == 0xdb) n = be(4);
    else fail(last_, "expected a string");
    need(n, "string");
    std::string_view s = b_.substr(pos_, n);
    // Names, paths and attribute strings are UTF-8 text (msgpack's str family): a corrupted byte was
    // decoded and failed only later, as Python's UnicodeDecodeError on `program.name` (rev44c 7).
    if (!ir::valid_utf8(s)) fail(pos_, "a string that is not valid UTF-8");
    pos_ += n;
    return s;
  }
  /// An array header whose count must be exactly `n`.
  void array_of(std::size_t n, const char* what) {
    const std::size_t at = pos_;
    const std::size_t got = array(what);
    if (got != n) fail(at, std::string(what) + " has " + std::to_string(got) + " elements, expected " + std::to_string(n));
  }

  [[noreturn]] static void fail(std::size_t at, std::string msg) { throw DecodeError{at, std::move(msg)}; }

 private:
  std::string_view b_;
  std::size_t pos_ = 0;
  std::size_t last_ = 0;  // offset of the last lead byte taken

  std::uint8_t take(const char* what) {
    if (at_end()) fail(pos_, std::string("unexpected end of input, expected ") + what);
    last_ = pos_;
    return static_cast<std::uint8_t>(b_[pos_++]);
  }
  void need(std::size_t n, const char* what) {
    if (n > remaining()) fail(last_, std::string("truncated ") + what + ": " + std::to_string(n) + " bytes declared, " + std::to_string(remaining()) + " remain");
  }
  std::uint64_t be(int bytes) {
    need(static_cast<std::size_t>(bytes), "number");
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<std::uint8_t>(b_[pos_++]);
    return v;
  }
};

}  // namespace ptorw::persist
