// An append-only list in chunks of 4096 that never move: growing copies nothing, and an element's
// address is stable until clear(). The storage under the parser's name table (its definitions) and
// the printer's name set (its entries), which each hold up to a million elements appended in order.
#pragma once
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace ptorw::text {

template <class T> class AppendList {
 public:
  AppendList() = default;
  AppendList(const AppendList& o) {  // its own chunks: addresses into `o` stay with `o`
    for (std::size_t i = 0; i < o.size_; ++i) push_back(o[i]);
  }
  AppendList& operator=(const AppendList& o) {
    if (this != &o) *this = AppendList(o);
    return *this;
  }
  AppendList(AppendList&& o) noexcept : chunks_(std::move(o.chunks_)), size_(std::exchange(o.size_, 0)) {}
  AppendList& operator=(AppendList&& o) noexcept {
    chunks_ = std::move(o.chunks_);
    size_ = std::exchange(o.size_, 0);
    return *this;
  }
  ~AppendList() = default;

  T& operator[](std::size_t i) { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  const T& operator[](std::size_t i) const { return chunks_[i >> kChunkBits][i & (kChunk - 1)]; }
  std::size_t size() const { return size_; }

  template <class U> T& push_back(U&& v) {  // assigned into its (default-constructed) place
    if ((size_ >> kChunkBits) == chunks_.size()) chunks_.push_back(std::unique_ptr<T[]>(new T[kChunk]));
    T& slot = (*this)[size_++];
    slot = std::forward<U>(v);
    return slot;
  }
  /// Empties the list. Chunks of a trivially destructible T are kept for reuse (nothing in them
  /// needs releasing); others are freed with what they hold.
  void clear() {
    if constexpr (std::is_trivially_destructible_v<T>) size_ = 0;
    else *this = AppendList{};
  }

 private:
  static constexpr unsigned kChunkBits = 12;
  static constexpr std::size_t kChunk = std::size_t{1} << kChunkBits;
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace ptorw::text
