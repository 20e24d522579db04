// Prints one generated program: `print_generated ssa|ssa-wide|text|text-tensors|strided SEED`
// (test/fuzz/gen_program.hpp or gen_text_program.hpp, default options: the programs fuzz_diff
// checks; `ssa-wide`: half of them with a wide parameter whose column windows the kernels read,
// GenOptions::wide_percent; `text-tensors`: the hand-written style with tensor results only, which
// an orchestration function's C++ can return; `strided`: views passed through ifs, loops and calls,
// gen_strided_program.hpp).
// For scripts that need generated programs as files (test/orch_sim_test.py) without building the
// whole fuzzer.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gen_program.hpp"
#include "gen_strided_program.hpp"
#include "gen_text_program.hpp"

int main(int argc, char** argv) {
  const std::string style = argc == 3 ? argv[1] : "";
  if (style != "ssa" && style != "ssa-wide" && style != "text" && style != "text-tensors" && style != "strided") {
    std::fprintf(stderr, "usage: print_generated ssa|ssa-wide|text|text-tensors|strided SEED\n");
    return 2;
  }
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  ptorw::fuzz::TextGenOptions text;
  text.tensor_results = style == "text-tensors";
  ptorw::fuzz::GenOptions ssa;
  if (style == "ssa-wide") ssa.wide_percent = 50;
  const std::string p = style == "strided"                ? ptorw::fuzz::generate_strided_program(seed)
                        : style.rfind("ssa", 0) == 0 ? ptorw::fuzz::generate_program(seed, ssa)
                                                   : ptorw::fuzz::generate_text_program(seed, text);
  std::fwrite(p.data(), 1, p.size(), stdout);
  return 0;
}
