import { TrcGuard } from './trc-guard';
import { TrcLayout } from './trc-layout';

/** Every TRC page but access and resubmit: the guard, then the TRC header over the page. */
export function TrcGuardedLayout() {
  return (
    <TrcGuard>
      <TrcLayout />
    </TrcGuard>
  );
}
