import ptorw.language as pl


@pl.program
class NestedLoops:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc0 = pl.tensor.create([16, 64], dtype=pl.FP32)
        for i, (acc_i,) in pl.range(4, init_values=(acc0,)):
            for j, (acc_j,) in pl.range(2, init_values=(acc_i,)):
                part = pl.tensor.slice(a, [16, 32], [0, j * 32])
                acc_next = pl.tensor.assemble(acc_j, part, [0, j * 32])
                acc_j_out = pl.yield_(acc_next)
            acc_i_out = pl.yield_(acc_j_out)
        return acc_i_out
