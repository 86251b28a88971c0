import { RELEASE_TIME_ZONE } from '../constants';
import { releaseInstant } from '../release';

/** The product's time zone: banners' and popups' dates are New York dates everywhere (issue 22 item 12). */
export const PRODUCT_TIME_ZONE = RELEASE_TIME_ZONE;

/** Where a banner or popup stands: a draft members never see, scheduled, live, or ended. */
export const PUBLICATION_STATES = ['draft', 'scheduled', 'live', 'ended'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export const PUBLICATION_LABELS: Record<PublicationState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
};
export const PUBLICATION_COLORS: Record<PublicationState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  live: 'teal',
  ended: 'dark',
};

export function publicationState(
  item: { isActive: boolean; startsAt: Date | null; endsAt?: Date | null },
  now: Date = new Date(),
): PublicationState {
  if (!item.isActive) return 'draft';
  if (item.startsAt && now.getTime() < item.startsAt.getTime()) return 'scheduled';
  if (item.endsAt && now.getTime() > item.endsAt.getTime()) return 'ended';
  return 'live';
}

/** A banner goes live at 12:00 AM New York on its release date, or at once when it shows immediately. */
export const bannerPublication = (
  banner: { isActive: boolean; showImmediately: boolean; releaseDate: string },
  now: Date = new Date(),
) =>
  publicationState(
    {
      isActive: banner.isActive,
      startsAt: banner.showImmediately ? null : releaseInstant(banner.releaseDate),
    },
    now,
  );

export const popupPublication = (
  popup: { isActive: boolean; startAt: string; endAt: string },
  now: Date = new Date(),
) =>
  publicationState(
    { isActive: popup.isActive, startsAt: new Date(popup.startAt), endsAt: new Date(popup.endAt) },
    now,
  );

/** Saving a start date before today (New York) asks first: it shows at once, which may not be meant. */
export const PAST_START_CONFIRM = {
  title: 'Start date in the past?',
  message: (date: string) =>
    `The start date ${date} is before today in New York, so members see it as soon as it is saved. Save anyway?`,
  confirm: 'Save anyway',
  cancel: 'Change the date',
} as const;
