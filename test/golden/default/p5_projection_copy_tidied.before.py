# rule: default is idempotent ("passes are idempotent"): Pattern 5's projection rewrite leaves v_b = v_a for the second projection of the windowed result; OptimizeOrchTensors then simplifies the caller it marked untidy, which propagates the copy, so a second run of default changes nothing
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           k_out: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
           v_out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
           ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        k_r = pl.store(a, [row, 0], k_out)
        v_r = pl.store(b, [row, 0], v_out)
        return k_r, v_r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], k_cache: pl.Tensor[[64, 32], pl.FP32],
             v_cache: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64, 32], pl.FP32]:
        result = self.kv(x, 32, k_cache, v_cache)
        if flag:
            v_a = result[1]
            out = pl.yield_(v_a)
        else:
            v_b = result[1]
            out = pl.yield_(v_b)
        return out
