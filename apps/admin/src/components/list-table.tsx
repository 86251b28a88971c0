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
  children,
}: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} horizontalSpacing="lg" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
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
