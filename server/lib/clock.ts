/**
 * The one clock. Services read time through `clock.now()` so that time-based rules
 * (token lifetimes, lockouts, QR expiry) are testable; tests move it with `setClock`.
 */
export type Clock = { now(): Date };

const systemClock: Clock = { now: () => new Date() };
let current: Clock = systemClock;

export const clock: Clock = { now: () => current.now() };

export function setClock(next: Clock | null): void {
  current = next ?? systemClock;
}

/** A clock fixed at `start` that tests can advance. */
export function manualClock(start: Date): Clock & { advance(seconds: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
    set: (d: Date) => {
      t = d.getTime();
    },
  };
}

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
