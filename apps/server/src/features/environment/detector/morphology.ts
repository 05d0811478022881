/** Offsets (dx, dy) of a disk of `radius` cells. */
function diskOffsets(radius: number): [number, number][] {
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++)
      if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
  return offsets;
}

/**
 * Morphological closing of a 0/1 mask by a disk (dilation, then erosion): gaps and notches narrower than twice
 * `radius` cells between parts of the mask are filled, the outline elsewhere stays where it was. Cells where
 * `allowed` is 0 (outside the analysed area) are never set, and the cells of the mask always stay set (the
 * closing only adds). Beyond the grid's edge counts as unset: no gap is closed against the edge.
 */
export function closeMask(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
  allowed: Uint8Array,
): Uint8Array {
  if (radius < 1) return mask;
  const disk = diskOffsets(radius);
  const dilated = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] !== 1) continue;
    const x = i % width;
    const y = (i - x) / width;
    for (const [dx, dy] of disk) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && nx < width && ny >= 0 && ny < height) dilated[ny * width + nx] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) {
    if (dilated[i] !== 1 || allowed[i] !== 1) continue;
    if (mask[i] === 1) {
      out[i] = 1;
      continue;
    }
    const x = i % width;
    const y = (i - x) / width;
    out[i] = disk.every(([dx, dy]) => {
      const nx = x + dx;
      const ny = y + dy;
      return nx >= 0 && nx < width && ny >= 0 && ny < height && dilated[ny * width + nx] === 1;
    })
      ? 1
      : 0;
  }
  return out;
}
