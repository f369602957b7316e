// What a load balancer or orchestrator reads from the two health calls, as the OpenAPI document's
// `description`; what the server does on SIGTERM and a full disk is in server/README.md.
import { FREE_BYTES_TO_RECOVER } from '../../db/disk-space';

const DRAINING = 'While the instance drains after SIGTERM it answers 503 `{status: "draining", code: "UNAVAILABLE"}`.';

export const HEALTH_DOCS = {
  live: [
    'Asks no dependency, so a database or Redis outage, or a full disk, never makes an orchestrator restart a process that',
    `would come back the same. ${DRAINING}`,
  ].join('\n'),
  ready: (timeoutMs: number) =>
    [
      `Ready when the database, Redis (\`not used\` without \`REDIS_URL\`) and the file store answer within ${timeoutMs / 1000} s`,
      'and the disk has room; else 503 naming what is not, e.g. `Not ready: redis not answering`. From the first write refused',
      `for a full disk it answers \`Not ready: disk full\` with \`disk: "full"\` until ${FREE_BYTES_TO_RECOVER / 1024 / 1024} MiB are`,
      `free again (read at each check). ${DRAINING}`,
    ].join('\n'),
};
