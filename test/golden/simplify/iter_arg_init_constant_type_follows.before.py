# rule: simplify — constant propagation into an iter arg's init makes a new iter arg (its init is part of its definition); every use of the old one follows it, the uses inside types too (`valid_shape=[k_acc, 64]`): a type left naming the old iter arg reads a variable that no longer exists
import ptorw.language as pl


@pl.program
class InitIntoTypes:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k0 = 1
        for i, (out_acc, k_acc) in pl.range(4, init_values=(out, k0)):
            t = pl.load(x, [0, 0], [16, 64], valid_shape=[k_acc, 64])
            u = pl.tile.adds(t, 1.0)
            stored = pl.store(u, [0, 0], out_acc)
            k_next = k_acc + 1
            out_end, k_end = pl.yield_(stored, k_next)
        return out_end
