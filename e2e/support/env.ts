// What the global setup tells the specs: where the test servers are and where their data lives.
// Each Playwright worker has a full server of its own (its own DATA_DIR, accounts, sign-in limits and
// mail), so specs running at the same time in two workers never see each other's requests; the
// degraded server (without mf-budget) is one, shared, as only one spec uses it and it writes nothing.
const VARIABLES = {
  baseURL: 'IMPREST_E2E_BASE_URL',
  dataDir: 'IMPREST_E2E_DATA_DIR',
  degradedURL: 'IMPREST_E2E_DEGRADED_URL',
} as const;

export interface TestServers {
  /** This worker's full production server. */
  baseURL: string;
  /** Its DATA_DIR; reset e-mails land in `<dataDir>/mail/*.eml`. */
  dataDir: string;
  /** The same build served without mf-budget. */
  degradedURL: string;
}

/** A full server per worker, by Playwright's parallel index (0 … workers − 1), and the degraded one. */
export function publishServers(full: readonly Pick<TestServers, 'baseURL' | 'dataDir'>[], degradedURL: string): void {
  full.forEach((server, index) => {
    process.env[`${VARIABLES.baseURL}_${index}`] = server.baseURL;
    process.env[`${VARIABLES.dataDir}_${index}`] = server.dataDir;
  });
  process.env[VARIABLES.degradedURL] = degradedURL;
}

/** The servers of the worker this runs in (TEST_PARALLEL_INDEX, which Playwright sets in each worker). */
export function testServers(): TestServers {
  const index = process.env.TEST_PARALLEL_INDEX ?? '0';
  const read = (variable: string) => {
    const value = process.env[variable];
    if (!value)
      throw new Error(`${variable} is not set: run the specs through playwright.config.ts, whose global setup starts the servers`);
    return value;
  };
  return {
    baseURL: read(`${VARIABLES.baseURL}_${index}`),
    dataDir: read(`${VARIABLES.dataDir}_${index}`),
    degradedURL: read(VARIABLES.degradedURL),
  };
}
