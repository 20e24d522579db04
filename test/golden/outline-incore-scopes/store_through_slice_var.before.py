# rule: outline-incore-scopes — "... directly or through values carrying it": a slice view made inside the scope (`v = pl.slice(out, ...)`) carries `out`; storing into `v` writes `out` (Out), and a view that is only loaded from is a read (`x` stays In) (re-audit 2026-12-05 G1)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            src = pl.slice(x, [16, 64], [0, 0])
            v = pl.slice(out, [16, 64], [16, 0])
            t = pl.load(src, [0, 0], [16, 64])
            pl.store(t, [0, 0], v)
        return out
