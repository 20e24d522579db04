// ptorw: compiler rewrites for tile-level NPU programs, header-only.
//
//   #include <ptorw/ptorw.hpp>
//   auto parsed = ptorw::text::parse_file("kernel.py");            // the pl DSL
//   auto diags  = ptorw::ir::verify(*parsed.program);
//   auto out    = (*ptorw::passes::make_pass("simplify"))(parsed.program);
//   std::string text = ptorw::text::print_program(*out);
//
// This umbrella is the core: IR, text, structural equality and hashing, the verifier, the rewrite
// framework and the pass manager. Pass implementations are separate headers, because each one
// instantiates the fixed-point driver over its rule tables (seconds of -O2 code generation per
// translation unit). To run passes by name, include `ptorw/passes/all.hpp` (light: the registry)
// wherever they run and `ptorw/passes/define_all.hpp` in exactly one translation unit of the
// program, which compiles and registers them all (the CLI and the tests do). Or include the
// header of a single pass (`ptorw/patterns/...`): it registers itself under its name.
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
