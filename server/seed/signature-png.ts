import { PNG } from "pngjs";

/**
 * A hand-signature-like PNG for demo records: a smooth stroke on a transparent background,
 * different per `seed`. Returns the PNG bytes and the stroke points (both as a client would send).
 */
export function demoSignature(seed: number, width = 320, height = 110): { png: Buffer; strokes: { x: number; y: number }[][] } {
  const png = new PNG({ width, height });
  const points: { x: number; y: number }[] = [];
  const amp = 22 + (seed % 5) * 4;
  const freq = 0.045 + (seed % 3) * 0.012;
  for (let x = 18; x < width - 18; x += 2) {
    const y = height / 2 + Math.sin(x * freq + seed) * amp * Math.sin((x / width) * Math.PI) + Math.cos(x * 0.11 + seed) * 6;
    points.push({ x, y: Math.round(y) });
  }
  const plot = (cx: number, cy: number) => {
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        const x = Math.round(cx + dx);
        const y = Math.round(cy + dy);
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const i = (y * width + x) * 4;
        png.data[i] = 20;
        png.data[i + 1] = 35;
        png.data[i + 2] = 90;
        png.data[i + 3] = 255;
      }
    }
  };
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const steps = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
    for (let s = 0; s <= steps; s += 1) plot(a.x + ((b.x - a.x) * s) / Math.max(1, steps), a.y + ((b.y - a.y) * s) / Math.max(1, steps));
  }
  return { png: PNG.sync.write(png), strokes: [points] };
}
