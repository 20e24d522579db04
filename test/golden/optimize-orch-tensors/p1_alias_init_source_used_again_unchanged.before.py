# rule: Pattern 1 (Iter-Arg Reuse) — the loop's init buffer is written in place after the merge, so it must have no other use (conservative); through a plain alias `acc0 = buf` that holds for buf too: buf is read again by another kernel after the loop, so the merge would hand it the overwritten buffer
# expect: unchanged
# expect-remark: iter_arg_reuse: 'compute' Out param 'out_0' not merged: the init of iter-arg 'acc': 'acc0' is an alias of 'buf': 'buf' has 1 other use, which would see its buffer overwritten
import ptorw.language as pl


@pl.program
class AliasInitSourceUsedAgain:
    @pl.function(type=pl.FunctionType.InCore)
    def compute(self, x: pl.Tensor[[64], pl.FP32],
                out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        y_tile = pl.tile.add(x_tile, x_tile)
        ret = pl.store(y_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.InCore)
    def reader(self, x: pl.Tensor[[64], pl.FP32],
               out_0: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        x_tile = pl.load(x, (0,), (64,))
        ret = pl.store(x_tile, (0,), out_0)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, buf: pl.Tensor[[64], pl.FP32], o2: pl.Out[pl.Tensor[[64], pl.FP32]]
             ) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        acc0 = buf
        for i, (acc,) in pl.range(10, init_values=(acc0,)):
            out_0 = pl.tensor.create((64,), dtype=pl.FP32)
            result = self.compute(acc, out_0)
            acc_out = pl.yield_(result)
        copy = self.reader(buf, o2)
        return acc_out, copy
