// ptorw: compiler rewrites for tile-level NPU programs, header-only.
//
//   #include <ptorw/ptorw.hpp>
//   auto parsed = ptorw::text::parse_file("kernel.py");            // the pl DSL
//   auto diags  = ptorw::ir::verify(*parsed.program);
//   auto out    = (*ptorw::passes::make_pass("simplify"))(parsed.program);
//   std::string text = ptorw::text::print_program(*out);
//
// Narrower headers exist for each part (ir/, text/, visit/, rewrite/, passes/); include those in
// translation units that need only one of them.
#pragma once
#include "ptorw/ir.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/all.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/rewrite/driver.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/hash.hpp"
