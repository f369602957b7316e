import { resetOfflineReady, sectionsCached, sectionsWanted, workerReady } from '../features/pwa/offline-ready';
import { usePwa } from '../features/pwa/pwa-store';

const said = () => usePwa.getState().offlineReady;

beforeEach(() => resetOfflineReady());

describe("when 'App ready to work offline' is said", () => {
  it('signed out: once the worker has installed, not for a worker already in charge', () => {
    workerReady(false);
    expect(said()).toBe(false);
    workerReady(true);
    expect(said()).toBe(true);
  });

  it('signed in: only once the sections are cached too, and an earlier notice is taken back meanwhile', () => {
    workerReady(true);
    expect(said()).toBe(true); // the sign-in page said it
    sectionsWanted();
    expect(said()).toBe(false); // signed in, the sections still on their way
    sectionsCached(53);
    expect(said()).toBe(true);
  });

  it('signed in: waits for the worker when the sections come first', () => {
    sectionsWanted();
    sectionsCached(53);
    expect(said()).toBe(false);
    workerReady(true);
    expect(said()).toBe(true);
  });

  it('a return visit with everything on the device says nothing', () => {
    workerReady(false);
    sectionsWanted();
    sectionsCached(0);
    expect(said()).toBe(false);
  });

  it('a return visit that had to fetch sections (a new version of one) says so', () => {
    workerReady(false);
    sectionsWanted();
    sectionsCached(3);
    expect(said()).toBe(true);
  });
});
