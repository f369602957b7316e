// What the global setup tells the specs: where the two test servers are and where their data lives.
const VARIABLES = {
  baseURL: 'IMPREST_E2E_BASE_URL',
  dataDir: 'IMPREST_E2E_DATA_DIR',
  degradedURL: 'IMPREST_E2E_DEGRADED_URL',
} as const;

export interface TestServers {
  /** The full production server. */
  baseURL: string;
  /** Its DATA_DIR; reset e-mails land in `<dataDir>/mail/*.eml`. */
  dataDir: string;
  /** The same build served without mf-budget. */
  degradedURL: string;
}

export function publishServers(servers: TestServers): void {
  for (const [key, variable] of Object.entries(VARIABLES)) process.env[variable] = servers[key as keyof TestServers];
}

export function testServers(): TestServers {
  const read = (variable: string) => {
    const value = process.env[variable];
    if (!value)
      throw new Error(`${variable} is not set: run the specs through playwright.config.ts, whose global setup starts the servers`);
    return value;
  };
  return { baseURL: read(VARIABLES.baseURL), dataDir: read(VARIABLES.dataDir), degradedURL: read(VARIABLES.degradedURL) };
}
