/**
 * Keyboard moves between lanes: while a card is held, ← and → carry it to the centre of the
 * previous or next lane (the default getter's 25 px steps would take many presses per lane); ↑ and
 * ↓ do nothing (a lane keeps the server's order). The collision detection then picks the lane
 * whose centre is nearest, since a keyboard drag has no pointer.
 */
import { closestCenter, pointerWithin, type CollisionDetection, type KeyboardCoordinateGetter } from '@dnd-kit/core';

type Span = { left: number; width: number };

/** How far to shift a card centred at `x` to reach the centre of the lane beside the one it is over, in `dir` (undefined at the edge). */
export function laneShift(x: number, lanes: readonly Span[], dir: 1 | -1): number | undefined {
  const sorted = [...lanes].sort((a, b) => a.left - b.left);
  const centre = (l: Span) => l.left + l.width / 2;
  let here = sorted.findIndex((l) => x >= l.left && x < l.left + l.width);
  if (here < 0) here = sorted.reduce((best, l, i) => (Math.abs(centre(l) - x) < Math.abs(centre(sorted[best]!) - x) ? i : best), 0);
  const target = sorted[here + dir];
  return target ? centre(target) - x : undefined;
}

export const laneCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const dir = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
  const rect = context.collisionRect;
  if (!dir || !rect) return undefined;
  event.preventDefault();
  const lanes = context.droppableContainers.getEnabled().flatMap((c) => {
    const r = context.droppableRects.get(c.id);
    return r ? [r] : [];
  });
  const shift = laneShift(rect.left + rect.width / 2, lanes, dir);
  return shift === undefined ? undefined : { x: currentCoordinates.x + shift, y: currentCoordinates.y };
};

/** The mouse and touch drop where the pointer is; the keyboard, on the nearest lane. */
export const laneCollision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args));
