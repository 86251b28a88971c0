import type { TChapterView } from '@dance/domain';
import { formatClock } from '@dance/domain';
import { Badge, Button, Group, NumberInput, Select, Text } from '@mantine/core';
import IconRepeat from '@tabler/icons-react/dist/esm/icons/IconRepeat.mjs';
import type { ComponentProps } from 'react';
import { CountBar } from './count-bar';
import { PlayerKeysHelp } from './player-keys-help';
import { EMPTY_LOOP, isLoopActive, type LoopState } from './practice-loop';
import classes from './video-player.module.css';

/**
 * The practice tools under the player: the counting bar (videos with counts), the keys' help and the loop bar.
 * Their own chunk (decision 0066): the player shows them with the video's first frame, and their form controls
 * (selects, number inputs, a modal) need not load before its poster.
 */
export function PracticeTools({
  counts,
  isKeysHelpOpen,
  onKeysHelpClose,
  loopBar,
}: {
  counts: ComponentProps<typeof CountBar> | null;
  isKeysHelpOpen: boolean;
  onKeysHelpClose: () => void;
  loopBar: ComponentProps<typeof LoopBar> | null;
}) {
  return (
    <>
      {counts && <CountBar {...counts} />}
      <PlayerKeysHelp opened={isKeysHelpOpen} onClose={onKeysHelpClose} />
      {loopBar && <LoopBar {...loopBar} />}
    </>
  );
}

/** The loop tools: set A and B, or loop a chapter; repeat count and a pause between runs. */
function LoopBar({
  loop,
  chapters,
  onSetPoint,
  onLoopChapter,
  onChange,
}: {
  loop: LoopState;
  chapters: TChapterView[];
  onSetPoint: (point: 'a' | 'b') => void;
  onLoopChapter: (index: number) => void;
  onChange: (loop: LoopState) => void;
}) {
  const isActive = isLoopActive(loop);
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" className={classes.loopBar} aria-label="Practice loop">
      <IconRepeat size={18} aria-hidden />
      <Button size="compact-sm" variant="default" onClick={() => onSetPoint('a')}>
        {loop.a === null ? 'Set A' : `A ${formatClock(loop.a)}`}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => onSetPoint('b')}>
        {loop.b === null ? 'Set B' : `B ${formatClock(loop.b)}`}
      </Button>
      {chapters.length > 0 && (
        <Select
          size="xs"
          w={170}
          placeholder="Loop a chapter"
          aria-label="Loop a chapter"
          data={chapters.map((c, i) => ({ value: String(i), label: c.title }))}
          value={null}
          onChange={(v) => v !== null && onLoopChapter(Number(v))}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <NumberInput
        size="xs"
        w={110}
        min={0}
        max={99}
        label="Repeats"
        description="0 = until stopped"
        aria-label="Repeats (0 = until stopped)"
        leftSection={<Text fz={10}>×</Text>}
        value={loop.repeats}
        onChange={(v) => onChange({ ...loop, repeats: Number(v) || 0, done: 0 })}
      />
      <Select
        size="xs"
        w={120}
        label="Pause between"
        aria-label="Pause between repeats"
        data={[
          { value: '0', label: 'No pause' },
          { value: '2', label: '2 s pause' },
          { value: '5', label: '5 s pause' },
        ]}
        value={String(loop.pauseSeconds)}
        onChange={(v) => onChange({ ...loop, pauseSeconds: Number(v ?? 0) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {isActive && (
        <>
          <Badge color="pink" variant="light" data-testid="loop-status">
            Looping {loop.label}
            {loop.repeats > 0 ? ` ${Math.min(loop.done + 1, loop.repeats)}/${loop.repeats}` : ''}
          </Badge>
          <Button size="compact-sm" variant="subtle" onClick={() => onChange(EMPTY_LOOP)}>
            Stop loop
          </Button>
        </>
      )}
    </Group>
  );
}
