import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListTableProps {
  /** The table's accessible name ("Users"). */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  columns: readonly string[];
  /** Width of the last, unlabelled column that holds each row's actions. */
  actionsWidth?: number;
  verticalSpacing?: 'xs' | 'sm';
  /** A first header cell before the named columns (a select-all checkbox); rows then start with theirs. */
  leadingHeader?: ReactNode;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}

/** The table of an admin list (categories, tags, instructors, users): named columns, then the row actions. */
export function ListTable({
  label,
  minWidth,
  columns,
  actionsWidth,
  verticalSpacing = 'sm',
  leadingHeader,
  children,
}: ListTableProps) {
  return (
    // A table wider than the page scrolls sideways: its viewport takes the focus so the keyboard can scroll it
    // (axe scrollable-region-focusable), named after the table.
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
    >
      <Table verticalSpacing={verticalSpacing} horizontalSpacing="lg" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {leadingHeader !== undefined && <Table.Th w={44}>{leadingHeader}</Table.Th>}
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th w={actionsWidth}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
