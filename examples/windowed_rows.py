# Static window externalization material (Pattern 5): kernels opted in with
# attrs={"windowize": True} that each touch one 32-row window of a large tensor.
# `scale_rows` writes a row window of its Out param with a final tile.store (FinalStore);
# `bias_rows` also reads only the same row window of its In tensor (an input window).
# `main` calls `scale_rows` from a For loop (row = i * 32) and `bias_rows` from a While loop whose
# row counter is an iter-arg (`pl.while_` + `pl.cond`); `clamp_all` is not opted in and keeps its
# whole-tensor arguments.
import ptorw.language as pl


@pl.program
class WindowedRows:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale_rows(self, src: pl.Tensor[[256, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                   dst: pl.Out[pl.Tensor[[256, 64], pl.FP32]]) -> pl.Tensor[[256, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(src, [row, 0], [32, 64])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[256, 64], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def bias_rows(self, src: pl.Tensor[[256, 64], pl.FP32], bias: pl.Tensor[[32, 64], pl.FP32],
                  row: pl.Scalar[pl.INDEX],
                  dst: pl.Out[pl.Tensor[[256, 64], pl.FP32]]) -> pl.Tensor[[256, 64], pl.FP32]:
        t = pl.load(src, [row, 0], [32, 64])
        b = pl.load(bias, [0, 0], [32, 64])
        s = pl.tile.add(t, b)
        r = pl.store(s, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def clamp_all(self, src: pl.Tensor[[256, 64], pl.FP32],
                  dst: pl.Out[pl.Tensor[[256, 64], pl.FP32]]) -> pl.Tensor[[256, 64], pl.FP32]:
        for i, (acc,) in pl.range(8, init_values=(dst,)):
            t = pl.load(src, [i * 32, 0], [32, 64])
            c = pl.tile.relu(t)
            nxt = pl.store(c, [i * 32, 0], acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[256, 64], pl.FP32],
             bias: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[256, 64], pl.FP32]:
        scaled0 = pl.create_tensor([256, 64], dtype=pl.FP32)
        for i, (scaled_acc,) in pl.range(8, init_values=(scaled0,)):
            scaled_next = self.scale_rows(x, i * 32, scaled_acc)
            scaled = pl.yield_(scaled_next)
        biased0 = pl.create_tensor([256, 64], dtype=pl.FP32)
        row0: pl.Scalar[pl.INDEX] = 0
        for (biased_acc, row) in pl.while_(init_values=(biased0, row0)):
            pl.cond(row < 256)
            biased_next = self.bias_rows(scaled, bias, row, biased_acc)
            row_next = row + 32
            biased, row_end = pl.yield_(biased_next, row_next)
        out = pl.create_tensor([256, 64], dtype=pl.FP32)
        clamped = self.clamp_all(biased, out)
        return clamped
