import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { videos } from './catalogue';
import { playlists } from './playlists';
import { users } from './users';

/**
 * A member's practice settings (issue 20 item 5): the weekly goal, the time zone their days are counted in (the
 * latest their player or goal form sent) and when their last report arrived (a report cannot claim more time
 * than has passed since, from any device: decision 0050).
 */
export const practiceSettings = pgTable('practice_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weeklyGoalMinutes: integer('weekly_goal_minutes'),
  timeZone: text('time_zone').notNull().default('UTC'),
  lastReportAt: timestamp('last_report_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Seconds practised per member, per day (in their time zone) and per video. */
export const practiceLog = pgTable(
  'practice_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.videoId] }),
    index('practice_log_video_idx').on(t.videoId),
  ],
);

/** A studio playlist assigned by its studio's owner (issue 20 item 6); one assignment per playlist. */
export const studioAssignments = pgTable(
  'studio_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studioOwnerId: uuid('studio_owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playlistId: uuid('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('studio_assignments_playlist_key').on(t.playlistId),
    index('studio_assignments_owner_idx').on(t.studioOwnerId),
  ],
);

/** The dancers (sub-users) of an assignment, with when they were last reminded (at most once a day). */
export const studioAssignees = pgTable(
  'studio_assignees',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => studioAssignments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.userId] }),
    index('studio_assignees_user_idx').on(t.userId),
  ],
);

export type StudioAssignmentRow = typeof studioAssignments.$inferSelect;
