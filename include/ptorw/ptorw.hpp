// ptorw: compiler rewrites for tile-level NPU programs, header-only.
//
//   #include <ptorw/ptorw.hpp>
//   auto parsed = ptorw::text::parse_file("kernel.py");            // the pl DSL
//   auto diags  = ptorw::ir::verify(*parsed.program);
//   auto out    = (*ptorw::passes::make_pass("simplify"))(parsed.program);
//   std::string text = ptorw::text::print_program(*out);
//
// This umbrella is the core: IR, text, structural equality and hashing, the verifier, the rewrite
// framework and the pass manager. It declares the heavy entry points (parse, print, verify, ...)
// and the passes; their code is compiled once per program, in the one translation unit that
// includes <ptorw/define_all.hpp> first (ptorw/entry.hpp says why; a one-file program includes
// just that header). Nothing to link: that TU compiles the code from these headers. To run passes
// by name include the light `ptorw/passes/all.hpp`; or include the header of a single pass
// (`ptorw/patterns/...`): it registers itself under its name.
#pragma once
#include "ptorw/ir.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/rewrite/driver.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/hash.hpp"
