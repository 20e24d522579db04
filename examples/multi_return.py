# Multi-result kernels: `split_scale` writes two Out tensors and returns both
# (`-> tuple[...]`, `return a, b`). The orchestration unpacks the results (`lo_blk, hi_blk = ...`),
# carries two tensors through one loop (`init_values=(lo_all, hi_all)`, `pl.yield_` of two values),
# assembles both into their parents, projects one result of a tuple value (`pair[1]`), and returns
# two results itself. `combine` is a kernel with its own loop that stores row blocks into its Out
# param carried as an iter-arg.
import ptorw.language as pl


@pl.program
class MultiReturn:
    @pl.function(type=pl.FunctionType.InCore)
    def split_scale(self, x: pl.Tensor[[64, 128], pl.FP32],
                    lo: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
                    hi: pl.Out[pl.Tensor[[64, 128], pl.FP32]]
                    ) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        t = pl.load(x, [0, 0], [64, 128])
        half = pl.tile.muls(t, 0.5)
        shifted = pl.tile.adds(t, 1.0)
        lo_out = pl.store(half, [0, 0], lo)
        hi_out = pl.store(shifted, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.InCore)
    def combine(self, lo: pl.Tensor[[256, 128], pl.FP32], hi: pl.Tensor[[256, 128], pl.FP32],
                dst: pl.Out[pl.Tensor[[256, 128], pl.FP32]]) -> pl.Tensor[[256, 128], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(dst,)):
            a = pl.load(lo, [i * 64, 0], [64, 128])
            b = pl.load(hi, [i * 64, 0], [64, 128])
            c = pl.tile.maximum(a, b)
            nxt = pl.store(c, [i * 64, 0], acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[256, 128], pl.FP32]
             ) -> tuple[pl.Tensor[[256, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        lo_all = pl.create_tensor([256, 128], dtype=pl.FP32)
        hi_all = pl.create_tensor([256, 128], dtype=pl.FP32)
        for r, (lo_acc, hi_acc) in pl.range(4, init_values=(lo_all, hi_all)):
            x_blk = pl.tensor.slice(x, [64, 128], [r * 64, 0])
            lo_buf = pl.create_tensor([64, 128], dtype=pl.FP32)
            hi_buf = pl.create_tensor([64, 128], dtype=pl.FP32)
            lo_blk, hi_blk = self.split_scale(x_blk, lo_buf, hi_buf)
            lo_next = pl.tensor.assemble(lo_acc, lo_blk, [r * 64, 0])
            hi_next = pl.tensor.assemble(hi_acc, hi_blk, [r * 64, 0])
            lo_out, hi_out = pl.yield_(lo_next, hi_next)
        merged_buf = pl.create_tensor([256, 128], dtype=pl.FP32)
        merged = self.combine(lo_out, hi_out, merged_buf)
        head = pl.tensor.slice(x, [64, 128], [0, 0])
        head_lo_buf = pl.create_tensor([64, 128], dtype=pl.FP32)
        head_hi_buf = pl.create_tensor([64, 128], dtype=pl.FP32)
        pair = self.split_scale(head, head_lo_buf, head_hi_buf)
        head_hi = pair[1]
        return merged, head_hi
