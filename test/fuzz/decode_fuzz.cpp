// libFuzzer target for the binary IR decoder (issue 23): whatever the bytes, decoding must end in
// a program or a positioned error — never a crash, a hang or an unbounded allocation. A decoded
// program goes on through what a tool does with it (decode_check.hpp: verify; print when it
// verifies), and one that verifies must encode back to a decodable file. Built by
// scripts/fuzz-decoder.sh with clang (-fsanitize=fuzzer,address,undefined); not part of the Meson
// build (the smoke corpus of the same checks is: decode_smoke_test.cpp).
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "decode_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  ptorw::fuzz::DecodeTally t;
  t.run(bytes);
  if (t.unpositioned) __builtin_trap();  // an error without its byte offset
  if (t.verified) {
    auto r = ptorw::persist::decode(bytes, "fuzz.msgpack");
    if (!ptorw::persist::decode(ptorw::persist::encode(*r.program), "again").ok()) __builtin_trap();
  }
  return 0;
}
