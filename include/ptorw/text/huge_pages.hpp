// Transparent huge pages for the printer's big buffers (the text of a 1M-statement program is
// ~90 MB, its name table ~64 MB). With 4 KiB pages every first touch of a page is a fault and
// random probes into the table miss the TLB; a 2 MiB page costs one fault and one TLB entry.
// Only a hint: without THP support (or with THP set to `never`) nothing changes.
#pragma once
#include <cstddef>
#include <cstdint>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ptorw::text {

/// Marks the whole 2 MiB pages inside [p, p + n) for huge pages. Call it before the memory is
/// first written: pages already faulted in stay small. Regions under 8 MiB are left alone.
inline void advise_huge_pages([[maybe_unused]] void* p, [[maybe_unused]] std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  if (n < 4 * kHuge) return;
  std::uintptr_t a = (reinterpret_cast<std::uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  std::uintptr_t b = (reinterpret_cast<std::uintptr_t>(p) + n) & ~(kHuge - 1);
  if (b > a) ::madvise(reinterpret_cast<void*>(a), b - a, MADV_HUGEPAGE);
#endif
}

}  // namespace ptorw::text
