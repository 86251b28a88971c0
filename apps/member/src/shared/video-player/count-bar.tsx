import { Badge, Button, Group, SegmentedControl, Select, Switch, Text } from '@mantine/core';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import IconKeyboard from '@tabler/icons-react/dist/esm/icons/IconKeyboard.mjs';
import type { CountSettings } from './count-settings';
import classes from './video-player.module.css';

export { type CountSettings, DEFAULT_COUNT_SETTINGS } from './count-settings';

const RAMP_STARTS = ['0.5', '0.6', '0.7', '0.8', '0.9'];

/**
 * Step and loop by eight-counts, the count-in, the metronome and the tempo ramp. Large buttons: every one is
 * at least 44 px tall on a touch screen (the CSS of `.countBar`).
 */
export function CountBar({
  settings,
  onChange,
  onStep,
  onLoopCounts,
  isLooping,
  speed,
  onShowKeys,
}: {
  settings: CountSettings;
  onChange: (settings: CountSettings) => void;
  onStep: (step: -1 | 0 | 1) => void;
  onLoopCounts: () => void;
  isLooping: boolean;
  /** The speed playing now (the ramp's while a ramped loop runs). */
  speed: number;
  onShowKeys: () => void;
}) {
  const set = (patch: Partial<CountSettings>) => onChange({ ...settings, ...patch });
  return (
    <Group gap="xs" wrap="wrap" align="center" className={classes.countBar} aria-label="Counts">
      <Group gap={4} wrap="nowrap">
        <Button
          variant="default"
          onClick={() => onStep(-1)}
          aria-label="Back 8 counts"
          leftSection={<IconChevronLeft size={16} />}
        >
          8
        </Button>
        <Button variant="default" onClick={() => onStep(0)} aria-label='To the "1" of this eight-count'>
          1
        </Button>
        <Button
          variant="default"
          onClick={() => onStep(1)}
          aria-label="Forward 8 counts"
          rightSection={<IconChevronRight size={16} />}
        >
          8
        </Button>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Button
          variant={isLooping ? 'filled' : 'default'}
          color="pink"
          onClick={onLoopCounts}
          aria-pressed={isLooping}
        >
          {isLooping ? 'Stop counts loop' : `Loop ${settings.loopCounts} × 8`}
        </Button>
        <SegmentedControl
          aria-label="Eight-counts to loop"
          size="sm"
          value={String(settings.loopCounts)}
          onChange={(v) => set({ loopCounts: Number(v) })}
          data={['1', '2', '4']}
        />
      </Group>
      <Select
        size="sm"
        w={150}
        aria-label="Tempo ramp"
        data={[
          { value: '0', label: 'No ramp' },
          { value: '0.05', label: 'Ramp +0.05×' },
          { value: '0.1', label: 'Ramp +0.1×' },
        ]}
        value={String(settings.rampStep)}
        onChange={(v) => set({ rampStep: Number(v ?? 0) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {settings.rampStep > 0 && (
        <Select
          size="sm"
          w={120}
          aria-label="Ramp starts at"
          data={RAMP_STARTS.map((v) => ({ value: v, label: `from ${v}×` }))}
          value={String(settings.rampFrom)}
          onChange={(v) => set({ rampFrom: Number(v ?? 0.6) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Badge variant="light" size="lg" data-testid="current-speed" aria-live="polite">
        {speed}×
      </Badge>
      <Switch
        label="Count-in"
        checked={settings.countIn}
        onChange={(e) => set({ countIn: e.currentTarget.checked })}
      />
      <Switch
        label="Metronome"
        checked={settings.metronome}
        onChange={(e) => set({ metronome: e.currentTarget.checked })}
      />
      <Switch
        label={'"and"'}
        aria-label='Show "and" on half counts'
        checked={settings.showAnd}
        onChange={(e) => set({ showAnd: e.currentTarget.checked })}
      />
      <Button
        variant="subtle"
        onClick={onShowKeys}
        leftSection={<IconKeyboard size={16} />}
        aria-keyshortcuts="?"
      >
        <Text span fz="sm">
          Keys
        </Text>
      </Button>
    </Group>
  );
}
