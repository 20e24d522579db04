# rule: Pattern 2 (Assemble Parent Strides), Solution — "Attach the parent tensor's shape as TensorView strides on the InCore function's Out param type": the callee returns that param's memory, so its result type carries the view, and in the caller every value typed from the call's result follows it as the parser would type it — a pl.submit result, a plain alias, an If result yielding it in its first arm, an iter arg starting from it and the loop's result, an op typed by its first operand (tensor.add); tensor.assemble keeps its parent's type
import ptorw.language as pl


@pl.program
class CallerFlow:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        buf = pl.create_tensor([64, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.manual_scope():
            r, tid = pl.submit(self.scale, x, tmp)
        placed = pl.tensor.assemble(buf, r, [0, 32])
        alias = r
        if flag < 1:
            pick = pl.yield_(alias)
        else:
            pick = pl.yield_(x)
        for i, (acc,) in pl.range(2, init_values=(pick,)):
            nxt = pl.tensor.add(acc, x)
            res = pl.yield_(nxt)
        return placed, res
