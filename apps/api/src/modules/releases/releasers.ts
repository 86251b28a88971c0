import { COMING_SOON_TAG, todayInNewYork } from '@dance/domain';
import type { DbOrTx, Tx } from '../../db/client';
import type { NotifyInput } from '../notifications/service';
import {
  findBannerToRelease,
  findClassVideoToRelease,
  findPopupToRelease,
  findTrcContentToRelease,
  removeComingSoonTag,
  selectDueBanners,
  selectDueClassVideos,
  selectDuePopups,
  selectDueTrcContent,
  selectReleasedThisWeek,
} from './queries';

/** The release dates a run covers (New York, YYYY-MM-DD, both ends included) and its clock. */
export interface ReleaseWindow {
  fromDate: string;
  toDate: string;
  now: Date;
  /** Tells members (the notifications module's notify service); absent in runs that send nothing. */
  notify?: (input: NotifyInput) => Promise<unknown>;
}

/** One item a releaser found due: its id, its release date and what the audit event should say about it. */
export interface DueItem {
  id: string;
  releaseDate: string;
  context: Record<string, unknown>;
}

/**
 * Makes one kind of content live at midnight. `due` lists the items of the window not released yet (the run's
 * ledger is joined in the query); `release` makes one live inside the transaction that also writes the ledger
 * row and the ok audit event, and throws when it cannot (the item is retried, then recorded as an error).
 */
export interface Releaser {
  /** The audit event's fieldType, and the ledger's. */
  fieldType: string;
  /** The audit event's name. */
  event: string;
  due(db: DbOrTx, window: ReleaseWindow): Promise<DueItem[]>;
  release(tx: Tx, item: DueItem, window: ReleaseWindow): Promise<string>;
}

/** Class videos of the day lose their "coming soon" tag; playback follows their release instant. */
export const classVideoReleaser: Releaser = {
  fieldType: 'class-video',
  event: 'release.class-video',
  due: (db, window) => selectDueClassVideos(db, window),
  async release(tx, item, window) {
    const video = await findClassVideoToRelease(tx, item.id);
    if (!video) throw new Error('The class video no longer exists');
    if (video.releaseAt.getTime() > window.now.getTime())
      throw new Error(`The class video's release moved to ${video.releaseDate}`);
    const hadTag = await removeComingSoonTag(tx, item.id);
    return hadTag ? `Released; "${COMING_SOON_TAG}" removed` : 'Released';
  },
};

/** Banners of the day: shown on the home page from midnight (active, dated today or earlier). */
export const bannerReleaser: Releaser = {
  fieldType: 'banner',
  event: 'release.banner',
  due: (db, window) => selectDueBanners(db, window),
  async release(tx, item, window) {
    const banner = await findBannerToRelease(tx, item.id);
    if (!banner) throw new Error('The banner no longer exists');
    if (!banner.isActive) throw new Error('The banner was unpublished');
    if (banner.releaseDate > todayInNewYork(window.now))
      throw new Error(`The banner's release moved to ${banner.releaseDate}`);
    return 'Visible on the home page';
  },
};

/** Popups whose window opened: shown to members from their start. */
export const popupReleaser: Releaser = {
  fieldType: 'popup',
  event: 'release.popup',
  due: (db, window) => selectDuePopups(db, window),
  async release(tx, item, window) {
    const popup = await findPopupToRelease(tx, item.id);
    if (!popup) throw new Error('The popup no longer exists');
    if (!popup.isActive) throw new Error('The popup was deactivated');
    if (popup.startAt.getTime() > window.now.getTime()) throw new Error('The popup starts later');
    if (popup.endAt.getTime() < window.now.getTime()) throw new Error('The popup has ended');
    return 'Visible to members';
  },
};

/** TRC items of the day: shown to teachers with access from midnight (visibility follows `release_at`). */
export const trcContentReleaser: Releaser = {
  fieldType: 'trc-content',
  event: 'release.trc-content',
  due: (db, window) => selectDueTrcContent(db, window),
  async release(tx, item, window) {
    const content = await findTrcContentToRelease(tx, item.id);
    if (!content) throw new Error('The TRC item no longer exists');
    if (content.releaseAt.getTime() > window.now.getTime())
      throw new Error(`The TRC item's release moved to ${content.releaseDate}`);
    return 'Visible in the Teacher Resource Center';
  },
};

/** Monday, in New York: the day the weekly "new this week" notification goes out. */
const isMonday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() === 1;

/**
 * "New this week" (issue 17): on Monday's midnight run, members who want release news hear how many videos
 * and classes came out in the seven days before. One item per Monday (`new-this-week:<date>`), so the ledger
 * sends it once; a week without releases sends nothing and says so in the audit.
 */
export const newThisWeekReleaser: Releaser = {
  fieldType: 'notification',
  event: 'release.new-this-week',
  async due(_db, window) {
    return isMonday(window.toDate)
      ? [{ id: `new-this-week:${window.toDate}`, releaseDate: window.toDate, context: {} }]
      : [];
  },
  async release(tx, item, window) {
    const released = await selectReleasedThisWeek(tx, item.releaseDate);
    if (released.total === 0) return 'Nothing was released this week: no notification';
    if (!window.notify) return 'Notifications are not wired in this run: nothing sent';
    const titles = released.titles.slice(0, 3).join(', ');
    await window.notify({
      audience: 'all',
      kind: 'release',
      title:
        released.total === 1 ? 'New this week: 1 new video' : `New this week: ${released.total} new videos`,
      body: released.total > 3 ? `${titles} and more.` : `${titles}.`,
      url: '/AllVideos',
    });
    return `Sent to members who want release news (${released.total} new)`;
  },
};

/**
 * Every releaser the midnight job runs, in order. Adding a kind of content is one entry here.
 */
export const RELEASERS: readonly Releaser[] = [
  classVideoReleaser,
  bannerReleaser,
  popupReleaser,
  trcContentReleaser,
  newThisWeekReleaser,
];
