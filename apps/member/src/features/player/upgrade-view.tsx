import { PLAYER_MESSAGES, type TPlayerPreferences, type TStream, type TVideoDetail } from '@dance/domain';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PlayerBox } from '../../shared/video-player/player-box';
import { VideoPlayer } from '../../shared/video-player/video-player';
import { TagLinks } from './tag-links';

/**
 * A class video for someone without a user type (spec 2 §2): the trailer, title, instructor, tags and
 * 'Upgrade My Account' to /plans.
 */
export function UpgradeView({
  trailer,
  detail,
  prefs,
}: {
  trailer: TStream | null;
  detail: TVideoDetail | null;
  prefs: TPlayerPreferences;
}) {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" data-testid="upgrade-view">
      {trailer ? (
        <VideoPlayer
          stream={trailer}
          chapters={[]}
          startAt={null}
          isMirrored={prefs.isMirrored}
          playbackRate={1}
          onPreferencesChange={() => {}}
          title={`${detail?.title ?? 'Class'} trailer`}
        />
      ) : (
        <PlayerBox>
          <Text>{PLAYER_MESSAGES.classUpgrade}</Text>
        </PlayerBox>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          {detail && (
            <>
              <Title order={1} fz={{ base: 22, sm: 28 }} data-testid="video-title">
                {detail.title}
              </Title>
              {detail.instructor && (
                <Text c="dimmed" fw={600}>
                  {detail.instructor.name}
                </Text>
              )}
              <TagLinks tags={detail.tags} />
            </>
          )}
          <Text>{PLAYER_MESSAGES.classUpgrade}</Text>
          <Button
            color="pink"
            size="md"
            onClick={() => navigate('/plans')}
            style={{ alignSelf: 'flex-start' }}
          >
            {PLAYER_MESSAGES.upgradeMyAccount}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
