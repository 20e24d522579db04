// libFuzzer target for the DSL parser (issue 5): the parser must never crash, whatever the input.
// Accepted programs are also printed, re-parsed and verified, so the printer and the verifier
// see every shape of program the parser lets through. Built by scripts/fuzz-parser.sh with clang
// (-fsanitize=fuzzer,address,undefined); not part of the Meson build.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  auto r = ptorw::text::parse_program(src, "fuzz.py");
  if (!r.ok()) return 0;
  (void)ptorw::ir::verify(*r.program);
  auto again = ptorw::text::parse_program(ptorw::text::print_program(*r.program), "printed.py");
  (void)again;
  return 0;
}
