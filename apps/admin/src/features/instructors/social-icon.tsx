import type { SocialPlatform } from '@dance/domain';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconLink,
  IconWorld,
} from '@tabler/icons-react';

export function SocialIcon({ platform, size = 16 }: { platform: SocialPlatform | null; size?: number }) {
  switch (platform) {
    case 'facebook':
      return <IconBrandFacebook size={size} />;
    case 'twitter':
      return <IconBrandX size={size} />;
    case 'linkedin':
      return <IconBrandLinkedin size={size} />;
    case 'instagram':
      return <IconBrandInstagram size={size} />;
    case 'website':
      return <IconWorld size={size} />;
    default:
      return <IconLink size={size} />;
  }
}
