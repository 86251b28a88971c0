import { PRACTICE_LIMITS, PRACTICE_MESSAGES, policy, type TPracticeSummary } from '@dance/domain';
import { buildPlayerHref, PageLoader, toast } from '@dance/ui';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useViewer } from '../../app/use-viewer';
import { readServerMessage } from '../../shared/server-message';
import { AssignedToMe, StudioAssignments } from './assignments';
import { formatMinutes } from './format';
import { PracticeHeatmap } from './practice-heatmap';
import { usePracticeSummary, useSetGoal } from './queries';

function GoalForm({ current }: { current: number | null }) {
  const setGoal = useSetGoal();
  const [minutes, setMinutes] = useState<string | number>(current ?? '');
  async function save(value: number | null) {
    try {
      await setGoal.mutateAsync(value);
      toast.success(PRACTICE_MESSAGES.goalSaved);
    } catch (error) {
      toast.error(readServerMessage(error, 'The goal could not be saved.'));
    }
  }
  return (
    <form
      aria-label="Weekly goal"
      onSubmit={(event) => {
        event.preventDefault();
        void save(typeof minutes === 'number' ? minutes : null);
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label="Weekly goal (minutes)"
          value={minutes}
          onChange={setMinutes}
          min={PRACTICE_LIMITS.minWeeklyGoalMinutes}
          max={PRACTICE_LIMITS.maxWeeklyGoalMinutes}
          step={10}
          allowDecimal={false}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={setGoal.isPending}>
          Save goal
        </Button>
      </Group>
    </form>
  );
}

function WeekCard({ summary }: { summary: TPracticeSummary }) {
  const goalSeconds = (summary.weeklyGoalMinutes ?? 0) * 60;
  const percent = goalSeconds > 0 ? Math.min(100, Math.round((summary.weekSeconds / goalSeconds) * 100)) : 0;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          This week
        </Title>
        <Text fz={28} fw={800} ff="heading">
          {formatMinutes(summary.weekSeconds)}
        </Text>
        {summary.weeklyGoalMinutes !== null ? (
          <>
            <Progress
              value={percent}
              size="lg"
              radius="xl"
              aria-label={`${percent}% of your weekly goal`}
              color={percent >= 100 ? 'teal' : 'pink'}
            />
            <Text size="sm" c="dimmed">
              {percent >= 100
                ? `Goal reached: ${summary.weeklyGoalMinutes} min this week.`
                : `${percent}% of your ${summary.weeklyGoalMinutes} min goal.`}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Set a weekly goal to see your progress.
          </Text>
        )}
        <GoalForm key={summary.weeklyGoalMinutes ?? 'none'} current={summary.weeklyGoalMinutes} />
      </Stack>
    </Paper>
  );
}

function StreakCard({ summary }: { summary: TPracticeSummary }) {
  const { current, longest } = summary.streak;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Streak
        </Title>
        <Text fz={28} fw={800} ff="heading">
          {current === 1 ? '1 day' : `${current} days`}
        </Text>
        <Text size="sm" c="dimmed">
          {current === 0 ? 'Practise today to start a streak.' : 'Days in a row with practice.'} Longest:{' '}
          {longest === 1 ? '1 day' : `${longest} days`}.
        </Text>
        <Text size="xs" c="dimmed">
          Days are counted in {summary.timeZone}.
        </Text>
      </Stack>
    </Paper>
  );
}

/** /practice (issue 20 item 5): minutes practised per day, the week against the goal, the streak, top videos. */
export function PracticePage() {
  const { user } = useViewer();
  const summary = usePracticeSummary();
  if (!user) return null;
  if (summary.isPending) return <PageLoader />;
  if (summary.isError)
    return (
      <Container size="md" py="xl">
        <Alert color="red" title="Practice">
          {readServerMessage(summary.error, 'Your practice log could not be loaded. Try again later.')}
        </Alert>
      </Container>
    );
  const data = summary.data;
  const isNew = data.days.length === 0 && data.topVideos.length === 0;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          Practice
        </Title>
        {isNew && (
          <Alert color="pink" variant="light" title="No practice yet">
            Play any lesson and the minutes you practise appear here, on every device you use.{' '}
            <Anchor component={Link} to="/Library" c="inherit" fw={700} underline="always">
              Find a lesson
            </Anchor>
          </Alert>
        )}
        {user.userType === 'subuser' && <AssignedToMe />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <WeekCard summary={data} />
          <StreakCard summary={data} />
        </SimpleGrid>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Your calendar
            </Title>
            <PracticeHeatmap from={data.from} today={data.today} days={data.days} />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Practised most
            </Title>
            {data.topVideos.length === 0 ? (
              <Text c="dimmed">The videos you practise most will be listed here.</Text>
            ) : (
              <Stack component="ol" gap="xs" m={0} pl="lg">
                {data.topVideos.map(({ video, seconds }) => (
                  <li key={video.id}>
                    <Group justify="space-between" wrap="nowrap">
                      <Anchor component={Link} to={buildPlayerHref(video)} truncate>
                        {video.title}
                      </Anchor>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatMinutes(seconds)}
                      </Text>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
        {policy.canManageStudioSeats(user) && <StudioAssignments />}
      </Stack>
    </Container>
  );
}
