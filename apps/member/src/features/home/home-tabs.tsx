import type { TVideoCard } from '@dance/domain';
import { Button, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type CardActions, MemberVideoCard } from '../../shared/videos/member-video-card';
import classes from './home.module.css';

export interface HomeTab {
  value: string;
  label: string;
  videos: TVideoCard[];
  empty: string;
}

/** Mobile home (spec 1 §2): tabs Recent, Featured and Saved (Saved only when logged in), then Show More. */
export function HomeTabs({ tabs, actions }: { tabs: HomeTab[]; actions: CardActions }) {
  const first = tabs[0]?.value ?? null;
  return (
    <section aria-label="Videos for you">
      <Tabs defaultValue={first} variant="pills" radius="xl" keepMounted={false}>
        <Tabs.List grow mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fw={700}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.videos.length === 0 ? (
              <Text c="dimmed" fz="sm" py="md" ta="center">
                {tab.empty}
              </Text>
            ) : (
              <ul className={classes.tabList}>
                {tab.videos.map((video, index) => (
                  <li key={video.id}>
                    <MemberVideoCard
                      video={video}
                      actions={actions}
                      isPriority={index < 2}
                      isWarmedWhenIdle={index === 0}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Button component={Link} to="/saved" variant="light" fullWidth radius="xl" mt="md">
        Show More
      </Button>
    </section>
  );
}
