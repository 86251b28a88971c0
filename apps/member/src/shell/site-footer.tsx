import { LINKS } from '@dance/domain';
import { BrandLogo } from '@dance/ui';
import { ActionIcon, Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import IconBrandApple from '@tabler/icons-react/dist/esm/icons/IconBrandApple.mjs';
import IconBrandFacebook from '@tabler/icons-react/dist/esm/icons/IconBrandFacebook.mjs';
import IconBrandGooglePlay from '@tabler/icons-react/dist/esm/icons/IconBrandGooglePlay.mjs';
import IconBrandInstagram from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs';
import IconBrandTiktok from '@tabler/icons-react/dist/esm/icons/IconBrandTiktok.mjs';
import IconBrandYoutube from '@tabler/icons-react/dist/esm/icons/IconBrandYoutube.mjs';
import type { ReactNode } from 'react';
import classes from './site-footer.module.css';

const SOCIAL_LINKS = [
  { label: 'Instagram', href: LINKS.instagram, icon: <IconBrandInstagram size={20} /> },
  { label: 'Facebook', href: LINKS.facebook, icon: <IconBrandFacebook size={20} /> },
  { label: 'YouTube', href: LINKS.youtube, icon: <IconBrandYoutube size={20} /> },
  { label: 'TikTok', href: LINKS.tiktok, icon: <IconBrandTiktok size={20} /> },
];

const SITE_LINKS = [
  { label: 'Shop', href: LINKS.shop },
  { label: 'Support', href: LINKS.helpAndSupport },
  { label: 'Terms & Conditions', href: LINKS.terms },
  { label: 'Privacy Policy', href: LINKS.privacy },
];

/** An app store badge drawn in HTML: one accessible link, no external image. */
function StoreBadge({
  href,
  icon,
  caption,
  store,
}: {
  href: string;
  icon: ReactNode;
  caption: string;
  store: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={classes.badge}>
      {icon}
      <span className={classes.badgeText}>
        <span className={classes.badgeCaption}>{caption} </span>
        <span className={classes.badgeStore}>{store}</span>
      </span>
    </a>
  );
}

/** The footer of spec 1 §2: app store badges, social links, shop/support/terms/privacy. */
export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={40}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={32}>
          <Stack gap="sm">
            <BrandLogo size={30} />
            <Text size="sm" c="dimmed" maw={320}>
              On-demand dance training for dancers, parents and teachers. Learn from anywhere, at your own
              pace.
            </Text>
            <Group gap={6} mt={4}>
              {SOCIAL_LINKS.map((social) => (
                <ActionIcon
                  key={social.label}
                  component="a"
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  radius="xl"
                  size="lg"
                  aria-label={social.label}
                >
                  {social.icon}
                </ActionIcon>
              ))}
            </Group>
          </Stack>
          <Stack gap={8} component="nav" aria-label="Footer">
            <Text fw={800} size="xs" tt="uppercase" lts={1.5}>
              Dance Training
            </Text>
            {SITE_LINKS.map((link) => (
              <Anchor
                key={link.label}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="dimmed"
              >
                {link.label}
              </Anchor>
            ))}
          </Stack>
          <Stack gap="sm">
            <Text fw={800} size="xs" tt="uppercase" lts={1.5}>
              Train on the go
            </Text>
            <Group gap="sm">
              <StoreBadge
                href={LINKS.appStore}
                icon={<IconBrandApple size={26} aria-hidden="true" />}
                caption="Download on the"
                store="App Store"
              />
              <StoreBadge
                href={LINKS.googlePlay}
                icon={<IconBrandGooglePlay size={24} aria-hidden="true" />}
                caption="GET IT ON"
                store="Google Play"
              />
            </Group>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={32} pt="md" className={classes.copyright}>
          © {new Date().getFullYear()} Dance Training. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
