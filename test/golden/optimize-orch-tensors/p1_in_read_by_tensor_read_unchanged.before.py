# rule: Pattern 1 (Iter-Arg Reuse), callee side — after the merge the kernel writes the buffer it reads, so In param x may be read only by tile.load: here it is also read by tensor.read, so out is not merged (remark: "In param 'x' is used other than as the source of tile.load")
# expect: unchanged
import ptorw.language as pl


@pl.program
class InReadByTensorRead:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        bias = pl.tensor.read(x, [0, 0])
        u = pl.tile.adds(t, bias)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(3, init_values=(x,)):
            o = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.scale(acc, o)
            res = pl.yield_(nxt)
        return res
