import { describe, expect, it } from 'vitest';
import { kindOf, type TSessionUser, type UserKind } from '../users/user';
import {
  type PlaylistRef,
  type PlaylistViewer,
  playlistPolicy,
  policy,
  routeGates,
  signUpConflict,
  type Viewer,
} from './index';

const viewer = (kind: UserKind, extra: Partial<TSessionUser> = {}): Viewer => {
  if (kind === 'guest') return null;
  const userType = {
    admin: null,
    individual: 'individual-user',
    vip: 'vip',
    'studio-owner': 'studio-owner',
    subuser: 'subuser',
  }[kind] as TSessionUser['userType'];
  return { id: 'u1', role: kind === 'admin' ? 'admin' : 'user', userType, subscriptionId: 'sub_1', ...extra };
};
const noPlan: Viewer = { id: 'u2', role: 'user', userType: null, subscriptionId: null };
/** A member who had a plan that was not a known user type (legacy: subscription id, empty userType). */
const upgradeable: Viewer = { id: 'u3', role: 'user', userType: null, subscriptionId: 'sub_9' };

type Row = [string, Viewer, Record<string, boolean>];
// prettier-ignore
const table: Row[] = [
  //                        admin  upgrade plans member classes studioPl seats  passwd
  [
    'guest',
    null,
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: false,
      canOpenClasses: false,
      canPlayClasses: false,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: false,
    },
  ],
  [
    'no plan',
    noPlan,
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: false,
      canPlayClasses: false,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
  [
    'subscribed, no type',
    upgradeable,
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: true,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: false,
      canPlayClasses: false,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
  [
    'individual',
    viewer('individual'),
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: true,
      canPlayClasses: false,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
  [
    'vip',
    viewer('vip'),
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: true,
      canPlayClasses: true,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
  [
    'studio owner',
    viewer('studio-owner'),
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: true,
      canPlayClasses: true,
      canUseStudioPlaylists: true,
      canManageStudioSeats: true,
      canChangePassword: true,
    },
  ],
  [
    'sub-user',
    viewer('subuser'),
    {
      canUseAdminConsole: false,
      canSeeUpgradeLink: false,
      canSeePlans: true,
      canUseMemberArea: true,
      canOpenClasses: true,
      canPlayClasses: true,
      canUseStudioPlaylists: true,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
  [
    'admin',
    viewer('admin'),
    {
      canUseAdminConsole: true,
      canSeeUpgradeLink: false,
      canSeePlans: false,
      canUseMemberArea: true,
      canOpenClasses: true,
      canPlayClasses: true,
      canUseStudioPlaylists: false,
      canManageStudioSeats: false,
      canChangePassword: true,
    },
  ],
];

describe('permission policy (spec 1 §6)', () => {
  it('covers every rule in the table', () => {
    for (const [, , expected] of table)
      expect(Object.keys(expected).sort()).toEqual(Object.keys(policy).sort());
  });
  for (const [name, v, expected] of table) {
    for (const [rule, allowed] of Object.entries(expected)) {
      it(`${name}: ${rule} is ${allowed}`, () => {
        expect(policy[rule as keyof typeof policy](v)).toBe(allowed);
      });
    }
  }
});

describe('route gates (spec 1 §2)', () => {
  it('sends guests to sign-up from saved and classes, to / from personal playlists, to login from the account', () => {
    expect(routeGates.saved(null)?.redirectTo).toBe('/SignUp');
    expect(routeGates.classes(null)?.redirectTo).toBe('/SignUp');
    expect(routeGates.personalPlaylists(null)?.redirectTo).toBe('/');
    expect(routeGates.account(null)?.redirectTo).toBe('/login');
    expect(routeGates.studioPlaylists(null)?.redirectTo).toBe('/login');
  });
  it('lets members through and keeps studio playlists to studios', () => {
    expect(routeGates.saved(noPlan)).toBeNull();
    expect(routeGates.studioPlaylists(viewer('individual'))?.redirectTo).toBe('/');
    expect(routeGates.studioPlaylists(viewer('subuser'))).toBeNull();
  });
});

describe('sign-up conflicts (spec 1 §4)', () => {
  const existing = (kind: UserKind | 'no plan') =>
    kind === 'no plan'
      ? { role: 'user' as const, userType: null }
      : kind === 'guest'
        ? null
        : { role: viewer(kind)!.role, userType: viewer(kind)!.userType };
  // prettier-ignore
  const cases: [UserKind | 'no plan', 'individual' | 'studio-owner', string][] = [
    ['guest', 'individual', 'none'],
    ['guest', 'studio-owner', 'none'],
    ['no plan', 'individual', 'email-taken'],
    ['no plan', 'studio-owner', 'convert-individual'],
    ['individual', 'individual', 'email-taken'],
    ['individual', 'studio-owner', 'convert-individual'],
    ['vip', 'individual', 'email-taken'],
    ['vip', 'studio-owner', 'convert-individual'],
    ['studio-owner', 'individual', 'convert-studio-owner'],
    ['studio-owner', 'studio-owner', 'email-taken'],
    ['subuser', 'individual', 'subuser-exists'],
    ['subuser', 'studio-owner', 'subuser-exists'],
    ['admin', 'individual', 'email-taken'],
    ['admin', 'studio-owner', 'admin-not-convertible'],
  ];
  for (const [kind, target, expected] of cases) {
    it(`${kind} signing up as ${target}: ${expected}`, () => {
      expect(signUpConflict(existing(kind), target).kind).toBe(expected);
    });
  }
});

describe('user kinds', () => {
  it('maps role and userType to the six kinds', () => {
    expect(kindOf(null)).toBe('guest');
    expect(kindOf({ role: 'admin', userType: null })).toBe('admin');
    expect(kindOf({ role: 'user', userType: 'vip' })).toBe('vip');
    expect(kindOf({ role: 'user', userType: 'studio-owner' })).toBe('studio-owner');
    expect(kindOf({ role: 'user', userType: 'subuser' })).toBe('subuser');
    expect(kindOf({ role: 'user', userType: null })).toBe('individual');
  });
});

describe('playlist policy (spec 1 §4-§6, spec 3 §6)', () => {
  const studioId = 'owner-1';
  const as = (kind: UserKind, id: string, studioOwnerId: string | null = null): PlaylistViewer => {
    const v = viewer(kind, { id });
    return v ? { ...v, studioOwnerId } : null;
  };
  const viewers: [string, PlaylistViewer][] = [
    ['guest', null],
    ['individual (the personal playlist’s member)', as('individual', 'member-1')],
    ['VIP', as('vip', 'vip-1')],
    ['studio owner', as('studio-owner', studioId)],
    ['sub-user of this studio', as('subuser', 'sub-1', studioId)],
    ['sub-user of another studio', as('subuser', 'sub-2', 'owner-2')],
    ['admin', as('admin', 'admin-1')],
  ];
  const featured: PlaylistRef = { type: 'FPL', ownerUserId: 'admin-1', studioOwnerId: null };
  const personal: PlaylistRef = { type: 'PPL', ownerUserId: 'member-1', studioOwnerId: null };
  const studio: PlaylistRef = { type: 'SPL', ownerUserId: 'sub-1', studioOwnerId: studioId };
  const actions = [
    'canView',
    'canAddVideos',
    'canRemoveVideos',
    'canEdit',
    'canReorder',
    'canShuffle',
    'canDelete',
  ] as const;
  // Columns follow `viewers`: guest, individual, VIP, owner, sub-user here, sub-user elsewhere, admin.
  const T = true;
  const F = false;
  // prettier-ignore
  const expected: Record<'FPL' | 'PPL' | 'SPL', Record<(typeof actions)[number], boolean[]>> = {
    FPL: {
      canView: [T, T, T, T, T, T, T],
      canAddVideos: [F, F, F, F, F, F, T],
      canRemoveVideos: [F, F, F, F, F, F, T],
      canEdit: [F, F, F, F, F, F, T],
      canReorder: [F, F, F, F, F, F, T],
      canShuffle: [F, F, F, F, F, F, T],
      canDelete: [F, F, F, F, F, F, T],
    },
    PPL: {
      canView: [F, T, F, F, F, F, F],
      canAddVideos: [F, T, F, F, F, F, F],
      canRemoveVideos: [F, T, F, F, F, F, F],
      canEdit: [F, T, F, F, F, F, F],
      canReorder: [F, T, F, F, F, F, F],
      canShuffle: [F, T, F, F, F, F, F],
      canDelete: [F, T, F, F, F, F, F],
    },
    SPL: {
      canView: [F, F, F, T, T, F, F],
      canAddVideos: [F, F, F, T, T, F, F],
      canRemoveVideos: [F, F, F, T, F, F, F],
      canEdit: [F, F, F, T, F, F, F],
      canReorder: [F, F, F, T, F, F, F],
      canShuffle: [F, F, F, T, F, F, F],
      canDelete: [F, F, F, T, F, F, F],
    },
  };
  const playlists = { FPL: featured, PPL: personal, SPL: studio };
  it('covers every playlist rule', () => {
    expect([...actions, ...memberAreaActions, 'canCreate'].sort()).toEqual(
      Object.keys(playlistPolicy).sort(),
    );
  });
  for (const [type, rows] of Object.entries(expected) as [
    keyof typeof playlists,
    (typeof expected)['FPL'],
  ][]) {
    for (const action of actions) {
      viewers.forEach(([name, v], column) => {
        it(`${type} ${action}: ${name} is ${rows[action][column]}`, () => {
          expect(playlistPolicy[action](v, playlists[type])).toBe(rows[action][column]);
        });
      });
    }
  }
  // prettier-ignore
  const create: Record<'FPL' | 'PPL' | 'SPL', boolean[]> = {
    FPL: [F, F, F, F, F, F, T],
    PPL: [F, T, T, T, T, T, T],
    SPL: [F, F, F, T, T, T, F],
  };
  for (const [type, row] of Object.entries(create) as ['FPL' | 'PPL' | 'SPL', boolean[]][]) {
    viewers.forEach(([name, v], column) => {
      it(`${type} canCreate: ${name} is ${row[column]}`, () => {
        expect(playlistPolicy.canCreate(v, type)).toBe(row[column]);
      });
    });
  }
  // The member area's endpoints. A featured playlist is changed in the admin console, so rename, add or remove
  // in one save, reorder and delete refuse it even to an admin; removing one video from the playlist page
  // alone lets an admin through (audited).
  const memberAreaActions = [
    'canUpdateInMemberArea',
    'canDeleteInMemberArea',
    'canReorderInMemberArea',
    'canRemoveVideoInMemberArea',
  ] as const;
  const memberArea: Record<string, (v: PlaylistViewer, p: PlaylistRef) => boolean> = {
    'update: rename': (v, p) =>
      playlistPolicy.canUpdateInMemberArea(v, p, { details: true, addsVideos: false, removesVideos: false }),
    'update: add videos': (v, p) =>
      playlistPolicy.canUpdateInMemberArea(v, p, { details: false, addsVideos: true, removesVideos: false }),
    'update: remove videos': (v, p) =>
      playlistPolicy.canUpdateInMemberArea(v, p, { details: false, addsVideos: false, removesVideos: true }),
    delete: playlistPolicy.canDeleteInMemberArea,
    reorder: playlistPolicy.canReorderInMemberArea,
    'remove one video': playlistPolicy.canRemoveVideoInMemberArea,
  };
  // prettier-ignore
  const memberAreaExpected: Record<'FPL' | 'PPL' | 'SPL', Record<keyof typeof memberArea, boolean[]>> = {
    FPL: {
      'update: rename': [F, F, F, F, F, F, F],
      'update: add videos': [F, F, F, F, F, F, F],
      'update: remove videos': [F, F, F, F, F, F, F],
      delete: [F, F, F, F, F, F, F],
      reorder: [F, F, F, F, F, F, F],
      'remove one video': [F, F, F, F, F, F, T],
    },
    PPL: {
      'update: rename': [F, T, F, F, F, F, F],
      'update: add videos': [F, T, F, F, F, F, F],
      'update: remove videos': [F, T, F, F, F, F, F],
      delete: [F, T, F, F, F, F, F],
      reorder: [F, T, F, F, F, F, F],
      'remove one video': [F, T, F, F, F, F, F],
    },
    SPL: {
      'update: rename': [F, F, F, T, F, F, F],
      'update: add videos': [F, F, F, T, T, F, F],
      'update: remove videos': [F, F, F, T, F, F, F],
      delete: [F, F, F, T, F, F, F],
      reorder: [F, F, F, T, F, F, F],
      'remove one video': [F, F, F, T, F, F, F],
    },
  };
  for (const [type, rows] of Object.entries(memberAreaExpected) as [
    keyof typeof playlists,
    (typeof memberAreaExpected)['FPL'],
  ][]) {
    for (const [action, allows] of Object.entries(memberArea)) {
      viewers.forEach(([name, v], column) => {
        it(`member area ${type} ${action}: ${name} is ${rows[action]![column]}`, () => {
          expect(allows(v, playlists[type])).toBe(rows[action]![column]);
        });
      });
    }
  }
  it('lets an update that changes nothing through on any playlist the viewer sees but a featured one', () => {
    const nothing = { details: false, addsVideos: false, removesVideos: false };
    expect(playlistPolicy.canUpdateInMemberArea(as('admin', 'admin-1'), featured, nothing)).toBe(false);
    expect(playlistPolicy.canUpdateInMemberArea(as('subuser', 'sub-1', studioId), studio, nothing)).toBe(
      true,
    );
  });
  it('keeps a studio playlist from a sub-user whose studio id is missing', () => {
    expect(playlistPolicy.canView(as('subuser', 'sub-3', null), { ...studio, studioOwnerId: null })).toBe(
      false,
    );
  });
});
