// The bytes a tensor descriptor covers. The runtime orders tasks by "overlapping read/write regions
// of the submitted descriptors" (../shared/pto_format.md, orchestration: "Dependencies are not
// emitted in automatic scopes"), so a descriptor is what a task touches: its storage, its element
// offset into it, its shape and its element strides (a view of a view, a TensorView's strides).
// `byte_intervals` turns one into the sorted, disjoint byte intervals it covers: the innermost dims
// that are contiguous make one run, the outer dims are enumerated (a 32-row window of a row-major
// [256, 64] tensor is one interval, a column window one interval per row).
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace ptorw::tasks {

/// A tensor as the runtime sees it: a window of one storage (a parameter or a created tensor).
struct Descriptor {
  int storage = -1;
  std::int64_t offset = 0;  // in elements
  std::vector<std::int64_t> shape, strides;  // strides in elements
  int elem_bytes = 4;
};

/// [begin, end) in bytes of the storage.
struct Interval {
  std::int64_t begin = 0, end = 0;
  friend bool operator==(const Interval&, const Interval&) = default;
};

/// Thrown when one descriptor would need more intervals than `limit` (a pathological view).
struct RegionTooLarge : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The sorted, disjoint, merged byte intervals of `d`.
inline std::vector<Interval> byte_intervals(const Descriptor& d, std::int64_t limit = 1 << 20) {
  std::vector<std::pair<std::int64_t, std::int64_t>> dims;  // (extent, stride), extent-1 dims dropped
  for (std::size_t i = 0; i < d.shape.size(); ++i) {
    if (d.shape[i] <= 0) return {};
    if (d.shape[i] > 1) dims.push_back({d.shape[i], d.strides[i]});
  }
  // The contiguous run: innermost dims whose stride equals the elements inside them.
  std::int64_t run = 1;
  while (!dims.empty() && dims.back().second == run) {
    run *= dims.back().first;
    dims.pop_back();
  }
  std::int64_t count = 1;
  for (const auto& [e, s] : dims) {
    count *= e;
    if (count > limit) throw RegionTooLarge("a tensor view covers more than " + std::to_string(limit) + " separate byte runs");
  }
  std::vector<Interval> out;
  out.reserve(static_cast<std::size_t>(count));
  std::vector<std::int64_t> idx(dims.size(), 0);
  for (std::int64_t n = 0; n < count; ++n) {
    std::int64_t e = d.offset;
    for (std::size_t k = 0; k < dims.size(); ++k) e += idx[k] * dims[k].second;
    out.push_back({e * d.elem_bytes, (e + run) * d.elem_bytes});
    for (std::size_t k = dims.size(); k-- > 0;) {
      if (++idx[k] < dims[k].first) break;
      idx[k] = 0;
    }
  }
  std::sort(out.begin(), out.end(), [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
  std::size_t w = 0;
  for (std::size_t r = 0; r < out.size(); ++r) {
    if (w > 0 && out[r].begin <= out[w - 1].end) out[w - 1].end = std::max(out[w - 1].end, out[r].end);
    else out[w++] = out[r];
  }
  out.resize(w);
  return out;
}

/// Whether two sorted disjoint interval lists share a byte.
inline bool overlap(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i].end <= b[j].begin) ++i;
    else if (b[j].end <= a[i].begin) ++j;
    else return true;
  }
  return false;
}

}  // namespace ptorw::tasks
