import { toSnapshot } from '../../adapters/billing/sandbox/engine';
import { renderCheckoutPage, renderPortalPage } from '../../adapters/billing/sandbox/html';
import { SANDBOX_BASE_PATH } from '../../adapters/billing/sandbox/provider';
import type { Db } from '../../db/client';
import { findHostedPage, findPortalSubscription, sandboxNow } from './sandbox-service';

const DECLINED_CARD = '4000000000000002';

/** Why the sandbox refuses a card number (the test card that is always declined, or too short), or null. */
export function cardRefusal(cardNumber: unknown): string | null {
  const card = String(cardNumber ?? '').replace(/\D/g, '');
  if (card === DECLINED_CARD) return 'Your card was declined.';
  if (card.length < 12) return 'Please enter a valid card number.';
  return null;
}

/** The hosted checkout page while it is still open (null: unknown, paid or expired). */
export async function checkoutPageHtml(db: Db, id: string, error?: string): Promise<string | null> {
  const open = await findHostedPage(db, id, ['checkout_new', 'checkout_existing']);
  if (open?.page.state !== 'created' || !open.page.planId || !open.page.period) return null;
  const current = open.page.subscriptionId ? await findPortalSubscription(db, open.page.userId) : null;
  return renderCheckoutPage({
    action: `${SANDBOX_BASE_PATH}/checkout/${id}`,
    cancelUrl: open.page.cancelUrl,
    email: open.email,
    planId: open.page.planId,
    period: open.page.period,
    trialDays: open.page.trialDays,
    changingFrom: current ? { planId: current.planId, period: current.period } : null,
    now: sandboxNow(open.customer),
    error,
  });
}

/** The hosted portal page with the member's subscription (null: unknown or expired page). */
export async function portalPageHtml(
  db: Db,
  id: string,
  notice?: string,
  isConfirmingCancel = false,
): Promise<string | null> {
  const open = await findHostedPage(db, id, ['portal']);
  if (!open) return null;
  const sub = await findPortalSubscription(db, open.page.userId);
  return renderPortalPage({
    action: `${SANDBOX_BASE_PATH}/portal/${id}`,
    returnUrl: open.page.redirectUrl,
    email: open.email,
    now: sandboxNow(open.customer),
    subscription: sub ? { ...toSnapshot(sub) } : null,
    notice,
    isConfirmingCancel,
  });
}
