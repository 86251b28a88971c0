import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { RELEASE_TIME_ZONE } from '../constants';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { CONTENT_MESSAGES } from './messages';
import { dateString, isTimeZone, linkString, optionalLink, ZContentIdParams } from './shared';

export const POPUP_DEVICES = ['desktop', 'mobile'] as const;
export const ZPopupDevice = z.enum(POPUP_DEVICES, { error: CONTENT_MESSAGES.popupDeviceRequired });
export type PopupDevice = z.infer<typeof ZPopupDevice>;

export const ZPopupCta = z.object({ text: z.string(), url: z.string() });
export type TPopupCta = z.infer<typeof ZPopupCta>;

/** A call to action: both text and link, or neither (then it is not shown). */
const ZPopupCtaInput = z
  .object({
    text: text().trim().max(60, 'At most 60 characters').default(''),
    url: text().trim().max(2000).default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.text && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'Please enter a link' });
    if (!v.text && v.url)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Please enter a button text' });
    if (v.url && !linkString().safeParse(v.url).success)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Enter a valid link (https://… or /path)' });
  })
  .nullable()
  .optional()
  .transform((v) => (v?.text && v.url ? { text: v.text, url: v.url } : null));

export const ZPopupInput = z
  .object({
    headerText: text({ error: 'Please enter a header text' })
      .trim()
      .min(1, 'Please enter a header text')
      .max(120),
    description: multilineText().trim().max(2000).default(''),
    imageUrl: optionalLink('Please select an image'),
    /** Calendar dates in the admin's time zone: shown from 00:00:00 on the start to 23:59 on the end. */
    startDateLocal: dateString('Please pick a start date'),
    endDateLocal: dateString('Please pick an end date'),
    timezone: text({ error: 'Unknown time zone' }).refine(isTimeZone, 'Unknown time zone'),
    isActive: z.boolean().default(true),
    primaryCta: ZPopupCtaInput,
    secondaryCta: ZPopupCtaInput,
    deviceVisibility: z
      .array(ZPopupDevice, { error: CONTENT_MESSAGES.popupDeviceRequired })
      .min(1, CONTENT_MESSAGES.popupDeviceRequired)
      .max(10)
      .transform((v) => [...new Set(v)]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.endDateLocal < v.startDateLocal)
      ctx.addIssue({
        code: 'custom',
        path: ['endDateLocal'],
        message: 'The end date cannot be before the start date',
      });
  });
export type TPopupInput = z.input<typeof ZPopupInput>;

export const ZAdminPopup = z.object({
  id: z.string(),
  headerText: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** UTC instants: 00:00:00 of the start date and 23:59 of the end date in `timezone`. */
  startAt: z.string(),
  endAt: z.string(),
  startDateLocal: z.string(),
  endDateLocal: z.string(),
  timezone: z.string(),
  isActive: z.boolean(),
  viewCount: z.number().int(),
  primaryCta: ZPopupCta.nullable(),
  secondaryCta: ZPopupCta.nullable(),
  deviceVisibility: z.array(ZPopupDevice),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminPopup = z.infer<typeof ZAdminPopup>;

export const ZMemberPopup = ZAdminPopup.pick({
  id: true,
  headerText: true,
  description: true,
  imageUrl: true,
  primaryCta: true,
  secondaryCta: true,
});
export type TMemberPopup = z.infer<typeof ZMemberPopup>;

const tags = ['admin: popups'];
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;

export const popupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/popups',
    summary: 'Popups List, newest first',
    tags,
    auth: 'admin',
    response: z.object({ items: z.array(ZAdminPopup) }),
    errors: [...adminErrors],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/popups/:id',
    summary: 'One popup (edit page)',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    response: ZAdminPopup,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'NOT_FOUND'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/popups',
    summary: 'Add a popup',
    tags,
    auth: 'admin',
    body: ZPopupInput,
    response: ZAdminPopup,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED'],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/admin/popups/:id',
    summary: 'Edit a popup',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    body: ZPopupInput,
    response: ZAdminPopup,
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/popups/:id',
    summary: 'Delete a popup',
    tags,
    auth: 'admin',
    params: ZContentIdParams,
    response: z.object({ id: z.string() }),
    errors: ['VALIDATION_FAILED', ...adminErrors, 'CSRF_FAILED', 'NOT_FOUND'],
  }),
  active: defineEndpoint({
    method: 'GET',
    path: '/popups/active',
    summary: 'The popup members see now on this kind of device (active, between its start and end)',
    tags: ['popups'],
    auth: 'public',
    query: z.object({ device: ZPopupDevice }).strict(),
    response: z.object({ popup: ZMemberPopup.nullable() }),
    errors: ['VALIDATION_FAILED'],
  }),
  recordView: defineEndpoint({
    method: 'POST',
    path: '/popups/:id/views',
    summary: 'Count one view of an active popup',
    tags: ['popups'],
    auth: 'public',
    params: ZContentIdParams,
    response: z.object({ id: z.string(), viewCount: z.number().int() }),
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
} as const;

/**
 * A popup's window as instants: 00:00:00 of the start date through 23:59 (to the last second) of the end date,
 * both in the admin's time zone (spec 3 §9).
 */
export function popupWindow(
  startDateLocal: string,
  endDateLocal: string,
  timezone: string,
): { startAt: Date; endAt: Date } {
  const [sy, sm, sd] = startDateLocal.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = endDateLocal.split('-').map(Number) as [number, number, number];
  return {
    startAt: new Date(new TZDate(sy, sm - 1, sd, 0, 0, 0, timezone).getTime()),
    endAt: new Date(new TZDate(ey, em - 1, ed, 23, 59, 59, timezone).getTime()),
  };
}

/** An instant as New York shows it (popup dates are shown in New York time), e.g. "Mar 9, 2026, 12:00 AM EDT". */
export function formatInNewYork(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: RELEASE_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  })
    .format(new Date(iso))
    .concat(
      ` ${new Intl.DateTimeFormat('en-US', { timeZone: RELEASE_TIME_ZONE, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? 'ET'}`,
    );
}
