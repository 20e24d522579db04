// One decoder input through what a tool does with it (decode, verify, print when it verifies),
// shared by the smoke corpus (decode_smoke_test.cpp) and the libFuzzer target (decode_fuzz.cpp).
#pragma once
#include <string_view>

#include "ptorw/ir/verify.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::fuzz {

struct DecodeTally {
  long inputs = 0, refused = 0, decoded = 0, verified = 0, unpositioned = 0;

  void run(std::string_view bytes) {
    ++inputs;
    auto r = persist::decode(bytes, "fuzz.msgpack");
    if (!r.ok()) {
      ++refused;
      if (r.errors.empty() || r.errors[0].message.rfind("byte ", 0) != 0) ++unpositioned;
      return;
    }
    ++decoded;
    if (has_errors(ir::verify(*r.program))) return;
    ++verified;
    (void)text::print_program(*r.program);
  }
};

}  // namespace ptorw::fuzz
