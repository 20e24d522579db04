// Entry wrapper of kernel 'clamp_all' (kernels/clamp_all.pto), written by ptorw compile: unpacks the task's
// argument slots (2 tensor pointers) and calls the PTO function.
#include <cstdint>

extern "C" void clamp_all(float* src, float* dst);

extern "C" void clamp_all_entry(const uint64_t* args) {
  float* src = reinterpret_cast<float*>(static_cast<uintptr_t>(args[0]));
  float* dst = reinterpret_cast<float*>(static_cast<uintptr_t>(args[1]));
  clamp_all(src, dst);
}
