import { openAlertRequest } from './dialogs/dialog-store';

export interface AlertDialogOptions {
  title: string;
  message?: string;
  okLabel?: string;
}

/** An alert with one OK button: resolves once the user dismissed it, however they did. */
export function alertDialog({ title, message, okLabel = 'OK' }: AlertDialogOptions): Promise<void> {
  return openAlertRequest({ title, message, okLabel });
}
