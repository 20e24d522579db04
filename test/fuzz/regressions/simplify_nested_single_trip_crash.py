# fuzz_diff regression (generator seed 632, minimised by hand): `simplify` (RemoveSingleTripLoops,
# patterns/normalize/single_trip_loop.hpp) crashes with SIGSEGV on a single-trip loop nested in a
# single-trip loop. In Inliner::inline_loop, `visit::FlatStmts it(stmt(f.body));` iterates over the
# temporary returned by stmt(): when the inner loop was rewritten, that temporary owns the only
# reference to the new body and is destroyed before the iteration starts.
# Expected: the pass inlines both loops; diffcheck equal. Found by bench/fuzz_diff --isolate.
import ptorw.language as pl


@pl.program
class NestedSingleTrip:
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[16, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.load(x, [0, 0], [16, 16])
        b = pl.tile.add(a, a)
        r = pl.store(b, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x0: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        for i, (h,) in pl.range(1, init_values=(x0,)):
            for j, (g,) in pl.range(1, init_values=(h,)):
                buf = pl.tensor.create([16, 16], dtype=pl.FP32)
                r = self.twice(g, buf)
                gr = pl.yield_(r)
            hr = pl.yield_(gr)
        return hr
