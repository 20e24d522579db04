// Declarations of the task runtime that orchestration C++ is written against, for a syntax check
// only (g++ -std=c++17 -fsyntax-only -include test/support/pto_runtime_decls.hpp FILE.cpp): no
// function here has a body and nothing links against it. Written from ../shared/pto_format.md,
// "Orchestration functions: host-side C++ against the task runtime"; where that text leaves a
// spelling open (type names, the two entry points' names), this is ptorw's reading, and the
// emitter (codegen/orch_cpp_emitter.hpp) writes exactly these names.
#pragma once
#include <cstdint>

/// Element types of runtime tensors (tensor.create's dtype).
enum class DataType : uint8_t { BOOL, INT8, INT16, INT32, INT64, UINT8, FLOAT16, BFLOAT16, FLOAT32 };

/// A tensor descriptor: storage, shape, strides and offset. Copying it copies the descriptor, not
/// the data. view() is tensor.slice's window of the same storage (the runtime derives task
/// dependencies from overlapping windows); transpose() swaps two dims; read() is a host read.
class Tensor {
 public:
  Tensor();
  Tensor(const Tensor&);
  Tensor& operator=(const Tensor&);
  Tensor view(const uint64_t* shapes, const uint64_t* offsets) const;
  Tensor transpose(uint32_t a, uint32_t b) const;
  uint64_t shape(uint32_t dim) const;
  template <class T> T read(const uint64_t* indices) const;
};

/// A borrowed tensor slot of the argument pack.
class TensorSlot {
 public:
  Tensor& ref() const;
};

/// The argument pack of an orchestration entry: parameters in signature order (tensor slots and
/// scalar words), then the output tensors of the function's results.
class OrchArgs {
 public:
  TensorSlot tensor(uint32_t index) const;
  uint64_t scalar(uint32_t index) const;
};

/// A creation record of tensor.create: shape array, rank, dtype.
class TensorCreateInfo {
 public:
  TensorCreateInfo(const uint64_t* shape, uint32_t rank, DataType dtype);
};

/// The tensors of one alloc_tensors call, by the index of their creation record.
class TensorBatch {
 public:
  Tensor& operator[](uint32_t index);
};
TensorBatch alloc_tensors(const TensorCreateInfo* infos, uint32_t count);

/// A task id; PTO2_INVALID_TASK_ID is the "no producer" sentinel of a dependency array.
struct PTO2TaskId {
  uint64_t value;
};
extern const PTO2TaskId PTO2_INVALID_TASK_ID;

/// The arguments of one task, added in the kernel's parameter order by direction; scalars as
/// 64-bit words (floats bit-cast). set_dependencies: explicit producers (manual scopes, deps=).
class Arg {
 public:
  Arg();
  void add_input(const Tensor& t);
  void add_output(const Tensor& t);
  void add_inout(const Tensor& t);
  void add_scalar(uint64_t word);
  void set_dependencies(const PTO2TaskId* deps, uint32_t count);
};

/// A mixed task: one cube kernel and one or two vector kernels (-1: none), by kernel id. ptorw
/// names a Group's member rows of the kernel list here, whose entry wrappers read the Group's
/// argument slots (codegen/orch_kernels.hpp), not the member kernels' own rows.
struct MixedKernels {
  int32_t aic;
  int32_t aiv0;
  int32_t aiv1;
};

PTO2TaskId rt_submit_aiv_task(int32_t kernel_id, Arg& args);
PTO2TaskId rt_submit_aic_task(int32_t kernel_id, Arg& args);
PTO2TaskId rt_submit_task(const MixedKernels& mixed, Arg& args);

/// Runtime scopes: PTO2_SCOPE() { ... } is an automatic scope (dependencies derived from the
/// submitted windows); PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... } a manual one (explicit only).
enum class PTO2ScopeMode : uint8_t { AUTO, MANUAL };
class PTO2ScopeGuard {
 public:
  explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO);
  ~PTO2ScopeGuard();
  bool enter();  // true once: the scope's body runs one time
};
#define PTO2_SCOPE(...) for (PTO2ScopeGuard pto2_scope_guard_{__VA_ARGS__}; pto2_scope_guard_.enter();)

/// The two C entry points every orchestration translation unit defines.
extern "C" int32_t orchestration_config();
extern "C" void orchestration_entry(const OrchArgs& orch_args);
