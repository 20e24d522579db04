# rule: Pattern 5 Output-window eligibility — window shape and offset must be statically known: the tile stored on each trip of the aggregate loop has pl.tile.get_block_num() rows, so the aggregate window has no static shape and out stays full (remark: "AggregateWindowLoop: the stored tile has no static shape of the parameter's rank"); x's read shares that dynamic shape (remark: "a reference has no static window shape")
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def cols(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
        n = pl.tile.get_block_num()
        t = pl.load(x, [0, 0], [n, 64])
        for j, (acc,) in pl.range(2, init_values=(out,)):
            s = pl.store(t, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Tensor[[64, 128], pl.FP32]) -> pl.Tensor[[64, 128], pl.FP32]:
        y = self.cols(x, 16, o)
        return y
