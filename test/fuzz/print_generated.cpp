// Prints one generated program: `print_generated ssa|text SEED` (test/fuzz/gen_program.hpp or
// gen_text_program.hpp, default options: the programs fuzz_diff checks). For scripts that need
// generated programs as files (test/orch_sim_test.py) without building the whole fuzzer.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gen_program.hpp"
#include "gen_text_program.hpp"

int main(int argc, char** argv) {
  if (argc != 3 || (std::string(argv[1]) != "ssa" && std::string(argv[1]) != "text")) {
    std::fprintf(stderr, "usage: print_generated ssa|text SEED\n");
    return 2;
  }
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const std::string p = std::string(argv[1]) == "ssa" ? ptorw::fuzz::generate_program(seed) : ptorw::fuzz::generate_text_program(seed);
  std::fwrite(p.data(), 1, p.size(), stdout);
  return 0;
}
