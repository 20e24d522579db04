# A kernel written as a pl.at scope (cli_tasks_test.sh): advise lists it as a candidate (review rev43c 2), swimlane --compare default draws its before panel (rev43c 8)
import ptorw.language as pl

@pl.program
class T23:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], y: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(4):
            with pl.at(level=pl.Level.CORE_GROUP, name_hint="rows"):
                t = pl.load(x, [i * 16, 0], [16, 64])
                u = pl.tile.exp(t)
                pl.store(u, [i * 16, 0], y)
        return y
