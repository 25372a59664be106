import { Flex, Grid, Table, type TableColumnsType, type TablePaginationConfig, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ReportScroll } from './report-parts';

/** A column of a report's table, and its place in the row's card on a phone. */
export interface ReportColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** Figures: right-aligned. */
  align?: 'right';
  /** On a phone: the card's heading (`title`), a line under it (`subtitle`); by default a labelled line. */
  phone?: 'title' | 'subtitle';
  sorter?: (a: T, b: T) => number;
  defaultSortOrder?: 'ascend' | 'descend';
}

/** A right-aligned figure of each row (a count, an amount, a rate). */
export function figureColumn<T>(key: string, title: string, render: (row: T) => ReactNode): ReportColumn<T> {
  return { key, title, align: 'right', render };
}

/** A totals row: its words in the first columns, then a figure under each column `cells` names. */
export interface ReportTotals {
  label: string;
  cells: Record<string, ReactNode>;
  testId?: string;
}

interface ReportTableProps<T> {
  /** The table's name, for the scrolling region and the screen reader. */
  label: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  totals?: ReportTotals;
  testId: string;
}

/** Fifty rows a page at the most; a shorter report on one page. */
const pageSize = 50;

/**
 * A report's table. On a desktop and a tablet, a table that scrolls sideways in a named region when wider
 * than the screen. On a phone (under 576 px, as ResourceTable's cards), no sideways scrolling: each row
 * reads as a card in a one-column table (test id `report-card`), its heading and subtitle the columns
 * marked so, then a line per figure, label and value; the totals a last card; the column sorted by headed
 * over the cards, so that the sort can still be turned.
 */
export function ReportTable<T extends object>(props: ReportTableProps<T>) {
  const { label, columns, rows, rowKey, loading, emptyText, totals, testId } = props;
  const phone = !!Grid.useBreakpoint().xs;
  const pagination: TablePaginationConfig | false =
    rows.length > pageSize ? { pageSize, showSizeChanger: false, size: phone ? 'small' : undefined } : false;
  const common = {
    rowKey,
    dataSource: rows,
    pagination,
    size: 'small' as const,
    loading,
    locale: emptyText ? { emptyText } : undefined,
    'data-testid': testId,
  };

  if (phone) {
    const sorted = columns.find((c) => c.sorter);
    const heading = columns.find((c) => c.phone === 'title') ?? columns[0];
    const head = sorted ?? heading;
    const cardColumns: TableColumnsType<T> = [
      {
        key: head?.key ?? 'card',
        title: head?.title,
        sorter: sorted?.sorter,
        defaultSortOrder: sorted?.defaultSortOrder,
        sortDirections: sorted ? ['descend', 'ascend', 'descend'] : undefined,
        render: (_v, row) => <ReportCard columns={columns} row={row} />,
      },
    ];
    return (
      <Table<T>
        {...common}
        columns={cardColumns}
        summary={
          totals &&
          (() => (
            <Table.Summary>
              <Table.Summary.Row data-testid={totals.testId}>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{totals.label}</Typography.Text>
                  <CardLines
                    lines={columns.filter((c) => c.key in totals.cells)}
                    value={(c) => totals.cells[c.key]}
                  />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ))
        }
      />
    );
  }

  const firstTotal = totals ? columns.findIndex((c) => c.key in totals.cells) : -1;
  return (
    <ReportScroll label={label}>
      <Table<T>
        {...common}
        columns={columns.map((c) => ({
          key: c.key,
          title: c.title,
          align: c.align,
          sorter: c.sorter,
          defaultSortOrder: c.defaultSortOrder,
          sortDirections: c.sorter ? ['descend', 'ascend', 'descend'] : undefined,
          render: (_v: unknown, row: T) => c.render(row),
        }))}
        summary={
          totals &&
          (() => (
            <Table.Summary>
              <Table.Summary.Row data-testid={totals.testId}>
                <Table.Summary.Cell index={0} colSpan={Math.max(1, firstTotal)}>
                  <Typography.Text strong>{totals.label}</Typography.Text>
                </Table.Summary.Cell>
                {columns.slice(Math.max(1, firstTotal)).map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={Math.max(1, firstTotal) + i} align={c.align}>
                    {totals.cells[c.key]}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ))
        }
      />
    </ReportScroll>
  );
}

/** A row as a phone's card: heading, subtitle, then the other columns as labelled lines. */
function ReportCard<T>({ columns, row }: { columns: ReportColumn<T>[]; row: T }) {
  const heading = columns.filter((c) => c.phone === 'title');
  const subtitle = columns.filter((c) => c.phone === 'subtitle');
  return (
    <div data-testid="report-card">
      {heading.map((c) => (
        <div key={c.key}>{c.render(row)}</div>
      ))}
      {subtitle.map((c) => (
        <Typography.Text key={c.key} type="secondary" style={{ display: 'block' }}>
          {c.render(row)}
        </Typography.Text>
      ))}
      <CardLines lines={columns.filter((c) => !c.phone)} value={(c) => c.render(row)} />
    </div>
  );
}

function CardLines<T>({
  lines,
  value,
}: {
  lines: ReportColumn<T>[];
  value: (column: ReportColumn<T>) => ReactNode;
}) {
  return (
    <Flex vertical gap={2} style={{ marginTop: 6 }}>
      {lines.map((c) => (
        <Flex key={c.key} justify="space-between" align="baseline" gap={12}>
          <Typography.Text type="secondary">{c.title}</Typography.Text>
          <span style={{ textAlign: 'right' }}>{value(c)}</span>
        </Flex>
      ))}
    </Flex>
  );
}
