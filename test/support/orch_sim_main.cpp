// The driver of a simulated orchestration run (test/orch_sim_test.py): `sim CASE SLOT...` builds the
// argument pack from the slots, one word per slot in slot order —
//   t:<element bytes>:<d0>,<d1>,...[:<s0>,<s1>,...]   a tensor (a parameter, or an output slot of a
//                                    result), packed row-major or with the given element strides
//   s:<word>                           a scalar parameter
// — and runs orchestration function CASE once; test/support/pto_runtime_sim.hpp prints every task.
// The cases (every orchestration file of the run, each in a namespace of its own) are compiled
// into another translation unit that the test writes, which defines the two functions below.
#include <cstdio>
#include <cstdlib>
#include <string>

int32_t sim_case_config(int k);
void sim_case_entry(int k, const OrchArgs& args);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: sim CASE SLOT...\n");
    return 2;
  }
  const int k = std::atoi(argv[1]);
  OrchArgs args;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    args.tensors_.emplace_back();
    args.scalars_.push_back(0);
    if (a.rfind("s:", 0) == 0) {
      args.scalars_.back() = std::stoull(a.substr(2));
    } else if (a.rfind("t:", 0) == 0) {
      const std::size_t c = a.find(':', 2);
      auto s = std::make_shared<SimStorage>();
      s->label = "P" + std::to_string(i - 2);
      s->elem_bytes = std::stoull(a.substr(2, c - 2));
      auto numbers = [](const std::string& list) {
        std::vector<uint64_t> v;
        for (std::size_t at = 0; at < list.size();) {
          std::size_t end = list.find(',', at);
          if (end == std::string::npos) end = list.size();
          v.push_back(std::stoull(list.substr(at, end - at)));
          at = end + 1;
        }
        return v;
      };
      const std::size_t c2 = a.find(':', c + 1);
      std::vector<uint64_t> shape = numbers(a.substr(c + 1, c2 == std::string::npos ? std::string::npos : c2 - c - 1));
      args.tensors_.back() = Tensor::whole(std::move(s), std::move(shape));
      if (c2 != std::string::npos) args.tensors_.back().set_strides(numbers(a.substr(c2 + 1)));
    } else {
      std::fprintf(stderr, "orch_sim: bad slot '%s'\n", a.c_str());
      return 2;
    }
  }
  const int slots = argc - 2;
  if (sim_case_config(k) != slots) {
    std::fprintf(stderr, "orch_sim: orchestration_config() is %d, %d slots given\n", sim_case_config(k), slots);
    return 2;
  }
  sim_case_entry(k, args);
  return 0;
}
