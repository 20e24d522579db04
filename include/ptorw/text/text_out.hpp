// The printer's output text: a std::string written through a cursor. A printed 1M-statement
// program is ~90 MB made of ~30 M short pieces; `std::string::operator+=` re-checks capacity,
// rewrites the terminating NUL and (for `const char*`) runs strlen on every piece. Here the string's
// size is its capacity, a piece is one bounds check and a copy of a length known at compile time
// where it can be, and `take()` trims the string to what was written (no copy).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace ptorw::text {

class TextOut {
 public:
  TextOut() = default;
  TextOut(TextOut&& o) noexcept { *this = std::move(o); }
  TextOut& operator=(TextOut&& o) noexcept {
    // The cursor is an offset across the move: a short string's bytes move with the object.
    std::size_t used = o.size();
    buf_ = std::move(o.buf_);
    o.buf_.clear();
    o.cur_ = o.lim_ = nullptr;
    cur_ = buf_.empty() ? nullptr : buf_.data() + used;
    lim_ = buf_.empty() ? nullptr : buf_.data() + buf_.size();
    return *this;
  }
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;

  [[gnu::always_inline]] void operator+=(char c) {
    if (cur_ == lim_) grow(1);
    *cur_++ = c;
  }
  /// A string literal: its length is a constant (a char array that is not a literal must go
  /// through `write`, or its whole size would be written).
  template <std::size_t N> [[gnu::always_inline]] void operator+=(const char (&s)[N]) { write(s, N - 1); }
  [[gnu::always_inline]] void operator+=(std::string_view s) { write(s.data(), s.size()); }
  [[gnu::always_inline]] void write(const char* p, std::size_t n) {
    if (static_cast<std::size_t>(lim_ - cur_) < n) grow(n);
    if (__builtin_constant_p(n) || n > 16) {
      std::memcpy(cur_, p, n);
    } else if (n >= 8) {  // names: two overlapping 8-byte moves instead of a memcpy call
      std::uint64_t a, b;
      std::memcpy(&a, p, 8);
      std::memcpy(&b, p + n - 8, 8);
      std::memcpy(cur_, &a, 8);
      std::memcpy(cur_ + n - 8, &b, 8);
    } else if (n >= 4) {
      std::uint32_t a, b;
      std::memcpy(&a, p, 4);
      std::memcpy(&b, p + n - 4, 4);
      std::memcpy(cur_, &a, 4);
      std::memcpy(cur_ + n - 4, &b, 4);
    } else if (n) {
      cur_[0] = p[0];
      cur_[n / 2] = p[n / 2];
      cur_[n - 1] = p[n - 1];
    }
    cur_ += n;
  }
  [[gnu::always_inline]] void fill(std::size_t n, char c) {
    if (static_cast<std::size_t>(lim_ - cur_) < n) grow(n);
    if (n) std::memset(cur_, c, n);
    cur_ += n;
  }
  /// Room for `n` more bytes at `cursor()`; `advance` commits what was written there.
  char* reserve(std::size_t n) {
    if (static_cast<std::size_t>(lim_ - cur_) < n) grow(n);
    return cur_;
  }
  void advance(char* end) { cur_ = end; }

  std::size_t size() const { return cur_ ? static_cast<std::size_t>(cur_ - buf_.data()) : 0; }
  std::string_view since(std::size_t start) const { return {buf_.data() + start, size() - start}; }
  /// The text written so far; leaves this empty.
  std::string take() {
    buf_.resize(size());
    cur_ = lim_ = nullptr;
    return std::exchange(buf_, std::string());
  }

 private:
  /// The string's size runs ahead of the text by at most a window, grown by `resize` (which
  /// zeroes what it adds: a window at a time, just before it is overwritten, so the zeroing stays
  /// in the cache and never touches memory the text will not); the capacity grows by doubling.
  [[gnu::noinline]] void grow(std::size_t n) {
    constexpr std::size_t kWindow = std::size_t{1} << 16;
    std::size_t used = size();
    std::size_t want = used + (n > kWindow ? n : kWindow);
    if (want > buf_.capacity()) {
      // From 8 MiB on the capacity grows fourfold: pages are only backed once written, so the
      // unused end costs address space, while each growth copies (and faults in) all the text so
      // far. The buffer has 4 KiB pages: huge pages (madvise) saved ~0.05 s on a 1M print when
      // the kernel had them ready and cost 0.1–0.25 s when it did not, which on this machine was
      // every print run after the benchmark's generator (bench/README.md, seventh round).
      constexpr std::size_t kBig = std::size_t{8} << 20;
      std::size_t cap = buf_.capacity() * (buf_.capacity() >= kBig ? 4 : 2);
      std::string next;
      next.reserve(cap > want ? cap : want);
      next.assign(buf_.data(), used);
      buf_ = std::move(next);
    }
    buf_.resize(want);
    cur_ = buf_.data() + used;
    lim_ = buf_.data() + buf_.size();
  }
  std::string buf_;
  char* cur_ = nullptr;
  char* lim_ = nullptr;
};

}  // namespace ptorw::text
