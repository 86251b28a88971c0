// A tiny queue of open dialogs, kept outside React so `confirm()` and `alertDialog()` work from any
// handler. Only the host subscribes; the Mantine Modal that draws a dialog loads the first time one opens.

export interface ConfirmRequest {
  kind: 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  isDanger: boolean;
  resolve: (isConfirmed: boolean) => void;
}

export interface AlertRequest {
  kind: 'alert';
  title: string;
  message?: string;
  okLabel: string;
  resolve: () => void;
}

/** `opener`: what had the focus when the dialog was asked for; it gets the focus back on the answer. */
export type DialogRequest = (ConfirmRequest | AlertRequest) & { id: number; opener: HTMLElement | null };

function activeElement(): HTMLElement | null {
  return typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
    ? document.activeElement
    : null;
}

let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener();
}

export function subscribeToDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialogs waiting to be answered; the first one is on screen. */
export function readDialogs(): readonly DialogRequest[] {
  return queue;
}

export function openConfirmRequest(input: Omit<ConfirmRequest, 'kind' | 'resolve'>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    setQueue([...queue, { ...input, kind: 'confirm', resolve, id: nextId++, opener: activeElement() }]);
  });
}

export function openAlertRequest(input: Omit<AlertRequest, 'kind' | 'resolve'>): Promise<void> {
  return new Promise<void>((resolve) => {
    setQueue([...queue, { ...input, kind: 'alert', resolve, id: nextId++, opener: activeElement() }]);
  });
}

/** Answers a dialog (false or nothing when it was closed without confirming) and takes it off screen. */
export function answerDialog(id: number, isConfirmed: boolean) {
  const request = queue.find((item) => item.id === id);
  if (!request) return;
  setQueue(queue.filter((item) => item.id !== id));
  if (request.kind === 'confirm') request.resolve(isConfirmed);
  else request.resolve();
  // The focus goes back where it came from (issue 22 item 15). Mantine's own return misses it when the
  // lazily loaded modal mounts already open, so the store does it, once the modal has let the focus go.
  const { opener } = request;
  if (opener && queue.length === 0) setTimeout(() => opener.isConnected && opener.focus(), 0);
}
