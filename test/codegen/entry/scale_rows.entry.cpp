// Entry wrapper of kernel 'scale_rows' (kernels/scale_rows.pto), written by ptorw compile: unpacks the task's
// argument slots (2 tensor pointers, then 1 scalar) and calls the PTO function.
#include <cstdint>

extern "C" void scale_rows(float* src, float* dst, int64_t row);

extern "C" void scale_rows_entry(const uint64_t* args) {
  float* src = reinterpret_cast<float*>(static_cast<uintptr_t>(args[0]));
  float* dst = reinterpret_cast<float*>(static_cast<uintptr_t>(args[1]));
  int64_t row = static_cast<int64_t>(args[2]);
  scale_rows(src, dst, row);
}
