import { DASHBOARD_SECTIONS, REMOTE_NAMES, remoteFor, type RemoteName } from '@imprest/domain';

/** Which remote owns which first segment of a /dashboard path: the domain's route table (titles.ts). */
export { REMOTE_NAMES, remoteFor, type RemoteName };

export const SECTION_LABELS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, DASHBOARD_SECTIONS[name].label])) as Record<
  RemoteName,
  string
>;
