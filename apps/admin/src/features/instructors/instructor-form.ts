import {
  DIALOG_SOCIAL_PLATFORMS,
  isSocialUrl,
  MESSAGES,
  SOCIAL_PLATFORM_LABELS,
  type SocialPlatform,
  socialUrlMessage,
  type TAdminInstructor,
} from '@dance/domain';

export interface SocialRow {
  key: string;
  platform: SocialPlatform | null;
  url: string;
}

export interface InstructorValues {
  name: string;
  bio: string;
  imageUrl: string | null;
  socials: SocialRow[];
}

let rowCounter = 0;
export const newSocialRow = (platform: SocialPlatform | null = null, url = ''): SocialRow => {
  rowCounter += 1;
  return { key: `social-${rowCounter}`, platform, url };
};

/** The dialog always has at least one social row: the first cannot be removed (spec 3 §5). */
export function toInstructorValues(instructor: TAdminInstructor | null): InstructorValues {
  const socials = instructor?.socials.map((s) => newSocialRow(s.platform, s.url)) ?? [];
  return {
    name: instructor?.name ?? '',
    bio: instructor?.bio ?? '',
    imageUrl: instructor?.imageUrl ?? null,
    socials: socials.length ? socials : [newSocialRow()],
  };
}

/** An untouched first row means "no social links"; any other row must be complete. */
const isBlankRow = (row: SocialRow) => row.platform === null && row.url.trim() === '';

export function socialsToSave(rows: SocialRow[]) {
  return rows
    .filter((row, index) => !(index === 0 && rows.length === 1 && isBlankRow(row)))
    .map((row) => ({ platform: row.platform as SocialPlatform, url: row.url.trim() }));
}

/** The spec's messages, keyed like the form's fields. */
export function validateInstructor(values: InstructorValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = MESSAGES.instructorNameRequired;
  const isOnlyBlank = values.socials.length === 1 && isBlankRow(values.socials[0]!);
  if (!isOnlyBlank) {
    values.socials.forEach((row, index) => {
      if (!row.platform) errors[`socials.${index}.platform`] = MESSAGES.socialPlatformRequired;
      if (!row.url.trim()) errors[`socials.${index}.url`] = MESSAGES.socialUrlRequired;
      else if (!isSocialUrl(row.url)) errors[`socials.${index}.url`] = socialUrlMessage(row.platform);
    });
  }
  return errors;
}

/** The dialog's platforms, plus an older record's own platform (Website) so it is not lost. */
export function platformOptions(current: SocialPlatform | null) {
  const values: SocialPlatform[] = [...DIALOG_SOCIAL_PLATFORMS];
  if (current && !values.includes(current)) values.push(current);
  return values.map((value) => ({ value, label: SOCIAL_PLATFORM_LABELS[value] }));
}
