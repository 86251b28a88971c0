import { TRC_MESSAGES, type TTrcCard } from '@dance/domain';
import { Alert, Anchor, Box, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTrcHome } from './queries';
import { TrcCard } from './trc-card';
import classes from './trc-home-page.module.css';
import { categoryPath } from './trc-paths';
import { useToastOnError } from './use-toast-on-error';

function Row({
  title,
  to,
  items,
  rowIndex,
}: {
  title: string;
  to: string;
  items: TTrcCard[];
  rowIndex: number;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="sm" gap="sm">
        <Title order={2} id={headingId} fz={{ base: 18, sm: 22 }} lts={1}>
          {title}
        </Title>
        <Anchor component={Link} to={to} fw={700} fz="sm" aria-label={`View All ${title}`}>
          <Group gap={2} wrap="nowrap" component="span">
            View All <IconChevronRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">{TRC_MESSAGES.noItems}</Text>
      ) : (
        <ul className={classes.row} aria-label={title}>
          {items.map((card, index) => (
            <li key={card.id} className={classes.cell}>
              <TrcCard card={card} isPriority={rowIndex === 0 && index < 3} />
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}

/**
 * The TRC index (spec 2 §2): a banner and three rows (lesson plans, videos, resources), each with View All.
 */
export function TrcHomePage() {
  const home = useTrcHome();
  useToastOnError(home.isError, TRC_MESSAGES.fetchContentFailed);
  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
      <Stack gap={40}>
        <Box className={classes.banner}>
          <Text tt="uppercase" fw={700} fz="xs" lts={2} className={classes.kicker}>
            For dance educators
          </Text>
          <Title order={1} fz={{ base: 26, sm: 38 }} className={classes.bannerTitle}>
            Teacher Resource Center
          </Title>
          <Text maw={620} className={classes.bannerText}>
            Lesson plans ready to print, teaching videos to learn from, and resources for your studio:
            warm-ups, counts and cool-downs planned for you.
          </Text>
        </Box>
        {home.isError && !home.data ? (
          <Alert color="red" variant="light" role="alert">
            {TRC_MESSAGES.fetchContentFailed}
          </Alert>
        ) : !home.data ? (
          <Stack gap="lg" aria-busy="true" aria-label="Loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={220} radius="lg" />
            ))}
          </Stack>
        ) : (
          home.data.rows.map((row, index) => (
            <Row
              key={row.category.id}
              title={row.category.name.toUpperCase()}
              to={categoryPath(row.category.id)}
              items={row.items}
              rowIndex={index}
            />
          ))
        )}
      </Stack>
    </Container>
  );
}
