import { COMING_SOON_TAG, todayInNewYork } from '@dance/domain';
import type { DbOrTx, Tx } from '../../db/client';
import {
  findBannerToRelease,
  findClassVideoToRelease,
  findPopupToRelease,
  removeComingSoonTag,
  selectDueBanners,
  selectDueClassVideos,
  selectDuePopups,
} from './queries';

/** The release dates a run covers (New York, YYYY-MM-DD, both ends included) and its clock. */
export interface ReleaseWindow {
  fromDate: string;
  toDate: string;
  now: Date;
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

/**
 * Every releaser the midnight job runs, in order. Adding a kind of content is one entry here.
 *
 * Slots the lead fills at merge (see README.md in this folder):
 * - TRC content (`trcContentReleaser`, fieldType `trc-content`) from the TRC module;
 * - the "new this week" notification (`newThisWeekReleaser`, fieldType `notification`) through the
 *   notifications module's notify service.
 */
export const RELEASERS: readonly Releaser[] = [classVideoReleaser, bannerReleaser, popupReleaser];
