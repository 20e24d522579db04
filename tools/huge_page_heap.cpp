// The `ptorw` executable's heap on transparent huge pages (tcmalloc_minimal only; tools/meson.build).
//
// Why: on this kind of machine (a VM; /sys/kernel/mm/transparent_hugepage/enabled = madvise) the
// first touch of every fresh 4 KiB page is a fault that costs the host a round trip. A compile of
// the 100k-statement benchmark programs takes ~75k of them; perf showed page faults and tcmalloc
// carving fresh spans as a third of all samples (bench/README.md, "eleventh round"). Asking for
// 2 MiB pages (madvise MADV_HUGEPAGE) makes that one fault per 2 MiB: `compile` of the 100k
// benchmark programs 1.5-1.7x faster, whole process, paired.
//
// How: tcmalloc gets its spans from a SysAllocator (gperftools/malloc_extension.h); this one
// forwards the first kSmallHeap bytes to tcmalloc's own (small programs: a huge page costs a 2 MiB
// clear, and the examples' `compile` must stay within milliseconds), then hands out spans carved
// from 64 MiB reservations aligned to 2 MiB and advised MADV_HUGEPAGE. Untouched parts of a
// reservation are never backed (MAP_NORESERVE), and what tcmalloc releases it releases as before
// (madvise DONTNEED on the span). Where the kernel has no THP, madvise fails and the pages are
// ordinary ones. PTORW_HUGE_PAGES=0 keeps tcmalloc's own allocator (to compare).
// tcmalloc calls Alloc with its page-heap lock held, so this needs no lock of its own.
#include <gperftools/malloc_extension.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kReservation = std::size_t{64} << 20;
constexpr std::size_t kSmallHeap = std::size_t{24} << 20;  // served by tcmalloc's own allocator

class HugePageHeap final : public SysAllocator {
 public:
  explicit HugePageHeap(SysAllocator* fallback) : fallback_(fallback) {}

  void* Alloc(std::size_t size, std::size_t* actual_size, std::size_t alignment) override {
    if (fallback_ && small_served_ < kSmallHeap) {
      if (void* p = fallback_->Alloc(size, actual_size, alignment)) {
        small_served_ += actual_size ? *actual_size : size;
        return p;
      }
    }
    if (alignment < 4096) alignment = 4096;
    if (void* p = carve(size, alignment)) {
      if (actual_size) *actual_size = size;
      return p;
    }
    if (!reserve(size, alignment)) return fallback_ ? fallback_->Alloc(size, actual_size, alignment) : nullptr;
    void* p = carve(size, alignment);
    if (p && actual_size) *actual_size = size;
    return p;
  }

 private:
  void* carve(std::size_t size, std::size_t alignment) {
    if (next_ == 0) return nullptr;
    const std::uintptr_t p = (next_ + alignment - 1) & ~(alignment - 1);
    if (p < next_ || p + size < p || p + size > end_) return nullptr;
    next_ = p + size;
    return reinterpret_cast<void*>(p);
  }

  // A fresh reservation of at least `size` bytes at `alignment`, 2 MiB aligned; the rest of the
  // previous one is left unused (address space only: it was never touched).
  bool reserve(std::size_t size, std::size_t alignment) {
    std::size_t want = size + (alignment > kHugePage ? alignment : 0);
    if (want < size) return false;
    want = want <= kReservation ? kReservation : (want + kHugePage - 1) & ~(kHugePage - 1);
    const std::size_t mapped = want + kHugePage;  // room to align the start
    void* m = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return false;
    const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(m) + kHugePage - 1) & ~(kHugePage - 1);
    madvise(reinterpret_cast<void*>(begin), want, MADV_HUGEPAGE);  // (no THP: ordinary pages)
    next_ = begin;
    end_ = begin + want;
    return true;
  }

  SysAllocator* fallback_;
  std::size_t small_served_ = 0;
  std::uintptr_t next_ = 0, end_ = 0;
};

}  // namespace

namespace ptorw::cli {

void install_huge_page_heap() {
  if (const char* v = std::getenv("PTORW_HUGE_PAGES"); v && std::strcmp(v, "0") == 0) return;
  MallocExtension* ext = MallocExtension::instance();
  if (!ext) return;
  // Never destroyed: tcmalloc may grow the heap until the very end of the process.
  static auto* heap = new HugePageHeap(ext->GetSystemAllocator());
  ext->SetSystemAllocator(heap);
}

}  // namespace ptorw::cli
