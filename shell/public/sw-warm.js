// The precache, several files at a time once the page says it may (imported by sw.js with
// sw-api.js, in one file the build writes: shell/sw-imports.cjs).
// Workbox installs its precache one file at a time (workbox-precaching's install, after its issue
// #2528), so on a phone's link every file the page has not fetched already costs a round trip:
// ~20 of them, 0.45 s each at 400 ms, and the worker could not take over (nothing works offline)
// until ~15 s after the home painted. Here the build's files named by their content (the same URL
// is the same bytes for ever) are fetched PARALLEL at a time into the browser's HTTP cache, where
// Workbox's own requests for them find them (a request in flight is joined, not repeated); Workbox
// still fetches, checks and stores every file itself. The page starts it once its screen has settled
// (src/features/pwa/precache-pace.ts) and holds it while the person opens another screen, so it
// never competes with what they are waiting for.
(function () {
  /** The build's immutable files in the precache, written in front of this file by the build. */
  var FILES = self.__IMPREST_PRECACHE_IMMUTABLE__ || [];
  /** Beside Workbox's one request: four in flight keep a slow link full. */
  var PARALLEL = 3;
  var installing = false;
  var started = false;
  var heldUntil = 0;

  self.addEventListener('install', function () {
    installing = true;
  });
  self.addEventListener('activate', function () {
    installing = false;
  });

  function sleep(ms) {
    return new Promise(function (resolve) {
      setTimeout(resolve, ms);
    });
  }

  /** Resolves once no hold is in force (a hold may be renewed meanwhile). */
  function whenNotHeld() {
    var wait = heldUntil - Date.now();
    return wait > 0 ? sleep(wait).then(whenNotHeld) : Promise.resolve();
  }

  function warm() {
    var queue = FILES.slice();
    function lane() {
      return whenNotHeld().then(function () {
        // done, or Workbox finished first (the worker has installed)
        var url = queue.shift();
        if (url === undefined || !installing) return undefined;
        return fetch(url, { credentials: 'same-origin' })
          .then(function (response) {
            // read to the end: the HTTP cache keeps a response only once it is whole
            return response.arrayBuffer();
          })
          .catch(function () {
            // Workbox's own request for it decides; nothing to do here
          })
          .then(lane);
      });
    }
    var lanes = [];
    for (var i = 0; i < PARALLEL; i += 1) lanes.push(lane());
    return Promise.all(lanes);
  }

  self.addEventListener('message', function (event) {
    var data = event.data || {};
    if (data.type === 'imprest:precache-hold') heldUntil = Math.max(heldUntil, Date.now() + Math.min(Number(data.ms) || 0, 10000));
    if (data.type === 'imprest:precache-now' && installing && !started) {
      started = true;
      event.waitUntil(warm());
    }
  });
})();
