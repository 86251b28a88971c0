import { TIMERS } from '@dance/domain';
import { type TouchEvent, useEffect, useRef } from 'react';

/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * A long press on a touch screen (spec 1 §9: 600 ms). Touch events only, so a mouse never triggers it.
 * `consumeClick()` tells the click that follows a long press to do nothing.
 */
export function useLongPress(onLongPress: () => void, delayMs: number = TIMERS.longPressPreviewMs) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const hasFired = useRef(false);

  function cancel() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }

  useEffect(() => cancel, []);

  return {
    handlers: {
      onTouchStart(event: TouchEvent) {
        const touch = event.touches[0];
        if (!touch || event.touches.length > 1) return cancel();
        hasFired.current = false;
        start.current = { x: touch.clientX, y: touch.clientY };
        timer.current = setTimeout(() => {
          timer.current = null;
          hasFired.current = true;
          onLongPress();
        }, delayMs);
      },
      onTouchMove(event: TouchEvent) {
        const touch = event.touches[0];
        if (!start.current || !touch) return;
        const moved = Math.hypot(touch.clientX - start.current.x, touch.clientY - start.current.y);
        if (moved > MOVE_TOLERANCE_PX) cancel();
      },
      onTouchEnd: cancel,
      onTouchCancel: cancel,
      onContextMenu(event: { preventDefault: () => void }) {
        // Android opens the link menu on a long press; the preview replaces it.
        if (hasFired.current || timer.current) event.preventDefault();
      },
    },
    consumeClick(): boolean {
      const didFire = hasFired.current;
      hasFired.current = false;
      return didFire;
    },
  };
}
