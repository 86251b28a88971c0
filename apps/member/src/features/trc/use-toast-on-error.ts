import { toast } from '@dance/ui';
import { useEffect } from 'react';

/** The spec's toast when a load fails (spec 2 §8), once per failure. */
export function useToastOnError(isError: boolean, message: string) {
  useEffect(() => {
    if (isError) toast.error(message);
  }, [isError, message]);
}
