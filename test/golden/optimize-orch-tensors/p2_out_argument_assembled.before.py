# rule: Pattern 2 (Assemble Parent Strides), Solution — tensor.assemble(parent, incore_result, offset) where the part is the call's Out argument tmp (tensors are passed by reference: after the call tmp holds what scale stored, the incore result), assembled after the call and passed to no other call: the parent's row-major strides [64, 1] go on the Out param and the store result, as when the call's result r is assembled (review rev41a F1: unchanged, and compile refused the copying assemble)
import ptorw.language as pl


@pl.program
class AssembleRowBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, tmp, [i * 16, 32])
            res = pl.yield_(nxt)
        return res
