# rule: Initial supported recipes, "GM load/store preserve matching element types without casts"; only an Acc store converts ("Acc stores drain through the fix-pipe with its unscaled conversions only"): the same FP32 values in Vec stored into a BF16 tensor are refused by the verifier at the store
# expect-error: tile.store operand 1 ('f') has dtype pl.FP32 but operand 3 ('Out') has pl.BF16 (only an Acc tile's store converts: FP32 to FP16 or BF16)
@pl.program
class Vec:
    @pl.function(type=pl.FunctionType.AIV)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.BF16]]) -> pl.Tensor[[16, 32], pl.BF16]:
        f = pl.load(A, [0, 0], [16, 32])
        result = pl.store(f, [0, 0], Out)
        return result
