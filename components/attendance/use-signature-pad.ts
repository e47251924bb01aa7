"use client";

import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";

export type Point = { x: number; y: number };

const INK = "#0b1f44";

/** Draws one stroke again: a dot for its first point, then the segments. */
function replay(ctx: CanvasRenderingContext2D, stroke: Point[]) {
  const [first, ...rest] = stroke;
  if (!first) return;
  ctx.beginPath();
  ctx.arc(first.x, first.y, 1.2, 0, Math.PI * 2);
  ctx.fill();
  if (rest.length === 0) return;
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (const p of rest) ctx.lineTo(p.x, p.y);
  ctx.stroke();
}

/**
 * A drawing surface on a <canvas>: pointer events (finger, pen and mouse alike), one stroke per
 * press, points in CSS pixels. The backing store follows the element's size and the screen's
 * pixel ratio, so lines stay sharp; after a resize (rotation, zoom) the strokes are drawn again.
 */
export function useSignaturePad() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokesRef = useRef<Point[][]>([]);
  const activeRef = useRef<number | null>(null);
  const [pointCount, setPointCount] = useState(0);

  const context = () => canvasRef.current?.getContext("2d") ?? null;

  const clear = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = context();
    if (canvas && ctx) ctx.clearRect(0, 0, canvas.width, canvas.height);
    strokesRef.current = [];
    activeRef.current = null;
    setPointCount(0);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = canvas.getBoundingClientRect();
      const w = Math.round(width * ratio);
      const h = Math.round(height * ratio);
      if (canvas.width === w && canvas.height === h) return;
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = INK;
      ctx.fillStyle = INK;
      for (const stroke of strokesRef.current) replay(ctx, stroke);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: Math.round((e.clientX - rect.left) * 10) / 10, y: Math.round((e.clientY - rect.top) * 10) / 10 };
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    e.preventDefault();
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic or already-released pointer cannot be captured; drawing still works without it.
    }
    activeRef.current = e.pointerId;
    const p = pointOf(e);
    strokesRef.current.push([p]);
    const ctx = context();
    if (ctx) replay(ctx, [p]);
    setPointCount((n) => n + 1);
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (activeRef.current !== e.pointerId) return;
    const stroke = strokesRef.current[strokesRef.current.length - 1];
    if (!stroke) return;
    const p = pointOf(e);
    const last = stroke[stroke.length - 1]!;
    if (last.x === p.x && last.y === p.y) return;
    stroke.push(p);
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.x, last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    setPointCount((n) => n + 1);
  };

  const onPointerEnd = (e: PointerEvent<HTMLCanvasElement>) => {
    if (activeRef.current === e.pointerId) activeRef.current = null;
  };

  /** The drawing as a PNG data URL and its strokes, or null when nothing is drawn. */
  const capture = useCallback((): { signatureBase64: string; strokes: Point[][] } | null => {
    const canvas = canvasRef.current;
    if (!canvas || strokesRef.current.length === 0) return null;
    return { signatureBase64: canvas.toDataURL("image/png"), strokes: strokesRef.current.map((s) => [...s]) };
  }, []);

  return {
    canvasRef,
    pointCount,
    clear,
    capture,
    handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onLostPointerCapture: onPointerEnd },
  };
}

export type SignaturePadState = ReturnType<typeof useSignaturePad>;
