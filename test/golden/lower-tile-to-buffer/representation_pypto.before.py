# rule: Representation example — planned Tile load/load/add/store becomes buffer.alloc at the allocation definitions plus destination-passing buffer.load/add/store; addressed planner (PYPTO) passes the final address exactly once
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class Rep:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem_a = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem_b = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        mem_r = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        lhs: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_a, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        rhs: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_b, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        total: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem_r, 0, 2048), pl.Mem.Vec] = pl.tile.add(lhs, rhs)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(total, [0, 0], Out)
        return result
