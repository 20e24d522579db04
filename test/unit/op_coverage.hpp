// What the oracle suite's tables hold, asked by the op-row cross-coverage test (op_rows_test.cpp):
// each table stays private to the file that runs it, and answers here by op name.
#pragma once
#include <string_view>

/// interp_oracle_test.cpp: the op has a reference formula (oracle_ref.hpp) in its kRefs.
bool oracle_has_formula(std::string_view op);
/// interp_poison_table_test.cpp: the op has a row in the poison table.
bool poison_table_has_row(std::string_view op);
/// interp_reductions_test.cpp: the reduction or broadcast op has a formula its tests check.
bool reductions_test_has_formula(std::string_view op);
/// interp_cast_test.cpp: tile.cast has the formulas its tests check.
bool cast_test_has_formula(std::string_view op);
/// interp_tile_read_test.cpp: tile.read has the formula its tests check.
bool tile_read_test_has_formula(std::string_view op);
