import { describe, expect, it } from 'vitest';
import { canTrc, TRC_ACTIONS, type TrcAction, type TrcStanding, type TrcViewer, trcAccessOf } from './policy';

const member = (over: Partial<NonNullable<TrcViewer>> = {}): TrcViewer => ({
  id: 'u1',
  role: 'user',
  userType: 'individual-user',
  email: 'teacher@example.com',
  ...over,
});
const standing = (over: Partial<TrcStanding> = {}): TrcStanding => ({
  status: null,
  hasActivePlan: true,
  hasStudioPlan: false,
  ...over,
});

/** Every actor of the brief, with what the server knows of them. */
const ACTORS: Record<string, [TrcViewer, TrcStanding]> = {
  guest: [null, standing({ hasActivePlan: false })],
  'no plan': [member({ userType: null }), standing({ hasActivePlan: false })],
  'member without access': [member(), standing()],
  pending: [member(), standing({ status: 'pending' })],
  approved: [member(), standing({ status: 'approved' })],
  rejected: [member(), standing({ status: 'rejected' })],
  'studio owner': [member({ userType: 'studio-owner' }), standing({ hasStudioPlan: true })],
  'sub-user': [member({ userType: 'subuser' }), standing({ hasStudioPlan: true })],
  admin: [member({ role: 'admin', userType: null }), standing({ hasActivePlan: false })],
};

/** The expected answer of every action for every actor (allowDownload true, a pending application to decide). */
const Y = true;
const n = false;
const TABLE: Record<string, Record<TrcAction, boolean>> = {
  //                     view  req  resub browse play  read  dl   react review decide manage
  guest: row(n, n, n, n, n, n, n, n, n, n, n),
  'no plan': row(Y, Y, n, n, n, n, n, n, n, n, n),
  'member without access': row(Y, Y, n, n, n, n, n, n, n, n, n),
  pending: row(Y, n, Y, n, n, n, n, n, n, n, n),
  approved: row(Y, n, n, Y, Y, Y, Y, Y, n, n, n),
  rejected: row(Y, Y, Y, n, n, n, n, n, n, n, n),
  'studio owner': row(Y, n, n, Y, Y, Y, Y, Y, n, n, n),
  'sub-user': row(Y, n, n, Y, Y, Y, Y, Y, n, n, n),
  admin: row(Y, n, n, Y, Y, Y, Y, Y, Y, Y, Y),
};

function row(...values: boolean[]): Record<TrcAction, boolean> {
  return Object.fromEntries(TRC_ACTIONS.map((action, i) => [action, values[i]])) as Record<
    TrcAction,
    boolean
  >;
}

describe('TRC policy table', () => {
  for (const [actor, [viewer, facts]] of Object.entries(ACTORS)) {
    for (const action of TRC_ACTIONS) {
      const expected = TABLE[actor]?.[action];
      it(`${actor} ${expected ? 'may' : 'may not'} ${action}`, () => {
        expect(canTrc(action, viewer, facts, { allowDownload: true, applicationStatus: 'pending' })).toBe(
          expected,
        );
      });
    }
  }

  it('lets nobody download where the item does not allow it, but admins', () => {
    const [viewer, facts] = ACTORS.approved!;
    expect(canTrc('downloadPdf', viewer, facts, { allowDownload: false })).toBe(false);
    const [admin, adminFacts] = ACTORS.admin!;
    expect(canTrc('downloadPdf', admin, adminFacts, { allowDownload: false })).toBe(true);
  });

  it('decides only pending applications', () => {
    const [admin, facts] = ACTORS.admin!;
    expect(canTrc('decideApplication', admin, facts, { applicationStatus: 'approved' })).toBe(false);
    expect(canTrc('decideApplication', admin, facts, { applicationStatus: 'rejected' })).toBe(false);
  });
});

describe('trcAccessOf', () => {
  it('sends a session without email to sign up', () => {
    expect(trcAccessOf(member({ email: '' }), standing()).access).toBe('signup');
    expect(trcAccessOf(null, standing()).access).toBe('signup');
  });
  it('sends an approved member without an active plan to the plans', () => {
    expect(trcAccessOf(member(), standing({ status: 'approved', hasActivePlan: false }))).toEqual({
      access: 'plans',
      grant: null,
    });
  });
  it('grants studio plans at once and says why', () => {
    expect(trcAccessOf(member({ userType: 'studio-owner' }), standing({ hasStudioPlan: true }))).toEqual({
      access: 'granted',
      grant: 'studio-plan',
    });
  });
  it('does not grant a studio owner whose plan lapsed', () => {
    expect(
      trcAccessOf(
        member({ userType: 'studio-owner' }),
        standing({ hasActivePlan: false, hasStudioPlan: false }),
      ).access,
    ).toBe('apply');
  });
  it('does not grant a studio grant to an individual plan', () => {
    expect(trcAccessOf(member(), standing({ hasStudioPlan: true })).access).toBe('apply');
  });
  it('shows the pending summary to a pending member', () => {
    expect(trcAccessOf(member(), standing({ status: 'pending' })).access).toBe('pending');
  });
});
