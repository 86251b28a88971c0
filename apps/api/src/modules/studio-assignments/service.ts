import {
  PRACTICE_MESSAGES,
  REMINDER_INTERVAL_HOURS,
  type TCreateAssignment,
  type TMyAssignment,
  type TStudioAssignment,
} from '@dance/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { renderActionMail } from '../../adapters/mail';
import type { DbOrTx } from '../../db/client';
import type { StudioAssignmentRow, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { filterWanting } from '../notifications/queries';
import { notify } from '../notifications/service';
import { secondsOnVideos } from '../practice/queries';
import {
  claimReminders,
  countCompleted,
  deleteAssignment,
  findAssignment,
  findStudioPlaylist,
  insertAssignment,
  selectAssignees,
  selectDancerAssignments,
  selectOwnerAssignments,
  selectOwnSubUserIds,
  selectPlaylistVideoIds,
} from './queries';

type Listed = { assignment: StudioAssignmentRow; playlistName: string };

/** The day an assignment was made: practice from then on counts towards it. */
const sinceDay = (a: StudioAssignmentRow) => a.createdAt.toISOString().slice(0, 10);

/** Each listed assignment with every dancer's progress: videos completed of the playlist and seconds practised. */
async function withProgress(db: DbOrTx, listed: Listed[], onlyUserId?: string) {
  const [assignees, videoIds] = await Promise.all([
    selectAssignees(
      db,
      listed.map((l) => l.assignment.id),
    ),
    selectPlaylistVideoIds(
      db,
      listed.map((l) => l.assignment.playlistId),
    ),
  ]);
  return Promise.all(
    listed.map(async ({ assignment, playlistName }) => {
      const videos = videoIds.get(assignment.playlistId) ?? [];
      const dancers = assignees.filter(
        (d) => d.assignmentId === assignment.id && (onlyUserId === undefined || d.userId === onlyUserId),
      );
      const ids = dancers.map((d) => d.userId);
      const [completed, seconds] = await Promise.all([
        countCompleted(db, ids, videos),
        secondsOnVideos(db, ids, videos, sinceDay(assignment)),
      ]);
      return {
        assignment,
        playlistName,
        videosTotal: videos.length,
        dancers: dancers.map((d) => ({
          ...d,
          videosCompleted: completed.get(d.userId) ?? 0,
          videosTotal: videos.length,
          secondsPractised: seconds.get(d.userId) ?? 0,
        })),
      };
    }),
  );
}

function toStudioAssignment(a: Awaited<ReturnType<typeof withProgress>>[number]): TStudioAssignment {
  return {
    id: a.assignment.id,
    playlistId: a.assignment.playlistId,
    playlistName: a.playlistName,
    dueDate: a.assignment.dueDate,
    createdAt: a.assignment.createdAt.toISOString(),
    dancers: a.dancers.map((d) => ({
      userId: d.userId,
      firstName: d.firstName,
      lastName: d.lastName,
      remindedAt: d.remindedAt?.toISOString() ?? null,
      videosCompleted: d.videosCompleted,
      videosTotal: d.videosTotal,
      secondsPractised: d.secondsPractised,
    })),
  };
}

export async function listStudioAssignments(db: DbOrTx, ownerId: string) {
  return (await withProgress(db, await selectOwnerAssignments(db, ownerId))).map(toStudioAssignment);
}

/** A dancer's own assignments with their own figures only (never another dancer's). */
export async function listMyAssignments(db: DbOrTx, userId: string): Promise<TMyAssignment[]> {
  const rows = await withProgress(db, await selectDancerAssignments(db, userId), userId);
  return rows.map((a) => {
    const mine = a.dancers[0];
    return {
      id: a.assignment.id,
      playlistId: a.assignment.playlistId,
      playlistName: a.playlistName,
      dueDate: a.assignment.dueDate,
      createdAt: a.assignment.createdAt.toISOString(),
      videosCompleted: mine?.videosCompleted ?? 0,
      videosTotal: a.videosTotal,
      secondsPractised: mine?.secondsPractised ?? 0,
    };
  });
}

/**
 * Assigns one of the studio's playlists to some of its sub-users; another studio's playlist or dancer is not
 * found (nothing is written). The dancers hear of it in the inbox and by push.
 */
export async function createAssignment(
  app: Pick<FastifyInstance, 'db' | 'jobs'>,
  owner: UserRow,
  input: TCreateAssignment,
): Promise<TStudioAssignment> {
  const wanted = [...new Set(input.subUserIds)];
  const created = await app.db.transaction(async (tx) => {
    const playlist = await findStudioPlaylist(tx, owner.id, input.playlistId);
    if (!playlist) throw new AppError('NOT_FOUND', PRACTICE_MESSAGES.playlistNotFound);
    const own = await selectOwnSubUserIds(tx, owner.id, wanted);
    if (own.length !== wanted.length) throw new AppError('NOT_FOUND', PRACTICE_MESSAGES.dancerNotFound);
    const row = await insertAssignment(
      tx,
      { studioOwnerId: owner.id, playlistId: playlist.id, dueDate: input.dueDate ?? null },
      own,
    );
    if (!row) throw new AppError('CONFLICT', PRACTICE_MESSAGES.alreadyAssigned);
    return { assignment: row, playlistName: playlist.name };
  });
  await notify(app, {
    audience: { userIds: wanted },
    kind: 'practice',
    title: `${owner.firstName} ${owner.lastName} assigned you “${created.playlistName}”`,
    body: created.assignment.dueDate
      ? `Due ${created.assignment.dueDate}.`
      : 'Open it from your practice page.',
    url: '/practice',
  });
  const [full] = await withProgress(app.db, [created]);
  return toStudioAssignment(full!);
}

export async function removeAssignment(db: DbOrTx, ownerId: string, id: string) {
  if (!(await deleteAssignment(db, ownerId, id)))
    throw new AppError('NOT_FOUND', PRACTICE_MESSAGES.assignmentNotFound);
  return { id };
}

export interface ReminderDeps extends Pick<FastifyInstance, 'db' | 'jobs' | 'mail' | 'config'> {
  log: FastifyBaseLogger;
}

/**
 * Reminds the assignment's dancers who have not finished it (or the chosen ones among them): a mail now, for
 * those who keep practice mail on, and the inbox and push through notify(). Each dancer at most once in
 * REMINDER_INTERVAL_HOURS; when all the others were reminded recently the answer is 429 and nothing is sent.
 */
export async function remind(
  deps: ReminderDeps,
  owner: UserRow,
  assignmentId: string,
  chosen: string[] | undefined,
  now = new Date(),
) {
  const assignment = await findAssignment(deps.db, owner.id, assignmentId);
  if (!assignment) throw new AppError('NOT_FOUND', PRACTICE_MESSAGES.assignmentNotFound);
  const [full] = await withProgress(deps.db, [{ assignment, playlistName: '' }]);
  const playlist = await findStudioPlaylist(deps.db, owner.id, assignment.playlistId);
  const unfinished = full!.dancers.filter((d) => d.videosTotal === 0 || d.videosCompleted < d.videosTotal);
  const targets = chosen ? unfinished.filter((d) => chosen.includes(d.userId)) : unfinished;
  if (targets.length === 0) return { reminded: [], skipped: [], message: PRACTICE_MESSAGES.nobodyToRemind };
  const notBefore = new Date(now.getTime() - REMINDER_INTERVAL_HOURS * 3_600_000);
  const claimed = await claimReminders(
    deps.db,
    assignment.id,
    targets.map((d) => d.userId),
    now,
    notBefore,
  );
  const skipped = targets.map((d) => d.userId).filter((id) => !claimed.includes(id));
  if (claimed.length === 0) throw new AppError('RATE_LIMITED', PRACTICE_MESSAGES.remindedRecently);

  const name = playlist?.name ?? 'your studio playlist';
  const title = `${owner.firstName} ${owner.lastName} reminds you to practise “${name}”`;
  const body = assignment.dueDate ? `It is due ${assignment.dueDate}.` : 'Keep going: every session counts.';
  const link = `${deps.config.memberAppUrl.replace(/\/$/, '')}/practice`;
  const mailTo = new Set(await filterWanting(deps.db, claimed, 'practice', 'mail'));
  await Promise.allSettled(
    targets
      .filter((d) => mailTo.has(d.userId))
      .map((d) =>
        deps.mail
          .send({
            to: d.email,
            subject: title,
            ...renderActionMail({
              greeting: `Hi ${d.firstName},`,
              lines: [title, body, `You have finished ${d.videosCompleted} of ${d.videosTotal} videos.`],
              actionLabel: 'Open my practice page',
              actionUrl: link,
              footer: 'You can turn practice reminder mail off on your account page. Dance Training',
            }),
          })
          .catch((err: unknown) =>
            deps.log.error({ err, userId: d.userId }, 'practice reminder mail failed'),
          ),
      ),
  );
  await notify(deps, { audience: { userIds: claimed }, kind: 'practice', title, body, url: '/practice' });
  return { reminded: claimed, skipped, message: PRACTICE_MESSAGES.reminded(claimed.length) };
}
