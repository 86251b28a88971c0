import {
  BILLING_PERIOD_LABELS,
  type BillingPeriod,
  findPlan,
  PLANS,
  type PlanId,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
} from '@dance/domain';

/** The sandbox's hosted pages: plain server-rendered HTML, no script, clearly marked as a sandbox. */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const formatDate = (date: Date | null) =>
  date
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
    : '—';

const usd = (amount: number) => `$${amount.toFixed(2)}`;
const perUnit = (period: BillingPeriod) => (period === 'monthly' ? 'month' : 'year');

const STYLES = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f2f8;color:#1d1b2e}
.sandbox{background:repeating-linear-gradient(135deg,#ffd43b 0 16px,#fcc419 16px 32px);color:#2b2100;text-align:center;font-weight:800;letter-spacing:.08em;padding:8px 12px;font-size:13px}
header{display:flex;align-items:center;justify-content:space-between;padding:18px 24px;max-width:980px;margin:0 auto}
.brand{font-weight:900;font-size:20px;letter-spacing:.02em}.brand span{color:#d44082}
.secure{font-size:13px;color:#5c5870}
main{max-width:980px;margin:0 auto;padding:0 16px 48px;display:grid;gap:20px;grid-template-columns:1fr}
@media(min-width:820px){main.two{grid-template-columns:1fr 1.1fr}}
.card{background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(29,27,46,.08);padding:24px}
h1{font-size:22px;margin:0 0 16px}h2{font-size:17px;margin:0 0 12px}
.row{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #eeeaf4;font-size:15px}
.row:last-child{border-bottom:0}.muted{color:#6b6780;font-size:14px}
.total{font-size:20px;font-weight:800}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 6px}
input,select{width:100%;padding:11px 12px;border:1px solid #d5d0e0;border-radius:10px;font-size:15px;background:#fff}
.split{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button,.button{display:inline-block;border:0;border-radius:999px;padding:13px 20px;font-size:15px;font-weight:700;cursor:pointer;text-decoration:none;text-align:center}
.primary{background:#d44082;color:#fff;width:100%;margin-top:20px}
.secondary{background:#efe9f7;color:#3d2f63}.danger{background:#fde8ec;color:#b3163a}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}
.badge{display:inline-block;border-radius:999px;padding:3px 10px;font-size:12px;font-weight:800;background:#efe9f7;color:#3d2f63}
.badge.on{background:#d3f9d8;color:#1b5e20}.badge.off{background:#fde8ec;color:#b3163a}
.error{background:#fde8ec;color:#b3163a;border-radius:10px;padding:10px 12px;margin-bottom:12px;font-weight:600}
.notice{background:#e6fcf5;color:#0b5e47;border-radius:10px;padding:10px 12px;margin-bottom:12px;font-weight:600}
.hint{font-size:12px;color:#6b6780;margin-top:10px}.cancel{display:block;text-align:center;margin-top:14px;color:#5c5870;font-size:14px}
form.inline{display:inline}
`;

function layout(title: string, body: string, wide = true): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · SANDBOX</title><style>${STYLES}</style></head><body>
<div class="sandbox" role="note">SANDBOX · TEST MODE · NO REAL PAYMENT IS TAKEN</div>
<header><div class="brand">Dance<span>Training</span> billing</div><div class="secure">Secure ${escapeHtml(title.toLowerCase())} · test mode</div></header>
<main class="${wide ? 'two' : ''}">${body}</main></body></html>`;
}

export interface CheckoutView {
  action: string;
  cancelUrl: string;
  email: string;
  planId: PlanId;
  period: BillingPeriod;
  trialDays: number;
  /** For a change of plan: what the member has now. */
  changingFrom: { planId: PlanId; period: BillingPeriod } | null;
  now: Date;
  error?: string;
}

export function renderCheckoutPage(view: CheckoutView): string {
  const plan = findPlan(view.planId);
  const price = plan.prices[view.period];
  const trialEndsAt = new Date(view.now.getTime() + view.trialDays * 86_400_000);
  const summaryRows = [
    `<div class="row"><span>Plan</span><strong>${escapeHtml(plan.title)}</strong></div>`,
    `<div class="row"><span>Billing</span><span>${BILLING_PERIOD_LABELS[view.period]}</span></div>`,
    `<div class="row"><span>Price</span><span>${usd(price)} / ${perUnit(view.period)}</span></div>`,
    view.changingFrom
      ? `<div class="row"><span>Changing from</span><span>${escapeHtml(findPlan(view.changingFrom.planId).title)} (${BILLING_PERIOD_LABELS[view.changingFrom.period]})</span></div>`
      : '',
    view.trialDays > 0
      ? `<div class="row"><span>Free trial</span><span>${view.trialDays} days, until ${formatDate(trialEndsAt)}</span></div>`
      : '',
    `<div class="row total"><span>Due today</span><span>${usd(view.trialDays > 0 ? 0 : price)}</span></div>`,
    view.trialDays > 0
      ? `<p class="muted">Then ${usd(price)} per ${perUnit(view.period)} from ${formatDate(trialEndsAt)}. Cancel any time before to pay nothing.</p>`
      : '',
  ].join('');
  const buttonLabel = view.changingFrom
    ? 'Confirm plan change'
    : view.trialDays > 0
      ? 'Start free trial'
      : `Pay ${usd(price)} and subscribe`;
  const body = `
<section class="card" aria-labelledby="summary"><h1 id="summary">Order summary</h1>${summaryRows}</section>
<section class="card" aria-labelledby="payment"><h1 id="payment">Payment details</h1>
${view.error ? `<div class="error" role="alert">${escapeHtml(view.error)}</div>` : ''}
<form method="post" action="${escapeHtml(view.action)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(view.email)}" readonly>
<label for="cardName">Name on card</label><input id="cardName" name="cardName" autocomplete="cc-name" value="" placeholder="Name on card">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<div class="split"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12 / 34" autocomplete="cc-exp"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" inputmode="numeric" autocomplete="cc-csc"></div></div>
<button class="primary" type="submit">${escapeHtml(buttonLabel)}</button>
<p class="hint">Sandbox cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
</form><a class="cancel" href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></section>`;
  return layout('Checkout', body);
}

export interface PortalSubscriptionView {
  id: string;
  planId: PlanId;
  period: BillingPeriod;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  nextBillingAt: Date | null;
  currentTermEnd: Date | null;
  cancelledAt: Date | null;
}

export interface PortalView {
  action: string;
  returnUrl: string;
  email: string;
  now: Date;
  subscription: PortalSubscriptionView | null;
  notice?: string;
  /** "Cancel subscription" was pressed: ask first, saying until when access lasts (issue 22 item 7). */
  isConfirmingCancel?: boolean;
}

/** The day access ends when a subscription is cancelled now: the end of the trial or of the paid term. */
export function accessEndsAt(sub: Pick<PortalSubscriptionView, 'status' | 'trialEnd' | 'currentTermEnd'>) {
  return sub.status === 'in_trial' ? sub.trialEnd : sub.currentTermEnd;
}

export const formatPortalDate = (date: Date | null) => formatDate(date);

const ADVANCE_OPTIONS = [
  { days: 1, label: '+1 day' },
  { days: 3, label: '+3 days' },
  { days: 7, label: '+7 days' },
  { days: 30, label: '+1 month' },
  { days: 365, label: '+1 year' },
];

function actionButton(action: string, name: string, label: string, style: string, extra = ''): string {
  return `<form class="inline" method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="${name}">${extra}<button class="${style}" type="submit">${escapeHtml(label)}</button></form>`;
}

export function renderPortalPage(view: PortalView): string {
  const sub = view.subscription;
  let subscriptionCard =
    '<section class="card"><h1>Your subscription</h1><p class="muted">No subscription yet.</p></section>';
  if (sub) {
    const isOn = sub.status === 'active' || sub.status === 'in_trial' || sub.status === 'non_renewing';
    const actions: string[] = [];
    const isCancellable = sub.status === 'active' || sub.status === 'in_trial';
    if (isCancellable && !view.isConfirmingCancel)
      actions.push(actionButton(view.action, 'cancel-ask', 'Cancel subscription', 'danger'));
    if (sub.status === 'non_renewing')
      actions.push(actionButton(view.action, 'reactivate', 'Remove scheduled cancellation', 'secondary'));
    if (sub.status === 'cancelled')
      actions.push(actionButton(view.action, 'reactivate', 'Reactivate subscription', 'secondary'));
    if (sub.status === 'active')
      actions.push(actionButton(view.action, 'pause', 'Pause subscription', 'secondary'));
    if (sub.status === 'paused')
      actions.push(actionButton(view.action, 'resume', 'Resume subscription', 'secondary'));
    const options = PLANS.flatMap((p) =>
      (['monthly', 'yearly'] as const).map((period) => {
        const value = `${p.id}:${period}`;
        const isCurrent = p.id === sub.planId && period === sub.period;
        return `<option value="${value}"${isCurrent ? ' selected' : ''}>${escapeHtml(p.title)} · ${BILLING_PERIOD_LABELS[period]} · ${usd(p.prices[period])}</option>`;
      }),
    ).join('');
    const changeForm =
      sub.status === 'active' || sub.status === 'in_trial'
        ? `<form method="post" action="${escapeHtml(view.action)}"><input type="hidden" name="action" value="change"><label for="plan">Change plan</label><select id="plan" name="plan">${options}</select><button class="secondary" style="margin-top:10px" type="submit">Change plan</button></form>`
        : '';
    subscriptionCard = `<section class="card" aria-labelledby="sub"><h1 id="sub">Your subscription</h1>
<div class="row"><span>Plan</span><strong>${escapeHtml(findPlan(sub.planId).title)}</strong></div>
<div class="row"><span>Billing</span><span>${BILLING_PERIOD_LABELS[sub.period]}</span></div>
<div class="row"><span>Status</span><span class="badge ${isOn ? 'on' : 'off'}" data-testid="portal-status">${SUBSCRIPTION_STATUS_LABELS[sub.status]}</span></div>
${sub.trialEnd ? `<div class="row"><span>Trial ends</span><span>${formatDate(sub.trialEnd)}</span></div>` : ''}
<div class="row"><span>Next billing</span><span>${formatDate(sub.nextBillingAt)}</span></div>
${sub.status === 'non_renewing' ? `<div class="row"><span>Ends on</span><span>${formatDate(sub.cancelledAt)}</span></div>` : ''}
${sub.status === 'cancelled' ? `<div class="row"><span>Cancelled on</span><span>${formatDate(sub.cancelledAt)}</span></div>` : ''}
<div class="actions">${actions.join('')}</div>${changeForm}</section>`;
    if (isCancellable && view.isConfirmingCancel)
      subscriptionCard += `<section class="card" aria-labelledby="confirm-cancel" data-testid="confirm-cancel"><h2 id="confirm-cancel">Cancel your subscription?</h2>
<p>You keep access until <strong>${formatDate(accessEndsAt(sub))}</strong>. After that you are not charged again and videos no longer play.</p>
<div class="actions">${actionButton(view.action, 'cancel', 'Yes, cancel subscription', 'danger')}<a class="button secondary" href="${escapeHtml(view.action)}">Keep my subscription</a></div></section>`;
  }
  const clock = `<section class="card" aria-labelledby="clock"><h2 id="clock">Sandbox clock</h2>
<p class="muted">Sandbox date: <strong data-testid="sandbox-date">${formatDate(view.now)}</strong>. Move time forward to end trials, renew terms and apply scheduled cancellations.</p>
<div class="actions">${ADVANCE_OPTIONS.map((o) => actionButton(view.action, 'advance', o.label, 'secondary', `<input type="hidden" name="days" value="${o.days}">`)).join('')}</div></section>`;
  const body = `<div>${view.notice ? `<div class="notice" role="status">${escapeHtml(view.notice)}</div>` : ''}
<p class="muted">Signed in as ${escapeHtml(view.email)}</p>${subscriptionCard}</div>
<div>${clock}<p><a class="button secondary" href="${escapeHtml(view.returnUrl)}">Back to Dance Training</a></p></div>`;
  return layout('Customer portal', body);
}

export function renderExpiredPage(returnUrl: string): string {
  return layout(
    'Checkout',
    `<section class="card"><h1>This page has expired</h1><p class="muted">Open checkout or the portal again from your account.</p><a class="button secondary" href="${escapeHtml(returnUrl)}">Back to Dance Training</a></section>`,
    false,
  );
}
