// The runtime's dependency rule (../shared/pto_format.md, orchestration: "the runtime derives
// producer→consumer edges from overlapping read/write regions of the submitted descriptors"), as a
// map from each byte of each storage to its last writer and the readers since that write:
//   - a task reading bytes depends on their last writer (write→read),
//   - a task writing bytes depends on their last writer (write→write) and on every reader since
//     it (read→write); it then becomes their last writer and their readers are cleared.
// Within one task every read is looked up before any write, and a task never depends on itself.
// A task in a manual scope is not looked up nor recorded here (symbolic_exec.hpp): it gets its
// deps=[...] only, and a later automatic task does not wait for it (PyPTO tasks/01-scopes).
// The map holds byte intervals, not bytes: one segment per run of bytes with the same history.
#pragma once
#include <algorithm>
#include <map>
#include <vector>

#include "ptorw/tasks/region.hpp"

namespace ptorw::tasks {

class TensorMap {
 public:
  struct Found {
    int task;
    int kind;  // 0 raw, 1 waw, 2 war
  };

  /// Reads of `task` over `bytes` of `storage`; appends the producers found to `out`.
  void read(int storage, int task, const std::vector<Interval>& bytes, std::vector<Found>& out) {
    auto& m = map_of(storage);
    for (const auto& iv : bytes) {
      cover(m, iv);
      for (auto it = m.lower_bound(iv.begin); it != m.end() && it->first < iv.end; ++it) {
        Seg& s = it->second;
        if (s.writer >= 0 && s.writer != task) out.push_back({s.writer, 0});
        if (s.readers.empty() || s.readers.back() != task) s.readers.push_back(task);
      }
    }
  }
  /// The last writers of `bytes` of `storage` (a host read waits for them; nothing is recorded).
  void writers(int storage, const std::vector<Interval>& bytes, std::vector<int>& out) {
    auto& m = map_of(storage);
    for (const auto& iv : bytes) {
      auto it = m.upper_bound(iv.begin);
      if (it != m.begin()) --it;  // the segment that may hold iv.begin
      for (; it != m.end() && it->first < iv.end; ++it)
        if (it->second.end > iv.begin && it->second.writer >= 0) out.push_back(it->second.writer);
    }
  }
  /// Writes of `task` over `bytes` of `storage`.
  void write(int storage, int task, const std::vector<Interval>& bytes, std::vector<Found>& out) {
    auto& m = map_of(storage);
    for (const auto& iv : bytes) {
      cover(m, iv);
      auto first = m.lower_bound(iv.begin);
      auto it = first;
      for (; it != m.end() && it->first < iv.end; ++it) {
        const Seg& s = it->second;
        if (s.writer >= 0 && s.writer != task) out.push_back({s.writer, 1});
        for (int r : s.readers)
          if (r != task) out.push_back({r, 2});
      }
      m.erase(first, it);
      m.emplace(iv.begin, Seg{iv.end, task, {}});
    }
  }

 private:
  struct Seg {
    std::int64_t end;
    int writer;
    std::vector<int> readers;
  };
  using Map = std::map<std::int64_t, Seg>;
  std::vector<Map> maps_;

  Map& map_of(int storage) {
    if (static_cast<std::size_t>(storage) >= maps_.size()) maps_.resize(static_cast<std::size_t>(storage) + 1);
    return maps_[static_cast<std::size_t>(storage)];
  }
  /// Splits segments at the interval's ends and fills its gaps with fresh segments, so that the
  /// segments starting in [begin, end) cover it exactly.
  static void split_at(Map& m, std::int64_t at) {
    auto it = m.upper_bound(at);
    if (it == m.begin()) return;
    --it;
    if (it->first < at && at < it->second.end) {
      Seg right = it->second;
      it->second.end = at;
      m.emplace(at, std::move(right));
    }
  }
  static void cover(Map& m, const Interval& iv) {
    split_at(m, iv.begin);
    split_at(m, iv.end);
    std::int64_t pos = iv.begin;
    auto it = m.lower_bound(iv.begin);
    std::vector<Interval> gaps;
    for (; it != m.end() && it->first < iv.end; ++it) {
      if (it->first > pos) gaps.push_back({pos, it->first});
      pos = it->second.end;
    }
    if (pos < iv.end) gaps.push_back({pos, iv.end});
    for (const auto& g : gaps) m.emplace(g.begin, Seg{g.end, -1, {}});
  }
};

}  // namespace ptorw::tasks
