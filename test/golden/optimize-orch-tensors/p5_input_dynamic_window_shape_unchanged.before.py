# rule: Pattern 5 Input-window eligibility — pure input-window shape expressions may reference only callee params: x is read through a tensor.slice whose row count is pl.tile.get_block_num(), not a callee param, so no static window is proven and x stays full (remark: "a reference has no static window shape"); out is written whole at offset zero (nothing to narrow)
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def rd(self, x: pl.Tensor[[64, 32], pl.FP32],
           out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        n = pl.tile.get_block_num()
        a = pl.tensor.slice(x, [n, 32], [0, 0])
        t = pl.load(a, [0, 0], [16, 32])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.rd(x, o)
        return r
