// A recording stand-in for the task runtime that orchestration C++ is written against, so that
// the emitted C++ can be RUN and what it submits compared with the task graph `ptorw tasks` reads
// from the IR (test/orch_sim_test.py). Same names and signatures as the declarations of
// test/support/pto_runtime_decls.hpp (force-included instead of them: g++ -include THIS FILE.cpp
// test/support/orch_sim_main.cpp). Written from ../shared/pto_format.md, "Orchestration functions",
// not from the emitter:
//   - a Tensor is a storage (a parameter slot or one tensor of an alloc_tensors batch) seen through a
//     window: element offset, shape and element strides; view(shapes, offsets) moves the window by
//     offsets along the strides and keeps the strides; transpose swaps two dims;
//   - every rt_submit_* prints one line: the kernel id(s), then per argument its direction, storage
//     and the byte ranges the window covers (contiguous ranges merged), then ` ~` and the window's
//     element strides; scalars as words;
//   - host reads are not simulated (the data is not there): they abort with a message.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

enum class DataType : uint8_t { BOOL, INT8, INT16, INT32, INT64, UINT8, FLOAT16, BFLOAT16, FLOAT32 };

inline uint64_t sim_dtype_bytes(DataType d) {
  switch (d) {
    case DataType::BOOL: case DataType::INT8: case DataType::UINT8: return 1;
    case DataType::INT16: case DataType::FLOAT16: case DataType::BFLOAT16: return 2;
    case DataType::INT32: case DataType::FLOAT32: return 4;
    case DataType::INT64: return 8;
  }
  return 1;
}

/// A storage: "P<i>" for the parameter slot i, "A<n>" for the n-th tensor allocated.
struct SimStorage {
  std::string label;
  uint64_t elem_bytes = 4;
};

class Tensor {
 public:
  Tensor() = default;
  Tensor(const Tensor&) = default;
  Tensor& operator=(const Tensor&) = default;

  Tensor view(const uint64_t* shapes, const uint64_t* offsets) const {
    Tensor t = *this;
    for (std::size_t i = 0; i < shape_.size(); ++i) {
      t.offset_ += offsets[i] * strides_[i];
      t.shape_[i] = shapes[i];
    }
    return t;
  }
  Tensor transpose(uint32_t a, uint32_t b) const {
    Tensor t = *this;
    std::swap(t.shape_.at(a), t.shape_.at(b));
    std::swap(t.strides_.at(a), t.strides_.at(b));
    return t;
  }
  uint64_t shape(uint32_t dim) const { return shape_.at(dim); }
  template <class T> T read(const uint64_t*) const {
    std::fprintf(stderr, "orch_sim: a host read (tensor.read) is not simulated\n");
    std::exit(3);
  }

  // ---- the simulation's own ----
  static Tensor whole(std::shared_ptr<SimStorage> s, std::vector<uint64_t> shape) {
    Tensor t;
    t.storage_ = std::move(s);
    t.shape_ = std::move(shape);
    t.strides_.assign(t.shape_.size(), 1);
    for (std::size_t i = t.shape_.size(); i-- > 1;) t.strides_[i - 1] = t.strides_[i] * t.shape_[i];
    return t;
  }
  /// A caller's tensor with explicit element strides (a parameter declared with pl.TensorView).
  void set_strides(std::vector<uint64_t> strides) {
    if (strides.size() == shape_.size()) strides_ = std::move(strides);
  }
  /// "label:[a,b)[c,d)..." — the byte ranges of the window, in address order, adjacent ones merged.
  std::string describe() const {
    if (!storage_) return "<no storage>";
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    const uint64_t eb = storage_->elem_bytes;
    std::vector<uint64_t> idx(shape_.size(), 0);
    bool empty = shape_.empty();
    for (uint64_t d : shape_) empty = empty || d == 0;
    while (!empty) {
      uint64_t e = offset_;
      for (std::size_t i = 0; i < idx.size(); ++i) e += idx[i] * strides_[i];
      const uint64_t lo = e * eb, hi = lo + eb;
      if (!ranges.empty() && ranges.back().second == lo) ranges.back().second = hi;
      else ranges.emplace_back(lo, hi);
      std::size_t k = idx.size();
      while (k > 0 && ++idx[k - 1] == shape_[k - 1]) idx[--k] = 0;
      if (k == 0) break;
    }
    // Sort and merge (a transposed window walks addresses out of order).
    std::sort(ranges.begin(), ranges.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (const auto& r : ranges) {
      if (!merged.empty() && merged.back().second >= r.first) merged.back().second = std::max(merged.back().second, r.second);
      else merged.push_back(r);
    }
    std::string out = storage_->label + ":";
    for (const auto& [a, b] : merged) out += "[" + std::to_string(a) + "," + std::to_string(b) + ")";
    return out;
  }
  /// " ~s0,s1,...": the window's element strides (what a kernel handed its bare pointer must
  /// address it with; orch_sim_test.py step 6).
  std::string strides_suffix() const {
    std::string out = " ~";
    for (std::size_t i = 0; i < strides_.size(); ++i) out += (i ? "," : "") + std::to_string(strides_[i]);
    return out;
  }

 private:
  std::shared_ptr<SimStorage> storage_;
  uint64_t offset_ = 0;
  std::vector<uint64_t> shape_, strides_;
};

class TensorSlot {
 public:
  explicit TensorSlot(Tensor* t) : t_(t) {}
  Tensor& ref() const { return *t_; }

 private:
  Tensor* t_;
};

class OrchArgs {
 public:
  TensorSlot tensor(uint32_t index) const {
    if (index >= tensors_.size()) {
      std::fprintf(stderr, "orch_sim: tensor slot %u is not given\n", index);
      std::exit(3);
    }
    return TensorSlot(&tensors_[index]);
  }
  uint64_t scalar(uint32_t index) const {
    if (index >= scalars_.size()) {
      std::fprintf(stderr, "orch_sim: scalar slot %u is not given\n", index);
      std::exit(3);
    }
    return scalars_[index];
  }
  mutable std::vector<Tensor> tensors_;  // by slot index (scalar slots hold an empty Tensor)
  std::vector<uint64_t> scalars_;        // by slot index (tensor slots hold 0)
};

class TensorCreateInfo {
 public:
  TensorCreateInfo(const uint64_t* shape, uint32_t rank, DataType dtype) : shape_(shape, shape + rank), dtype_(dtype) {}
  std::vector<uint64_t> shape_;
  DataType dtype_;
};

inline int& sim_allocated() {
  static int n = 0;
  return n;
}

class TensorBatch {
 public:
  Tensor& operator[](uint32_t index) { return tensors_.at(index); }
  std::vector<Tensor> tensors_;
};
inline TensorBatch alloc_tensors(const TensorCreateInfo* infos, uint32_t count) {
  TensorBatch b;
  for (uint32_t i = 0; i < count; ++i) {
    auto s = std::make_shared<SimStorage>();
    s->label = "A" + std::to_string(sim_allocated()++);
    s->elem_bytes = sim_dtype_bytes(infos[i].dtype_);
    b.tensors_.push_back(Tensor::whole(std::move(s), infos[i].shape_));
  }
  return b;
}

struct PTO2TaskId {
  uint64_t value;
};
inline const PTO2TaskId PTO2_INVALID_TASK_ID{~uint64_t{0}};

class Arg {
 public:
  Arg() = default;
  void add_input(const Tensor& t) { items_.push_back("in " + t.describe() + t.strides_suffix()); }
  void add_output(const Tensor& t) { items_.push_back("out " + t.describe() + t.strides_suffix()); }
  void add_inout(const Tensor& t) { items_.push_back("inout " + t.describe() + t.strides_suffix()); }
  void add_scalar(uint64_t word) { items_.push_back("scalar " + std::to_string(word)); }
  void set_dependencies(const PTO2TaskId*, uint32_t) {}
  std::vector<std::string> items_;
};

struct MixedKernels {
  int32_t aic;
  int32_t aiv0;
  int32_t aiv1;
};

inline uint64_t& sim_tasks() {
  static uint64_t n = 0;
  return n;
}
inline PTO2TaskId sim_submit(const std::string& what, const Arg& args) {
  std::string line = what;
  for (const auto& i : args.items_) line += " | " + i;
  std::printf("%s\n", line.c_str());
  return PTO2TaskId{sim_tasks()++};
}
inline PTO2TaskId rt_submit_aiv_task(int32_t kernel_id, Arg& args) { return sim_submit("aiv " + std::to_string(kernel_id), args); }
inline PTO2TaskId rt_submit_aic_task(int32_t kernel_id, Arg& args) { return sim_submit("aic " + std::to_string(kernel_id), args); }
inline PTO2TaskId rt_submit_task(const MixedKernels& m, Arg& args) {
  return sim_submit("mixed " + std::to_string(m.aic) + "," + std::to_string(m.aiv0) + "," + std::to_string(m.aiv1), args);
}

enum class PTO2ScopeMode : uint8_t { AUTO, MANUAL };
class PTO2ScopeGuard {
 public:
  explicit PTO2ScopeGuard(PTO2ScopeMode = PTO2ScopeMode::AUTO) {}
  bool enter() { return !entered_ && (entered_ = true); }

 private:
  bool entered_ = false;
};
#define PTO2_SCOPE(...) for (PTO2ScopeGuard pto2_scope_guard_{__VA_ARGS__}; pto2_scope_guard_.enter();)

extern "C" int32_t orchestration_config();
extern "C" void orchestration_entry(const OrchArgs& orch_args);
