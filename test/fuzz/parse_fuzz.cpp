// libFuzzer target for the DSL parser (issue 5): the parser must never crash, whatever the input.
// Accepted programs are also verified, printed and re-parsed (the reparse must be structurally
// equal), so the printer and the verifier see every shape of program the parser lets through.
// Built by scripts/fuzz-parser.sh with clang (-fsanitize=fuzzer,address,undefined); not part of
// the Meson build.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
#include "round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view src(reinterpret_cast<const char*>(data), size);
  auto r = ptorw::text::parse_program(src, "fuzz.py");
  if (!r.ok()) return 0;
  (void)ptorw::ir::verify(*r.program);
  // A broken round trip is reported as a crash, so libFuzzer keeps the input.
  if (!ptorw::fuzz::round_trip_failure(*r.program).empty()) __builtin_trap();
  return 0;
}
