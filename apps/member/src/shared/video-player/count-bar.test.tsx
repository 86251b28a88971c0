import { UiProvider } from '@dance/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CountBar, type CountSettings, DEFAULT_COUNT_SETTINGS } from './count-bar';

function renderBar(overrides: { isLooping?: boolean; speed?: number } = {}) {
  const onStep = vi.fn();
  const onLoopCounts = vi.fn();
  const onShowKeys = vi.fn();
  const seen: CountSettings[] = [];
  function Harness() {
    const [settings, setSettings] = useState(DEFAULT_COUNT_SETTINGS);
    return (
      <CountBar
        settings={settings}
        onChange={(next) => {
          seen.push(next);
          setSettings(next);
        }}
        onStep={onStep}
        onLoopCounts={onLoopCounts}
        isLooping={overrides.isLooping ?? false}
        speed={overrides.speed ?? 1}
        onShowKeys={onShowKeys}
      />
    );
  }
  render(
    <UiProvider>
      <Harness />
    </UiProvider>,
  );
  return { onStep, onLoopCounts, onShowKeys, seen, user: userEvent.setup() };
}

describe('CountBar', () => {
  it('steps back, to the "1" and forward by eight-counts, loops and opens the keys', async () => {
    const { onStep, onLoopCounts, onShowKeys, user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Back 8 counts' }));
    await user.click(screen.getByRole('button', { name: 'To the "1" of this eight-count' }));
    await user.click(screen.getByRole('button', { name: 'Forward 8 counts' }));
    expect(onStep.mock.calls).toEqual([[-1], [0], [1]]);
    await user.click(screen.getByRole('button', { name: 'Loop 1 × 8' }));
    expect(onLoopCounts).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Keys' }));
    expect(onShowKeys).toHaveBeenCalledTimes(1);
  });

  it('chooses how many eight-counts, the count-in, the metronome, the "and" and the ramp', async () => {
    const { seen, user } = renderBar();
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.click(screen.getByRole('switch', { name: 'Count-in' }));
    await user.click(screen.getByRole('switch', { name: 'Metronome' }));
    await user.click(screen.getByRole('switch', { name: 'Show "and" on half counts' }));
    expect(seen.at(-1)).toMatchObject({ loopCounts: 4, countIn: true, metronome: true, showAnd: true });
    expect(screen.getByRole('button', { name: 'Loop 4 × 8' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Ramp starts at' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Tempo ramp' }));
    await user.click(await screen.findByRole('option', { name: 'Ramp +0.1×', hidden: true }));
    expect(seen.at(-1)).toMatchObject({ rampStep: 0.1, rampFrom: 0.6 });
    expect(screen.getByRole('combobox', { name: 'Ramp starts at' })).toBeInTheDocument();
  });

  it('shows the speed playing and the running loop', () => {
    renderBar({ isLooping: true, speed: 0.7 });
    expect(screen.getByTestId('current-speed')).toHaveTextContent('0.7×');
    expect(screen.getByRole('button', { name: 'Stop counts loop' })).toHaveAttribute('aria-pressed', 'true');
  });
});
