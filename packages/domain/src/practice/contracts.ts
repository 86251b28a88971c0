import { z } from 'zod';
import { ZVideoCard } from '../catalogue/contracts';
import { isTimeZone } from '../content/shared';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';
import { PRACTICE_LIMITS } from './rules';

const ZTimeZone = text().max(64).refine(isTimeZone, 'Unknown time zone');
const ZDay = z.iso.date('Use a date as YYYY-MM-DD');

export const ZPracticeReport = z
  .object({
    videoId: z.uuid('Unknown video'),
    /** Seconds of playback since the player's previous report (loops included, hidden or paused time not). */
    seconds: z.number().int().min(1).max(PRACTICE_LIMITS.maxReportSeconds),
    timeZone: ZTimeZone,
  })
  .strict();
export type TPracticeReport = z.infer<typeof ZPracticeReport>;

export const ZPracticeGoal = z
  .object({
    weeklyGoalMinutes: z
      .number()
      .int()
      .min(PRACTICE_LIMITS.minWeeklyGoalMinutes, `At least ${PRACTICE_LIMITS.minWeeklyGoalMinutes} minutes`)
      .max(PRACTICE_LIMITS.maxWeeklyGoalMinutes, 'At most one week of minutes')
      .nullable(),
    timeZone: ZTimeZone,
  })
  .strict();
export type TPracticeGoal = z.infer<typeof ZPracticeGoal>;

export const ZPracticeSummary = z.object({
  timeZone: z.string(),
  today: z.string(),
  weeklyGoalMinutes: z.number().int().nullable(),
  /** Seconds practised this week (Monday to today). */
  weekSeconds: z.number().int(),
  streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  /** Days with practice in the heatmap's span (oldest first); days without are absent. */
  days: z.array(z.object({ day: z.string(), seconds: z.number().int() })),
  /** The first day of the heatmap (a Monday). */
  from: z.string(),
  topVideos: z.array(z.object({ video: ZVideoCard, seconds: z.number().int() })),
});
export type TPracticeSummary = z.infer<typeof ZPracticeSummary>;

export const ZAssignmentProgress = z.object({
  videosCompleted: z.number().int(),
  videosTotal: z.number().int(),
  /** Seconds practised on the playlist's videos since the assignment was made. */
  secondsPractised: z.number().int(),
});

export const ZAssignmentDancer = ZAssignmentProgress.extend({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  remindedAt: z.string().nullable(),
});
export type TAssignmentDancer = z.infer<typeof ZAssignmentDancer>;

export const ZStudioAssignment = z.object({
  id: z.string(),
  playlistId: z.string(),
  playlistName: z.string(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  dancers: z.array(ZAssignmentDancer),
});
export type TStudioAssignment = z.infer<typeof ZStudioAssignment>;

export const ZMyAssignment = ZAssignmentProgress.extend({
  id: z.string(),
  playlistId: z.string(),
  playlistName: z.string(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
});
export type TMyAssignment = z.infer<typeof ZMyAssignment>;

export const ZCreateAssignment = z
  .object({
    playlistId: z.uuid('Choose a studio playlist'),
    subUserIds: z.array(z.uuid('Unknown dancer')).min(1, 'Choose at least one dancer').max(50),
    dueDate: ZDay.nullable().optional(),
  })
  .strict();
export type TCreateAssignment = z.infer<typeof ZCreateAssignment>;

export const ZAssignmentParams = z.object({ assignmentId: z.uuid('Unknown assignment') }).strict();

export const ZRemindRequest = z
  .object({ subUserIds: z.array(z.uuid('Unknown dancer')).min(1).max(50).optional() })
  .strict();

/** The member's practice log: reports from the player, the goal, and the practice page's summary. */
export const practiceEndpoints = {
  report: defineEndpoint({
    method: 'POST',
    path: '/me/practice/reports',
    summary: 'Seconds practised on a video since the previous report (credited up to the time elapsed)',
    tags: ['practice'],
    auth: 'session',
    body: ZPracticeReport,
    response: z.object({ creditedSeconds: z.number().int(), day: z.string() }),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/me/practice',
    summary:
      'The practice page: days practised, this week against the goal, the streak, videos practised most',
    tags: ['practice'],
    auth: 'session',
    response: ZPracticeSummary,
    errors: ['UNAUTHENTICATED'],
  }),
  setGoal: defineEndpoint({
    method: 'PUT',
    path: '/me/practice/goal',
    summary: 'Set (or clear) the weekly goal in minutes and the time zone days are counted in',
    tags: ['practice'],
    auth: 'session',
    body: ZPracticeGoal,
    response: ZPracticeGoal,
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CSRF_FAILED'],
  }),
} as const;

const ownerErrors = ['UNAUTHENTICATED', 'CSRF_FAILED', 'FORBIDDEN'] as const;

/** Studio assignments: the owner assigns studio playlists to sub-users; a dancer sees their own. */
export const studioAssignmentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/studio/assignments',
    summary: "The studio's assignments with each dancer's videos completed and minutes practised",
    tags: ['studio'],
    auth: 'session',
    response: z.object({ assignments: z.array(ZStudioAssignment) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/studio/assignments',
    summary: 'Assign a studio playlist to some or all sub-users, with an optional due date',
    tags: ['studio'],
    auth: 'session',
    body: ZCreateAssignment,
    response: ZStudioAssignment,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...ownerErrors, 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/studio/assignments/:assignmentId',
    summary: 'Withdraw an assignment',
    tags: ['studio'],
    auth: 'session',
    params: ZAssignmentParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', ...ownerErrors, 'NOT_FOUND'],
  }),
  remind: defineEndpoint({
    method: 'POST',
    path: '/studio/assignments/:assignmentId/reminders',
    summary: 'Remind the dancers who have not finished (each at most once a day): mail, inbox and push',
    tags: ['studio'],
    auth: 'session',
    params: ZAssignmentParams,
    body: ZRemindRequest,
    response: z.object({ reminded: z.array(z.string()), skipped: z.array(z.string()), message: z.string() }),
    errors: ['VALIDATION_FAILED', ...ownerErrors, 'NOT_FOUND', 'RATE_LIMITED'],
  }),
  mine: defineEndpoint({
    method: 'GET',
    path: '/me/assignments',
    summary: 'The studio playlists assigned to me, with my progress',
    tags: ['studio'],
    auth: 'session',
    response: z.object({ assignments: z.array(ZMyAssignment) }),
    errors: ['UNAUTHENTICATED'],
  }),
} as const;
