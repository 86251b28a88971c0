import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { multilineText, text } from '../http/strings';
import { MESSAGES } from '../messages';
import { ZDeleted, ZIdParams } from './common';

/** Platforms of the admin dialog (spec 3 §3); `website` is read from older records and kept. */
export const SOCIAL_PLATFORMS = ['facebook', 'twitter', 'linkedin', 'instagram', 'other', 'website'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const DIALOG_SOCIAL_PLATFORMS = ['facebook', 'twitter', 'linkedin', 'instagram', 'other'] as const;

export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  other: 'Other',
  website: 'Website',
};

/** The example address the URL message shows for each platform. */
export const SOCIAL_URL_EXAMPLES: Record<SocialPlatform, string> = {
  facebook: 'https://www.facebook.com/username',
  twitter: 'https://twitter.com/username',
  linkedin: 'https://www.linkedin.com/in/username',
  instagram: 'https://www.instagram.com/username',
  other: 'https://www.example.com',
  website: 'https://www.example.com',
};

/** Spec 3 §5: a url must look like http(s)://x.y. */
export const isSocialUrl = (url: string) =>
  /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)+(?:[/?#]\S*)?$/i.test(url.trim());

export const socialUrlMessage = (platform: SocialPlatform | null | undefined) =>
  MESSAGES.socialUrlInvalid.replace('{host}', SOCIAL_URL_EXAMPLES[platform ?? 'other']);

export const ZSocial = z
  .object({
    platform: z.enum(SOCIAL_PLATFORMS, { error: MESSAGES.socialPlatformRequired }),
    url: text({ error: MESSAGES.socialUrlRequired })
      .trim()
      .min(1, { error: MESSAGES.socialUrlRequired, abort: true })
      .max(500, 'At most 500 characters'),
  })
  .strict()
  .superRefine((social, ctx) => {
    if (!isSocialUrl(social.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: socialUrlMessage(social.platform) });
  });
export type TSocial = z.infer<typeof ZSocial>;

const instructorFields = {
  name: text({ error: MESSAGES.instructorNameRequired })
    .trim()
    .min(1, { error: MESSAGES.instructorNameRequired, abort: true })
    .max(100, 'At most 100 characters'),
  bio: multilineText().trim().max(5000, 'At most 5000 characters'),
  /** An uploaded image (POST /files, purpose instructor) or an https address. */
  imageUrl: text()
    .trim()
    .max(1000)
    .refine((u) => u.startsWith('/files/') || /^https?:\/\//.test(u), 'Upload an image')
    .nullable(),
  socials: z.array(ZSocial).max(20, 'At most 20 social links'),
};

export const ZCreateInstructorRequest = z
  .object({
    ...instructorFields,
    bio: instructorFields.bio.default(''),
    imageUrl: instructorFields.imageUrl.default(null),
    socials: instructorFields.socials.default([]),
  })
  .strict();
export type TCreateInstructorRequest = z.input<typeof ZCreateInstructorRequest>;

export const ZUpdateInstructorRequest = z
  .object({
    name: instructorFields.name.optional(),
    bio: instructorFields.bio.optional(),
    imageUrl: instructorFields.imageUrl.optional(),
    socials: instructorFields.socials.optional(),
  })
  .strict();
export type TUpdateInstructorRequest = z.input<typeof ZUpdateInstructorRequest>;

export const ZAdminInstructor = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  imageUrl: z.string().nullable(),
  socials: z.array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), url: z.string() })),
  videoCount: z.number().int(),
});
export type TAdminInstructor = z.infer<typeof ZAdminInstructor>;

const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH', 'CSRF_FAILED'] as const;

export const adminInstructorEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/instructors',
    summary: 'Every instructor with bio, image, socials and video count',
    tags: ['admin'],
    auth: 'admin',
    response: z.object({ items: z.array(ZAdminInstructor) }),
    errors: adminErrors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/instructors',
    summary: 'Add an instructor',
    tags: ['admin'],
    auth: 'admin',
    body: ZCreateInstructorRequest,
    response: ZAdminInstructor,
    successStatus: 201,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/instructors/:id',
    summary: 'Edit an instructor (name, bio, image, socials)',
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    body: ZUpdateInstructorRequest,
    response: ZAdminInstructor,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', ...adminErrors],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/admin/instructors/:id',
    summary: 'Delete an instructor who has no videos (409 while videos still name them)',
    tags: ['admin'],
    auth: 'admin',
    params: ZIdParams,
    response: ZDeleted,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', ...adminErrors],
  }),
} as const;
