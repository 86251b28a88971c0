import { addDays, PRACTICE_LIMITS } from '@dance/domain';
import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { formatDay, formatMinutes } from './format';
import classes from './practice-heatmap.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Minutes at which a day's colour steps up past the first (any practice at all). */
const LEVELS = [15, 30, 60];

const levelOf = (seconds: number) => (seconds > 0 ? 1 + LEVELS.filter((m) => seconds >= m * 60).length : 0);

/**
 * The calendar heatmap: one column per week (Monday first), one square per day, darker for more minutes. A
 * table, so a screen reader reads each day by its weekday row with its date and minutes.
 */
export function PracticeHeatmap({
  from,
  today,
  days,
}: {
  from: string;
  today: string;
  days: { day: string; seconds: number }[];
}) {
  const byDay = new Map(days.map((d) => [d.day, d.seconds]));
  // On a narrow screen the recent weeks (the right end) show first.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, []);
  const weeks = Array.from({ length: PRACTICE_LIMITS.heatmapWeeks }, (_, w) => addDays(from, w * 7));
  return (
    <div>
      {/* Focusable, so a keyboard can scroll it when it overflows (axe scrollable-region-focusable). */}
      <Box
        className={classes.scroller}
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label="Practice calendar"
      >
        <table className={classes.grid}>
          <caption>
            <VisuallyHidden>
              Minutes practised per day, the last {PRACTICE_LIMITS.heatmapWeeks} weeks
            </VisuallyHidden>
          </caption>
          <tbody>
            {WEEKDAYS.map((weekday, row) => (
              <tr key={weekday}>
                <th scope="row" className={classes.dayLabel}>
                  {weekday}
                </th>
                {weeks.map((monday) => {
                  const day = addDays(monday, row);
                  if (day > today) return <td key={day} className={classes.cell} />;
                  const seconds = byDay.get(day) ?? 0;
                  const label = `${formatDay(day, false)}: ${formatMinutes(seconds)}`;
                  return (
                    <td key={day} className={classes.cell} title={label}>
                      <span
                        className={`${classes.square} ${classes[`level${levelOf(seconds)}`]}`}
                        aria-hidden
                      />
                      <VisuallyHidden>{label}</VisuallyHidden>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Group gap={6} mt="xs" justify="flex-end" aria-hidden>
        <Text size="xs" c="dimmed">
          Less
        </Text>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`${classes.square} ${classes[`level${level}`]}`} />
        ))}
        <Text size="xs" c="dimmed">
          More
        </Text>
      </Group>
    </div>
  );
}
