import type { BillingPeriod, PlanId, TSubscriptionState } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { Session } from './helpers';

/** Opens the hosted checkout for a plan and answers the page's URL (a sandbox page under /api/v1). */
export async function openCheckout(
  app: FastifyInstance,
  session: Session,
  planId: PlanId,
  period: BillingPeriod,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout-sessions',
    headers: session.headers,
    payload: { planId, period },
  });
  if (res.statusCode !== 201) throw new Error(`checkout ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** Submits a sandbox hosted page form (checkout or portal). */
export function submitSandboxForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Checkout through the sandbox with the test card: a new subscription or a change of plan. */
export async function subscribe(
  app: FastifyInstance,
  session: Session,
  planId: PlanId,
  period: BillingPeriod,
) {
  const url = await openCheckout(app, session, planId, period);
  const res = await submitSandboxForm(app, url, { cardNumber: '4242 4242 4242 4242' });
  if (res.statusCode !== 303) throw new Error(`sandbox checkout ${res.statusCode} ${res.body}`);
  return res;
}

export async function openPortal(app: FastifyInstance, session: Session): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/billing/portal-sessions',
    headers: session.headers,
  });
  if (res.statusCode !== 201) throw new Error(`portal ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** Runs a portal action (cancel, reactivate, pause, resume, change, advance) through the sandbox form. */
export async function portalAction(app: FastifyInstance, session: Session, fields: Record<string, string>) {
  const url = await openPortal(app, session);
  const res = await submitSandboxForm(app, url, fields);
  if (res.statusCode !== 303) throw new Error(`portal action ${res.statusCode} ${res.body}`);
  return res;
}

export async function readState(app: FastifyInstance, session: Session): Promise<TSubscriptionState> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/account/subscription',
    headers: { cookie: session.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`subscription ${res.statusCode} ${res.body}`);
  return res.json() as TSubscriptionState;
}
