import { confirm } from '@dance/ui';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveTexts {
  title: string;
  message: string;
  leave: string;
  stay: string;
}

/** Leaving a form with unsaved changes (issue 22 item 9). */
export const UNSAVED_CHANGES: LeaveTexts = {
  title: 'Leave without saving?',
  message: 'Your changes have not been saved. If you leave now, they will be lost.',
  leave: 'Leave without saving',
  stay: 'Keep editing',
};

/** Leaving the upload wizard while the file is still uploading. */
export const UPLOAD_IN_PROGRESS: LeaveTexts = {
  title: 'Stop the upload?',
  message: 'The video is still uploading. If you leave now, the upload stops and the video is not added.',
  leave: 'Stop and leave',
  stay: 'Keep uploading',
};

const ask = (texts: LeaveTexts) =>
  confirm({
    title: texts.title,
    message: texts.message,
    confirmLabel: texts.leave,
    cancelLabel: texts.stay,
    danger: true,
  });

/**
 * Guards a form with unsaved changes: a navigation inside the console (menu, back link, Cancel links, the
 * browser's Back) asks first, and a reload or closing the tab gets the browser's own warning.
 * `confirmLeave()` asks the same question for a Cancel button or Escape that closes a dialog; `allowLeave()`
 * lets the navigation that follows a save through.
 */
export function useUnsavedChangesGuard(isDirty: boolean, texts: LeaveTexts = UNSAVED_CHANGES) {
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  const textsRef = useRef(texts);
  textsRef.current = texts;
  const isAllowedRef = useRef(false);
  useEffect(() => {
    if (!isDirty) isAllowedRef.current = false;
  }, [isDirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirtyRef.current &&
      !isAllowedRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let isCurrent = true;
    void ask(textsRef.current).then((isLeaving) => {
      if (!isCurrent) return;
      if (isLeaving) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      isCurrent = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (isAllowedRef.current) return;
      event.preventDefault();
      // Older browsers show their warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const confirmLeave = useCallback(
    async () => !isDirtyRef.current || isAllowedRef.current || ask(textsRef.current),
    [],
  );
  const allowLeave = useCallback(() => {
    isAllowedRef.current = true;
  }, []);
  return { confirmLeave, allowLeave };
}
