import { TRC_EQUIPMENT_SHOWN, TRC_TAB_SCROLL_OFFSET, type TTrcDetail } from '@dance/domain';
import { responsiveImageProps } from '@dance/ui';
import { Accordion, Box, Button, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import IconBrandFacebook from '@tabler/icons-react/dist/esm/icons/IconBrandFacebook.mjs';
import IconBrandInstagram from '@tabler/icons-react/dist/esm/icons/IconBrandInstagram.mjs';
import IconBrandLinkedin from '@tabler/icons-react/dist/esm/icons/IconBrandLinkedin.mjs';
import IconBrandX from '@tabler/icons-react/dist/esm/icons/IconBrandX.mjs';
import IconWorld from '@tabler/icons-react/dist/esm/icons/IconWorld.mjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CommunityChat } from '../../shared/community';
import { InstructorAvatar } from '../../shared/instructor-avatar';
import classes from './content-page.module.css';
import { TrcCard } from './trc-card';

const SOCIAL_ICONS: Record<string, typeof IconWorld> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
};

interface Section {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * The sections under the content (spec 2 §2): About; Instructor, Related (16:9 cards) and Equipment (6 products)
 * only when they have something, and Chat (the item's comments, pointed at `?target=` from a reply link). Tabs
 * scroll to their section 80 px below the top; on phones the sections collapse and open on tap.
 */
export function ContentSections({ detail }: { detail: TTrcDetail }) {
  const isMobile = useMediaQuery('(max-width: 767.98px)') ?? false;
  const target = useSearchParams()[0].get('target');
  const sections: Section[] = [
    {
      key: 'about',
      label: 'About',
      content: (
        // The API sanitises `about` (rich text) before it is stored.
        <div
          className={classes.about}
          dangerouslySetInnerHTML={{ __html: detail.about }}
          data-testid="trc-about"
        />
      ),
    },
  ];
  const { instructor } = detail;
  if (instructor) {
    sections.push({
      key: 'instructor',
      label: 'Instructor',
      content: (
        <Group align="flex-start" wrap="nowrap" gap="md">
          <InstructorAvatar url={instructor.imageUrl} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700}>{instructor.name}</Text>
            {instructor.bio && <Text fz="sm">{instructor.bio}</Text>}
            {instructor.socials.length > 0 && (
              <Group gap={6}>
                {instructor.socials.map((s) => {
                  const Icon = SOCIAL_ICONS[s.platform] ?? IconWorld;
                  return (
                    <UnstyledButton
                      key={s.url}
                      component="a"
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${instructor.name} on ${s.platform}`}
                      className={classes.social}
                    >
                      <Icon size={18} />
                    </UnstyledButton>
                  );
                })}
              </Group>
            )}
          </Stack>
        </Group>
      ),
    });
  }
  if (detail.related.length > 0) {
    sections.push({
      key: 'related',
      label: 'Related',
      content: (
        <ul className={classes.related} aria-label="Related items">
          {detail.related.map((card) => (
            <li key={card.id}>
              <TrcCard card={card} />
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (detail.products.length > 0) {
    sections.push({
      key: 'equipment',
      label: 'Equipment',
      content: (
        <ul className={classes.products}>
          {detail.products.slice(0, TRC_EQUIPMENT_SHOWN).map((p) => (
            <li key={p.id} className={classes.product}>
              {p.imageUrl && (
                <img
                  {...responsiveImageProps(p.imageUrl, '200px')}
                  alt=""
                  width={200}
                  height={200}
                  loading="lazy"
                />
              )}
              <Text fz="sm" fw={600} lineClamp={2}>
                {p.title}
              </Text>
              {p.subname && (
                <Text fz="xs" c="dimmed" lineClamp={1}>
                  {p.subname}
                </Text>
              )}
              <Button
                component="a"
                href={p.buyUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="compact-sm"
                mt={4}
                aria-label={`Buy ${p.title}`}
              >
                Buy
              </Button>
            </li>
          ))}
        </ul>
      ),
    });
  }

  sections.push({
    key: 'chat',
    label: 'Chat',
    content: <CommunityChat subjectType="trc" subjectId={detail.id} target={target} />,
  });

  if (isMobile) {
    return (
      <Accordion
        multiple
        defaultValue={target ? ['about', 'chat'] : ['about']}
        variant="separated"
        radius="md"
        data-testid="trc-sections"
      >
        {sections.map((section) => (
          <Accordion.Item key={section.key} value={section.key} id={`trc-section-${section.key}`}>
            <Accordion.Control>
              <Text fw={700}>{section.label}</Text>
            </Accordion.Control>
            <Accordion.Panel>{section.content}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    );
  }

  function scrollTo(key: string) {
    const element = document.getElementById(`trc-section-${key}`);
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY - TRC_TAB_SCROLL_OFFSET;
    window.scrollTo({ top, behavior: 'smooth' });
  }

  return (
    <Stack gap="xl" data-testid="trc-sections">
      <nav aria-label="Sections" className={classes.tabs}>
        <Group gap={4} wrap="nowrap">
          {sections.map((section) => (
            <Button
              key={section.key}
              variant="subtle"
              color="gray"
              radius="xl"
              onClick={() => scrollTo(section.key)}
            >
              {section.label}
            </Button>
          ))}
        </Group>
      </nav>
      {sections.map((section) => (
        <Box
          component="section"
          key={section.key}
          id={`trc-section-${section.key}`}
          aria-labelledby={`trc-section-${section.key}-title`}
        >
          <Title order={2} fz="lg" mb="sm" id={`trc-section-${section.key}-title`}>
            {section.label}
          </Title>
          {section.content}
        </Box>
      ))}
    </Stack>
  );
}
