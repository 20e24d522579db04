# rule: pto_format.md "Addresses and planners" (under an addressed planner every alloc_tile has addr; under PTOAS none does: one planner per kernel) and "A selected kernel's compilation, verification or execution error propagates; there is no catch-and-recompile fallback" (so selection must not pick what conversion cannot lower): a hand-planned kernel with one addressed (mem) and one addressless (mem2) allocation stays Tile at selection, naming the addressless one (audit 2026-12-05 R2: it was selected, then lowering failed its own BufferIR verifier)
# passes: select-buffer-ir,lower-tile-to-buffer
# expect-remark: stays on Tile IR: this tile.alloc has no addr= while others of the kernel have one
@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem2, 0, 4096), pl.Mem.Vec] = pl.tile.exp(x)
        o = pl.tile.store(y, [0, 0], out)
        return o
