# rule: the capacity table's target switch: the same two 128 KiB tiles fit the a5 Vec (256 KiB, this project's documented assumption), at 0 and 131072
# passes: init-memref,plan-memory
# opt: memory_planner=PYPTO, target=a5
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32], o1: pl.Out[pl.Tensor[[128, 256], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 256], pl.FP32]]) -> pl.Tensor[[128, 256], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (128, 256))
        y = pl.tile.load(b, (0, 0), (128, 256))
        r1 = pl.tile.store(x, (0, 0), o1)
        r2 = pl.tile.store(y, (0, 0), o2)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32]) -> pl.Tensor[[128, 256], pl.FP32]:
        o1 = pl.create_tensor([128, 256], dtype=pl.FP32)
        o2 = pl.create_tensor([128, 256], dtype=pl.FP32)
        r = self.kernel(a, b, o1, o2)
        return r
