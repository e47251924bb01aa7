/** Drawn strokes as the clients send them: arrays of points. */
export type Strokes = Array<Array<{ x: number; y: number }>>;
