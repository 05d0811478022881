import { TILE_SIZE } from './tile-math';

const TILE_BYTES = TILE_SIZE * TILE_SIZE * 4;

/**
 * Reusable 256 × 256 RGBA tile buffers for one pyramid. Every new ArrayBuffer counts as external memory to
 * V8, which starts a full mark-compact of the heap after each ~64 MB of them: fresh tiles and source windows
 * cost the ingest of a 64 MP scene ~50 mark-compacts of the server's 70 MB heap, ~16 with both reused
 * (byte-spares.ts for the windows), and about 3 s of its 14 s of CPU.
 * A tile is reused only once every holder has released it; a holder that never releases (a test or bench
 * that keeps its tiles) only means that buffer is never reused.
 */
export interface TileBuffers {
  /** An all-zero tile (transparent everywhere), held by no one yet. */
  take(): Uint8Array;
  /** `tile` now has `holders` owners, each of which calls `release` once when done with it. */
  hold(tile: Uint8Array, holders: number): void;
  release(tile: Uint8Array): void;
  /** Returns a tile from `take` that was never written to, nor held. */
  giveBack(tile: Uint8Array): void;
}

export function createTileBuffers(maxFree = 128): TileBuffers {
  const free: Uint8Array[] = [];
  const dirty = new Set<Uint8Array>();
  const holders = new Map<Uint8Array, number>();
  const recycle = (tile: Uint8Array, written: boolean) => {
    if (free.length >= maxFree) return;
    if (written) dirty.add(tile);
    free.push(tile);
  };
  return {
    take() {
      const tile = free.pop();
      if (!tile) return new Uint8Array(TILE_BYTES);
      if (dirty.delete(tile)) tile.fill(0);
      return tile;
    },
    hold(tile, count) {
      if (count > 0) holders.set(tile, count);
      else recycle(tile, true);
    },
    release(tile) {
      const left = (holders.get(tile) ?? 0) - 1;
      if (left > 0) {
        holders.set(tile, left);
        return;
      }
      if (!holders.delete(tile)) return; // not ours, or released twice
      recycle(tile, true);
    },
    giveBack(tile) {
      recycle(tile, false);
    },
  };
}
