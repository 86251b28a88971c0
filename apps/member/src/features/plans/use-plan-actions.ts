import { queryKeys, useSession } from '@dance/api-client';
import {
  type BillingPeriod,
  decidePlanButton,
  hasUsedFreeTrial,
  MESSAGES,
  type PlanButton,
  type PlanId,
  type TSubscriptionState,
} from '@dance/domain';
import { toast } from '@dance/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { subscriptionKey, useOpenPortal, useSubscriptionState } from '../../app/subscription';
import { useViewer } from '../../app/use-viewer';
import { goToUrl } from '../../shared/go-to-url';
import { readServerMessage } from '../../shared/server-message';
import {
  clearPlanChoice,
  readPlanChoice,
  rememberTrackingId,
  storePlanChoice,
} from '../../shared/stored-plan';
import { useStartCheckout } from './queries';

/** Spec 1 §4: the auto-subscribe checkout runs 500 ms after the page loads. */
const AUTO_SUBSCRIBE_DELAY_MS = 500;

export function describePlanButton(
  state: TSubscriptionState | undefined,
  isLoggedIn: boolean,
  planId: PlanId,
  period: BillingPeriod,
): PlanButton {
  const sub = state?.subscription;
  const current =
    state?.isActive && sub && state.accessVia === 'own' ? { planId: sub.planId, period: sub.period } : null;
  return decidePlanButton({
    isLoggedIn,
    plan: planId,
    period,
    current,
    hasUsedTrial: state ? hasUsedFreeTrial(state) : false,
  });
}

/**
 * Everything a plans page does: the subscription state (polled), the session's user type (polled), the
 * plan buttons' actions and the automatic checkout after sign-up (/plans?autoSubscribe=true).
 */
export function usePlanActions(pollMs: number) {
  const { user, isLoading } = useViewer();
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const subscription = useSubscriptionState({ isEnabled: user !== null, pollMs });
  const checkout = useStartCheckout();
  const portal = useOpenPortal();
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const hasAutoStarted = useRef(false);

  useEffect(() => rememberTrackingId(search), [search]);

  // The user type changes when a webhook lands: refresh the session while the page is open.
  useEffect(() => {
    if (!user) return undefined;
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [user, pollMs, queryClient]);

  async function openCheckout(planId: PlanId, period: BillingPeriod) {
    const { url } = await checkout.mutateAsync({ planId, period });
    clearPlanChoice();
    goToUrl(url);
  }

  async function runPlanButton(button: PlanButton, planId: PlanId, period: BillingPeriod) {
    if (button.action === 'none') return;
    if (button.action === 'sign-up') {
      storePlanChoice(planId, period);
      navigate(button.signUpPath ?? '/SignUp');
      return;
    }
    setBusyPlan(`${planId}:${period}`);
    try {
      if (button.action === 'portal') goToUrl((await portal.mutateAsync()).url);
      else await openCheckout(planId, period);
    } catch (error) {
      toast.error(readServerMessage(error, MESSAGES.somethingWentWrong));
      setBusyPlan(null);
    }
  }

  const isAutoSubscribe = search.get('autoSubscribe') === 'true';
  // Read once per visit: the stored choice is cleared when checkout opens or fails.
  const [storedPlan] = useState(readPlanChoice);

  // A member who chose a plan before signing up lands here: continue with /plans?autoSubscribe=true.
  useEffect(() => {
    if (user && storedPlan && !isAutoSubscribe) {
      navigate({ search: '?autoSubscribe=true' }, { replace: true });
    }
  }, [user, storedPlan, isAutoSubscribe, navigate]);

  useEffect(() => {
    if (!isAutoSubscribe || !user || !storedPlan || hasAutoStarted.current) return undefined;
    // Marked when the timer fires, not before: a re-render that clears the timer (the session refetching
    // right after sign-up) must not cancel the automatic checkout for good.
    const timer = window.setTimeout(() => {
      hasAutoStarted.current = true;
      setBusyPlan(`${storedPlan.planId}:${storedPlan.period}`);
      openCheckout(storedPlan.planId, storedPlan.period).catch(() => {
        clearPlanChoice();
        setBusyPlan(null);
        toast.error(MESSAGES.autoSubscriptionFailed);
      });
    }, AUTO_SUBSCRIBE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // openCheckout is stable enough for a one-shot timer.
  }, [isAutoSubscribe, user, storedPlan]);

  return {
    user,
    isLoading: isLoading || session.isPending,
    subscription,
    busyPlan,
    isAutoSubscribing: isAutoSubscribe && storedPlan !== null && user !== null,
    describe: (planId: PlanId, period: BillingPeriod) =>
      describePlanButton(subscription.data, user !== null, planId, period),
    runPlanButton,
    refresh: () => queryClient.invalidateQueries({ queryKey: subscriptionKey }),
  };
}
