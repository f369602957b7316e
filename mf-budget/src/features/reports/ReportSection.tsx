import { lazy, Suspense, useState, type ReactNode } from 'react';
import { downloadReport, errorMessage, type ReportName, type ReportRange } from '@imprest/api-client';
import { Box, Button, FormAlert, Heading, HStack, ScrollRegion, Spinner, Stack, Table } from '@imprest/ui';
import { saveBlob } from '@imprest/ui/files';
import type { Series } from './BarChart';

// chart.js comes with the reports screen only, never with the budget list or the dashboard
const BarChart = lazy(() => import('./BarChart'));

export interface Chart {
  labels: string[];
  series: Series[];
  stacked?: boolean;
}

/**
 * Where a cell may break: the wrapping columns at words, with room for a few; the rest never (a
 * month 2026-03 or an amount split over two lines at phone width is hard to read). The first
 * column stays in view while a table wider than the phone scrolls sideways in its own box, on the
 * background of its row (the outline table's header is bg.muted).
 */
function cellStyle(column: number, wrap: readonly number[], header: boolean) {
  const wraps = wrap.includes(column);
  return {
    whiteSpace: wraps ? 'normal' : 'nowrap',
    minW: wraps ? '7rem' : undefined,
    ...(column === 0 && { position: 'sticky', left: 0, bg: header ? 'bg.muted' : 'bg', zIndex: 1 }),
  } as const;
}

/** One report: its heading, a download of the same numbers, a chart, then the table. */
export function ReportSection(props: {
  id: ReportName;
  title: string;
  range?: ReportRange;
  chart?: Chart;
  headers: string[];
  /** The columns whose text may wrap (names, labels); every other cell (codes, months, amounts, counts) stays on one line. */
  wrap?: readonly number[];
  rows: ReactNode[][];
  error?: unknown;
  loading: boolean;
  children?: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const download = async () => {
    setFailed(null);
    try {
      const file = await downloadReport(props.id, props.range);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      setFailed(errorMessage(error));
    }
  };
  return (
    <Stack
      as="section"
      aria-labelledby={`${props.id}-title`}
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
    >
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id={`${props.id}-title`}>
          {props.title}
        </Heading>
        <Button size="sm" variant="outline" onClick={download}>
          Download .xlsx
        </Button>
      </HStack>
      {props.children}
      {failed && <FormAlert status="error">{failed}</FormAlert>}
      {props.error ? <FormAlert status="error">{errorMessage(props.error)}</FormAlert> : null}
      {props.loading && <Spinner />}
      {props.chart && (
        <Suspense fallback={<Box h="280px" />}>
          <BarChart title={props.title} {...props.chart} />
        </Suspense>
      )}
      <ScrollRegion label={`${props.title} table`}>
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              {props.headers.map((h, j) => (
                <Table.ColumnHeader key={h} {...cellStyle(j, props.wrap ?? [], true)}>
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.rows.map((cells, i) => (
              <Table.Row key={i}>
                {cells.map((cell, j) => (
                  <Table.Cell key={j} {...cellStyle(j, props.wrap ?? [], false)}>
                    {cell}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollRegion>
    </Stack>
  );
}
