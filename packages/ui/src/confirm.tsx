import { openConfirmRequest } from './dialogs/dialog-store';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** The confirm dialog: resolves true on confirm, false on cancel or close. */
export function confirm({
  title,
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  danger,
}: ConfirmOptions): Promise<boolean> {
  return openConfirmRequest({ title, message, confirmLabel, cancelLabel, isDanger: danger === true });
}
