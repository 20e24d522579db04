// The driver of a simulated orchestration run (test/orch_sim_test.py): builds the argument pack
// from the command line, one word per slot in slot order —
//   t:<element bytes>:<d0>,<d1>,...   a tensor (a parameter, or an output slot of a result)
//   s:<word>                           a scalar parameter
// — and runs orchestration_entry once; test/support/pto_runtime_sim.hpp prints every task.
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  OrchArgs args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    args.tensors_.emplace_back();
    args.scalars_.push_back(0);
    if (a.rfind("s:", 0) == 0) {
      args.scalars_.back() = std::stoull(a.substr(2));
    } else if (a.rfind("t:", 0) == 0) {
      const std::size_t c = a.find(':', 2);
      auto s = std::make_shared<SimStorage>();
      s->label = "P" + std::to_string(i - 1);
      s->elem_bytes = std::stoull(a.substr(2, c - 2));
      std::vector<uint64_t> shape;
      for (std::size_t at = c + 1; at < a.size();) {
        std::size_t end = a.find(',', at);
        if (end == std::string::npos) end = a.size();
        shape.push_back(std::stoull(a.substr(at, end - at)));
        at = end + 1;
      }
      args.tensors_.back() = Tensor::whole(std::move(s), std::move(shape));
    } else {
      std::fprintf(stderr, "orch_sim: bad slot '%s'\n", a.c_str());
      return 2;
    }
  }
  if (orchestration_config() != argc - 1) {
    std::fprintf(stderr, "orch_sim: orchestration_config() is %d, %d slots given\n", orchestration_config(), argc - 1);
    return 2;
  }
  orchestration_entry(args);
  return 0;
}
