import { lazy, Suspense, useState, type ReactNode } from 'react';
import { downloadReport, errorMessage, type ReportName, type ReportRange } from '@imprest/api-client';
import { Box, Button, FormAlert, Heading, HStack, Spinner, Stack, Table, saveBlob } from '@imprest/ui';
import type { Series } from './BarChart';

// chart.js comes with the reports screen only, never with the budget list or the dashboard
const BarChart = lazy(() => import('./BarChart'));

export interface Chart {
  labels: string[];
  series: Series[];
  stacked?: boolean;
}

/** One report: its heading, a download of the same numbers, a chart, then the table. */
export function ReportSection(props: {
  id: ReportName;
  title: string;
  range?: ReportRange;
  chart?: Chart;
  headers: string[];
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
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline">
          <Table.Header>
            <Table.Row>
              {props.headers.map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.rows.map((cells, i) => (
              <Table.Row key={i}>
                {cells.map((cell, j) => (
                  <Table.Cell key={j}>{cell}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
