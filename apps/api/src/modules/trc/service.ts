import {
  canTrc,
  fullName,
  isRichTextEmpty,
  LEVELS,
  LINKS,
  memberFilterTags,
  releaseInstant,
  TRC_CATEGORIES,
  TRC_DURATION_FILTERS,
  TRC_HOME_ROW_SIZE,
  TRC_MESSAGES,
  type TrcAction,
  type TrcCategoryId,
  type TrcStanding,
  type TrcViewer,
  type TTrcAccessState,
  type TTrcAdminCard,
  type TTrcAdminContent,
  type TTrcApplication,
  type TTrcCard,
  type TTrcDetail,
  type TTrcDocument,
  type TTrcPlayback,
  todayInNewYork,
  trcAccessOf,
  trcRolesForUser,
  type ZTrcAccessRequest,
  type ZTrcContentInput,
  type ZTrcListQuery,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { renderActionMail } from '../../adapters/mail';
import type { DbOrTx } from '../../db/client';
import { isPlayableStatus, type UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { type AdminChange, recordAudit } from '../audit/record';
import { findActiveStudioSubscription, hasActiveAccess } from '../subscriptions/access';
import { findAssetById, signStream } from '../videos-media/service';
import { signedDocumentUrl } from './documents';
import {
  decideApplication,
  deleteContent,
  findApplication,
  findApplicationOfUser,
  findContent,
  findDocument,
  insertContent,
  reactionsOf,
  selectAllContent,
  selectApplications,
  selectContentByIds,
  selectContentPage,
  selectFilterIds,
  selectLookups,
  selectReleased,
  setReaction,
  type TrcApplicationRow,
  type TrcContentRow,
  type TrcContentValues,
  updateContent,
  upsertApplication,
} from './queries';

type AccessUser = Pick<UserRow, 'id' | 'role' | 'userType' | 'studioOwnerId' | 'email'>;

// ---------------------------------------------------------------------------------------------------------
// Access
// ---------------------------------------------------------------------------------------------------------

const viewerOf = (user: AccessUser): TrcViewer => ({
  id: user.id,
  role: user.role,
  userType: user.userType,
  email: user.email,
});

/** What the server knows of a user's TRC standing: the application and the (studio) plan. */
export async function standingOf(db: DbOrTx, user: AccessUser, application?: TrcApplicationRow | null) {
  const app = application === undefined ? await findApplicationOfUser(db, user.id) : application;
  const studioOwnerId =
    user.userType === 'studio-owner' ? user.id : user.userType === 'subuser' ? user.studioOwnerId : null;
  const [hasActivePlan, studio] = await Promise.all([
    hasActiveAccess(db, user),
    studioOwnerId ? findActiveStudioSubscription(db, studioOwnerId) : null,
  ]);
  const standing: TrcStanding = {
    status: app?.status ?? null,
    hasActivePlan,
    hasStudioPlan: studio !== null,
  };
  return { standing, application: app };
}

/** Whether the user may do a TRC action (the policy of the domain, with the server's facts). */
export async function mayTrc(
  db: DbOrTx,
  user: AccessUser,
  action: TrcAction,
  extra?: { allowDownload?: boolean },
) {
  const { standing } = await standingOf(db, user);
  return canTrc(action, viewerOf(user), standing, extra);
}

/** Refuses (403) a user who may not do the action. */
export async function requireTrc(db: DbOrTx, user: AccessUser, action: TrcAction) {
  if (!(await mayTrc(db, user, action))) throw new AppError('FORBIDDEN', TRC_MESSAGES.noAccess);
}

export const toApplication = (row: TrcApplicationRow): TTrcApplication => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  email: row.email,
  link: row.link,
  roles: row.roles as TTrcApplication['roles'],
  gain: row.gain,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export async function accessState(db: DbOrTx, user: UserRow): Promise<TTrcAccessState> {
  const { standing, application } = await standingOf(db, user);
  const { access, grant } = trcAccessOf(viewerOf(user), standing);
  return {
    access,
    grant,
    status: standing.status,
    application: application ? toApplication(application) : null,
    prefill: {
      name: fullName(user),
      email: user.email,
      roles: application ? (application.roles as TTrcApplication['roles']) : trcRolesForUser(user),
    },
  };
}

type AccessRequest = z.output<typeof ZTrcAccessRequest>;

/** A new request (absent or rejected) or a resubmitted one (pending or rejected): pending, mailed. */
export async function submitRequest(
  app: FastifyInstance,
  user: UserRow,
  input: AccessRequest,
  mode: 'requestAccess' | 'resubmit',
): Promise<TTrcAccessState> {
  const { standing } = await standingOf(app.db, user);
  const viewer = viewerOf(user);
  if (!canTrc(mode, viewer, standing)) {
    const { access } = trcAccessOf(viewer, standing);
    throw new AppError(
      'CONFLICT',
      access === 'granted' || access === 'plans'
        ? 'You already have Teacher Resource Center access.'
        : access === 'pending'
          ? 'Your request is pending: edit and resubmit it instead.'
          : TRC_MESSAGES.requestFailed,
    );
  }
  const row = await upsertApplication(app.db, {
    userId: user.id,
    name: fullName(user),
    email: user.email,
    link: input.link,
    roles: input.roles,
    gain: input.gain,
  });
  await sendMail(app, row, 'received');
  return accessState(app.db, user);
}

async function sendMail(
  app: FastifyInstance,
  row: TrcApplicationRow,
  kind: 'received' | 'approved' | 'rejected',
) {
  const base = app.config.memberAppUrl;
  const greeting = `Hi ${row.name || 'there'},`;
  const mail =
    kind === 'received'
      ? {
          subject: 'We received your Teacher Resource Center request',
          ...renderActionMail({
            greeting,
            lines: [
              'Thank you for requesting access to the Teacher Resource Center.',
              'Our team reviews every request and will email you when it is decided. You can edit your request while it is pending.',
            ],
            actionLabel: 'View my request',
            actionUrl: `${base}/trc/access`,
            footer: 'Dance Training',
          }),
        }
      : kind === 'approved'
        ? {
            subject: 'Your Teacher Resource Center access is approved',
            ...renderActionMail({
              greeting,
              lines: [
                'Good news: your request was approved. Lesson plans, teaching videos and resources are waiting for you.',
              ],
              actionLabel: 'Open the Teacher Resource Center',
              actionUrl: `${base}/trc`,
              footer: 'Dance Training',
            }),
          }
        : {
            subject: 'About your Teacher Resource Center request',
            ...renderActionMail({
              greeting,
              lines: [
                'Thank you for your interest in the Teacher Resource Center. We could not approve your request this time.',
                'You are welcome to update your details and send it again.',
              ],
              actionLabel: 'Update my request',
              actionUrl: `${base}/trc/resubmit`,
              footer: 'Dance Training',
            }),
          };
  try {
    await app.mail.send({ to: row.email, ...mail });
  } catch (err) {
    // The request or decision stands; a lost mail is logged, not a failed request.
    app.log.error({ err, applicationId: row.id, kind }, 'TRC mail failed');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Browsing
// ---------------------------------------------------------------------------------------------------------

type Lookups = Awaited<ReturnType<typeof selectLookups>>;

export const firstCategory = (row: Pick<TrcContentRow, 'categories'>): TrcCategoryId =>
  (row.categories[0] as TrcCategoryId | undefined) ?? 'resources';

export function toCard(row: TrcContentRow, lookups: Lookups): TTrcCard {
  const instructor = row.instructorId ? lookups.instructors.get(row.instructorId) : undefined;
  return {
    id: row.id,
    title: row.title,
    fileType: row.fileType,
    category: firstCategory(row),
    categories: row.categories as TrcCategoryId[],
    thumbnailUrl: row.thumbnailUrl,
    durationSeconds: row.fileType === 'video' ? row.durationSeconds : null,
    pages: row.fileType === 'pdf' ? row.pages : null,
    tags: row.tagIds
      .map((id) => lookups.tags.get(id))
      .filter((t) => t !== undefined)
      .sort((a, b) => a.priority - b.priority)
      .map((t) => ({ id: t.id, name: t.name, color: t.color, priority: t.priority })),
    instructor: instructor
      ? { id: instructor.id, name: instructor.name, imageUrl: instructor.imageUrl }
      : null,
    releaseDate: row.releaseDate,
  };
}

export async function cardsOf(db: DbOrTx, rows: TrcContentRow[]): Promise<TTrcCard[]> {
  const lookups = await selectLookups(db, rows);
  return rows.map((r) => toCard(r, lookups));
}

export async function home(db: DbOrTx, now = new Date()) {
  const rows = await selectReleased(db, now, 500);
  const cards = await cardsOf(db, rows);
  return {
    rows: TRC_CATEGORIES.map((c) => ({
      category: { id: c.id, name: c.name },
      items: cards.filter((card) => card.category === c.id).slice(0, TRC_HOME_ROW_SIZE),
    })),
  };
}

export async function listContent(db: DbOrTx, q: z.output<typeof ZTrcListQuery>, now = new Date()) {
  const { items, total } = await selectContentPage(
    db,
    {
      category: q.category,
      type: q.type,
      tags: q.tags,
      durations: q.durations,
      levels: q.levels,
      instructors: q.instructors,
      products: q.products,
      search: q.search,
    },
    q.sort,
    q.page,
    q.pageSize,
    now,
  );
  return { items: await cardsOf(db, items), total, page: q.page, pageSize: q.pageSize };
}

export async function filterOptions(db: DbOrTx, now = new Date()) {
  const ids = await selectFilterIds(db, now);
  const lookups = await selectLookups(
    db,
    [
      { tagIds: ids.tagIds, productIds: ids.productIds, instructorId: null },
      ...ids.instructorIds.map((instructorId) => ({ tagIds: [], productIds: [], instructorId })),
    ],
    true,
  );
  return {
    tags: memberFilterTags([...lookups.tags.values()])
      .sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name))
      .map((t) => ({ id: t.id, name: t.name, color: t.color, priority: t.priority })),
    instructors: [...lookups.instructors.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((i) => ({ id: i.id, name: i.name, imageUrl: i.imageUrl })),
    products: [...lookups.products.values()]
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((p) => ({ id: p.id, title: p.title, subname: p.subname, imageUrl: p.images[0]?.src ?? null })),
    levels: [...LEVELS],
    durations: TRC_DURATION_FILTERS,
  };
}

const isReleasedRow = (row: Pick<TrcContentRow, 'releaseAt'>, now: Date) =>
  row.releaseAt.getTime() <= now.getTime();

/**
 * An item a member may open: it exists and is released (admins see unreleased ones too). Anything else is a
 * 404, so unreleased ids cannot be probed.
 */
export async function visibleContent(db: DbOrTx, user: Pick<UserRow, 'role'>, id: string, now = new Date()) {
  const row = await findContent(db, id);
  if (!row || (user.role !== 'admin' && !isReleasedRow(row, now))) throw notFound('Content not found');
  return row;
}

export async function detail(db: DbOrTx, user: UserRow, id: string, now = new Date()): Promise<TTrcDetail> {
  const row = await visibleContent(db, user, id, now);
  const relatedRows = (
    await selectContentByIds(
      db,
      row.relatedIds.filter((r) => r !== row.id),
    )
  ).filter((r) => user.role === 'admin' || isReleasedRow(r, now));
  const ordered = row.relatedIds
    .map((rid) => relatedRows.find((r) => r.id === rid))
    .filter((r) => r !== undefined);
  const lookups = await selectLookups(db, [row, ...ordered], true);
  const instructor = row.instructorId ? lookups.instructors.get(row.instructorId) : undefined;
  const reactions = await reactionsOf(db, row.id, user.id);
  return {
    ...toCard(row, lookups),
    about: row.about,
    instructor: instructor
      ? {
          id: instructor.id,
          name: instructor.name,
          bio: instructor.bio,
          imageUrl: instructor.imageUrl,
          socials: instructor.socials,
        }
      : null,
    levels: row.levels as TTrcDetail['levels'],
    products: row.productIds
      .map((pid) => lookups.products.get(pid))
      .filter((p) => p !== undefined)
      .map((p) => ({
        id: p.id,
        title: p.title,
        subname: p.subname,
        imageUrl: p.images[0]?.src ?? null,
        buyUrl: `${LINKS.shop}/products/${encodeURIComponent(p.handle)}${p.variantId && /^\d+$/.test(p.variantId) ? `?variant=${p.variantId}` : ''}`,
      })),
    related: ordered.map((r) => toCard(r, lookups)),
    allowDownload: row.fileType === 'pdf' && row.allowDownload,
    ...reactions,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function playback(app: FastifyInstance, user: UserRow, id: string): Promise<TTrcPlayback> {
  const row = await visibleContent(app.db, user, id);
  if (row.fileType !== 'video' || !row.mediaAssetId) throw notFound('This item has no video');
  const asset = await findAssetById(app.db, row.mediaAssetId);
  if (!asset || !isPlayableStatus(asset.status))
    throw new AppError('MEDIA_NOT_READY', TRC_MESSAGES.videoPreviewFailed);
  const expiresAt = new Date(Date.now() + app.config.video.mediaUrlTtlSeconds * 1000);
  return {
    contentId: row.id,
    source: await signStream(app, asset, expiresAt),
    expiresAt: expiresAt.toISOString(),
  };
}

export async function documentOf(app: FastifyInstance, user: UserRow, id: string): Promise<TTrcDocument> {
  const row = await visibleContent(app.db, user, id);
  if (row.fileType !== 'pdf' || !row.documentId) throw notFound('This item has no PDF');
  const doc = await findDocument(app.db, row.documentId);
  if (!doc) throw notFound('This item has no PDF');
  const expiresAt = new Date(Date.now() + app.config.video.mediaUrlTtlSeconds * 1000);
  const secret = app.video.secret;
  const mayDownload = await mayTrc(app.db, user, 'downloadPdf', { allowDownload: row.allowDownload });
  return {
    contentId: row.id,
    url: signedDocumentUrl(secret, doc.id, expiresAt, 'inline'),
    downloadUrl: mayDownload ? signedDocumentUrl(secret, doc.id, expiresAt, 'attachment') : null,
    pages: doc.pages,
    sizeBytes: doc.sizeBytes,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function react(db: DbOrTx, user: UserRow, id: string, reaction: 'like' | 'dislike' | null) {
  const row = await visibleContent(db, user, id);
  await setReaction(db, row.id, user.id, reaction);
  return { contentId: row.id, ...(await reactionsOf(db, row.id, user.id)) };
}

// ---------------------------------------------------------------------------------------------------------
// Admin: approval
// ---------------------------------------------------------------------------------------------------------

export async function listApplications(
  db: DbOrTx,
  q: { status?: string; role?: string; search?: string; page: number; pageSize: number },
) {
  const { items, total } = await selectApplications(db, q);
  return { items: items.map(toApplication), total, page: q.page, pageSize: q.pageSize };
}

export async function decide(
  app: FastifyInstance,
  change: AdminChange,
  id: string,
  status: 'approved' | 'rejected',
): Promise<TTrcApplication> {
  const decided = await change.db.transaction(async (tx) => {
    const before = await findApplication(tx, id);
    const admin = { id: change.actorId, role: 'admin' as const, userType: null, email: 'admin' };
    if (
      !canTrc(
        'decideApplication',
        admin,
        { status: null, hasActivePlan: false, hasStudioPlan: false },
        { applicationStatus: before.status },
      )
    )
      throw new AppError('CONFLICT', 'Only pending requests can be approved or rejected.');
    const row = await decideApplication(tx, id, status, change.actorId);
    if (!row) throw new AppError('CONFLICT', 'Only pending requests can be approved or rejected.');
    await recordAudit(tx, change.request, {
      actorId: change.actorId,
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'trc-application',
      entityId: id,
      changes: { status: { from: before.status, to: status }, userId: before.userId, email: before.email },
    });
    return row;
  });
  await sendMail(app, decided, status);
  return toApplication(decided);
}

// ---------------------------------------------------------------------------------------------------------
// Admin: content
// ---------------------------------------------------------------------------------------------------------

export function toAdminCard(row: TrcContentRow, now = new Date()): TTrcAdminCard {
  return {
    id: row.id,
    title: row.title,
    fileType: row.fileType,
    categories: row.categories as TrcCategoryId[],
    thumbnailUrl: row.thumbnailUrl,
    durationSeconds: row.durationSeconds,
    pages: row.pages,
    releaseDate: row.releaseDate,
    isReleased: isReleasedRow(row, now),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function toAdminContent(db: DbOrTx, row: TrcContentRow): Promise<TTrcAdminContent> {
  const doc = row.documentId ? await findDocument(db, row.documentId) : null;
  return {
    ...toAdminCard(row),
    about: row.about,
    videoAssetId: row.mediaAssetId,
    documentId: row.documentId,
    documentName: doc?.name ?? null,
    allowDownload: row.allowDownload,
    tagIds: row.tagIds,
    productIds: row.productIds,
    instructorId: row.instructorId,
    relatedIds: row.relatedIds,
    levels: row.levels as TTrcAdminContent['levels'],
  };
}

export async function adminList(db: DbOrTx, q: { type: 'all' | 'pdf' | 'video'; search?: string }) {
  const rows = await selectAllContent(db, q);
  const now = new Date();
  return { items: rows.map((r) => toAdminCard(r, now)) };
}

export async function adminOptions(db: DbOrTx) {
  const rows = await selectAllContent(db);
  return { items: rows.map((r) => ({ id: r.id, title: r.title, fileType: r.fileType })) };
}

export async function adminGet(db: DbOrTx, id: string) {
  const row = await findContent(db, id);
  if (!row) throw notFound('Content not found');
  return toAdminContent(db, row);
}

type ContentInput = z.output<typeof ZTrcContentInput>;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/** Checks the references and derives the stored values (sanitised about, release instant, search text). */
async function valuesOf(
  db: DbOrTx,
  input: ContentInput,
  selfId: string | null,
  previousReleaseDate: string | null,
): Promise<TrcContentValues> {
  const about = sanitizeRichText(input.about);
  if (isRichTextEmpty(about)) throw fieldError('about', TRC_MESSAGES.aboutRequired);
  if (input.releaseDate < todayInNewYork() && input.releaseDate !== previousReleaseDate)
    throw fieldError('releaseDate', TRC_MESSAGES.releaseDateInPast);
  let pages = input.pages;
  if (input.fileType === 'video') {
    const asset = input.videoAssetId ? await findAssetById(db, input.videoAssetId) : null;
    if (!asset || asset.status === 'errored') throw fieldError('videoAssetId', TRC_MESSAGES.videoRequired);
  } else {
    const doc = input.documentId ? await findDocument(db, input.documentId) : null;
    if (!doc) throw fieldError('documentId', TRC_MESSAGES.pdfRequired);
    // The page count is the PDF's own.
    pages = doc.pages;
  }
  const relatedIds = input.relatedIds.filter((r) => r !== selfId);
  const [relatedRows, lookups] = await Promise.all([
    selectContentByIds(db, relatedIds),
    selectLookups(
      db,
      [{ tagIds: input.tagIds, productIds: input.productIds, instructorId: input.instructorId }],
      true,
    ),
  ]);
  if (relatedRows.length !== new Set(relatedIds).size) throw fieldError('relatedIds', 'Unknown related item');
  if (lookups.tags.size !== new Set(input.tagIds).size) throw fieldError('tagIds', 'Unknown tag');
  if (lookups.products.size !== new Set(input.productIds).size)
    throw fieldError('productIds', 'Unknown product');
  const instructor = input.instructorId ? lookups.instructors.get(input.instructorId) : null;
  if (input.instructorId && !instructor) throw fieldError('instructorId', 'Unknown instructor');
  const plainAbout = about.replace(/<[^>]*>/g, ' ');
  const searchText = [
    input.title,
    plainAbout,
    instructor?.name ?? '',
    ...[...lookups.tags.values()].map((t) => t.name),
  ]
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .trim();
  return {
    title: input.title,
    about,
    fileType: input.fileType,
    mediaAssetId: input.fileType === 'video' ? input.videoAssetId : null,
    durationSeconds: input.fileType === 'video' ? input.durationSeconds : null,
    documentId: input.fileType === 'pdf' ? input.documentId : null,
    pages: input.fileType === 'pdf' ? pages : null,
    allowDownload: input.fileType === 'pdf' && input.allowDownload,
    thumbnailUrl: input.thumbnailUrl,
    instructorId: input.instructorId,
    categories: input.categories,
    tagIds: [...new Set(input.tagIds)],
    productIds: [...new Set(input.productIds)],
    relatedIds: [...new Set(relatedIds)],
    levels: input.levels,
    releaseDate: input.releaseDate,
    releaseAt: releaseInstant(input.releaseDate),
    searchText,
  };
}

const auditView = (v: TrcContentValues) => {
  const { searchText: _s, about: _a, releaseAt: _r, ...rest } = v;
  return rest;
};

export async function createContent({ db, request, actorId }: AdminChange, input: ContentInput) {
  return db.transaction(async (tx) => {
    const values = await valuesOf(tx, input, null, null);
    const row = await insertContent(tx, values);
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'trc-content',
      entityId: row.id,
      changes: auditView(values),
    });
    return toAdminContent(tx, row);
  });
}

export async function editContent({ db, request, actorId }: AdminChange, id: string, input: ContentInput) {
  return db.transaction(async (tx) => {
    const before = await findContent(tx, id);
    if (!before) throw notFound('Content not found');
    const values = await valuesOf(tx, input, id, before.releaseDate);
    const row = await updateContent(tx, id, values);
    if (!row) throw notFound('Content not found');
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'trc-content',
      entityId: id,
      changes: { before: auditView(before), after: auditView(values) },
    });
    return toAdminContent(tx, row);
  });
}

export async function removeContent({ db, request, actorId }: AdminChange, id: string) {
  return db.transaction(async (tx) => {
    const before = await findContent(tx, id);
    if (!before) throw notFound('Content not found');
    await deleteContent(tx, id);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'trc-content',
      entityId: id,
      changes: { before: auditView(before) },
    });
    return id;
  });
}
