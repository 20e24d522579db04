# A row-blocked softmax with PyPTO's reductions and broadcasts (its tutorial "Reduction and
# Softmax"; docs/dsl.md rows "reductions" and "broadcasts"). `softmax_rows` normalises one 16-row
# block: the row maximum (a [16, 1] tile, with a full-width scratch tile), row_expand_sub, exp, the
# row sum, row_expand_div. `col_share` divides each column of a block by its column sum
# (col_sum, col_expand_div). main walks the four blocks in a loop carrying the result.
#
# What each stage does with it: the passes of `default` rewrite the orchestration (the kernels are
# opted in to Pattern 5, so each call writes only its block's window); the kernels stay on Tile IR
# (the lowering spec has no reduction or broadcast recipe) and `ptorw compile` names that as the
# reason it writes no PTO for them; the interpreter runs all of it (`ptorw run`, `ptorw diffcheck`).
import ptorw.language as pl


@pl.program
class SoftmaxRows:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def softmax_rows(self, x: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                     out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [row, 0], [16, 64])
        tmp = pl.create_tile([16, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec)
        m: pl.Tile[[16, 1], pl.FP32] = pl.row_max(t, tmp)
        e = pl.exp(pl.row_expand_sub(t, m))
        s: pl.Tile[[16, 1], pl.FP32] = pl.row_sum(e, tmp)
        r = pl.store(pl.row_expand_div(e, s), [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def col_share(self, p: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                  out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(p, [row, 0], [16, 64])
        c: pl.Tile[[1, 64], pl.FP32] = pl.col_sum(t)
        r = pl.store(pl.col_expand_div(t, c), [row, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        probs = pl.create_tensor([64, 64], dtype=pl.FP32)
        shares = pl.create_tensor([64, 64], dtype=pl.FP32)
        for b, (p, q) in pl.range(4, init_values=(probs, shares)):
            p2 = self.softmax_rows(x, b * 16, p)
            q2 = self.col_share(p2, b * 16, q)
            p_out, q_out = pl.yield_(p2, q2)
        return q_out
