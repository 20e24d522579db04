# rule: Matrix storage and cube recipes: "Pipeline-stage membership attributes only constrain storage planning, which the MemRefs already record. The pass drops that attribute (address planning strips it earlier; PTOAS keeps it until here)": a PTOAS-planned (addressless) cube kernel whose tile ops carry the pipeline-stage membership call attribute (attrs={"pipeline_stage": N}, docs/dsl.md "Call attributes") lowers to Buffer calls without it
# passes: lower-tile-to-buffer
@pl.program
class Staged:
    @pl.function(type=pl.FunctionType.AIC)
    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16],
               Out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        mem_a = pl.tile.alloc(pl.Mem.Mat, 2048)
        mem_b = pl.tile.alloc(pl.Mem.Mat, 2048)
        mem_l = pl.tile.alloc(pl.Mem.Left, 2048)
        mem_r = pl.tile.alloc(pl.Mem.Right, 2048)
        mem_acc = pl.tile.alloc(pl.Mem.Acc, 4096)
        a: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_a, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat, attrs={"pipeline_stage": 0})
        b: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_b, 0, 2048), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat, attrs={"pipeline_stage": 0})
        l: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_l, 0, 2048), pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left, attrs={"pipeline_stage": 1})
        r: pl.Tile[[32, 32], pl.FP16, pl.MemRef(mem_r, 0, 2048), pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right, attrs={"pipeline_stage": 1})
        p: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mem_acc, 0, 4096), pl.Mem.Acc] = pl.tile.matmul(l, r, attrs={"pipeline_stage": 2})
        result: pl.Tensor[[32, 32], pl.FP32] = pl.store(p, [0, 0], Out, attrs={"pipeline_stage": 3})
        return result
