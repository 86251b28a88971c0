import { useEffect, useState } from 'react';

/**
 * For a dialog that is mounted open (`{isOpen && <Dialog />}`, often lazily): gives the focus back to what
 * had it before the dialog, when the dialog goes (issue 22 item 15). Mantine's own focus return only
 * follows `opened` changing, which such a dialog never does. The opener is read while rendering, before
 * the dialog's focus trap moves the focus inside.
 */
export function useFocusBack() {
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      if (opener) setTimeout(() => opener.isConnected && opener.focus(), 0);
    },
    [opener],
  );
}
