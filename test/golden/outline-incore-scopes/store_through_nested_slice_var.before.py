# rule: outline-incore-scopes — "... through values carrying it": a view made inside the scope from a view of `out` (`v = pl.slice(pl.slice(out, ...), ...)`) carries `out` as a single slice does (store_through_slice_var), so storing into `v` makes `out` Out
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            v = pl.slice(pl.slice(out, [32, 64], [32, 0]), [16, 64], [16, 0])
            t = pl.load(x, [0, 0], [16, 64])
            pl.store(t, [0, 0], v)
        return out
