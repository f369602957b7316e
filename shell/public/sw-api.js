// API reads in the service worker (imported by sw.js ahead of Workbox's routes; Workbox has no
// route for /api/). The first read of each URL by a page — as it opens, or later as the person
// moves to another screen — is answered from the cache at once (the screen shows what it showed
// last; the page is told, and marks it, until the refresh behind it lands); when the fresh answer
// differs, the page is told and reads again. Every later read of a URL by that page (a refetch
// after a change, a realtime update) goes to the network first, and so does any read after this
// session changed something since the answer was kept: nobody sees their own change undone by a
// stale copy. Without a network the cache answers.
// Answers are kept per session: the key carries a digest of the token, so one person's answers
// never answer another's calls (and logout deletes the whole cache, see register-sw.ts).
(function () {
  var CACHE = 'imprest-api';
  var MAX_ENTRIES = 200;
  /** Without an answer by then, a read that the cache can answer is answered from it. */
  var NETWORK_TIMEOUT_MS = 5000;
  // never from the cache first: the token check must hear the server's refusal
  var NETWORK_FIRST = /\/api\/v1\/users\/validate-token$/;
  /** When an answer was put in the cache (this worker's clock), to compare with the session's last write. */
  var STORED_AT = 'x-imprest-stored-at';

  var readBefore = new Map(); // client id → the URLs that page has read already
  var lastWrite = new Map(); // session digest → when it last changed something (also kept in the cache)

  /** Pages that are gone read nothing more: forget them. */
  function forgetClosedPages() {
    return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (open) {
      var alive = new Set(
        open.map(function (client) {
          return client.id;
        }),
      );
      readBefore.forEach(function (_, clientId) {
        if (!alive.has(clientId)) readBefore.delete(clientId);
      });
    });
  }

  /** True the first time `clientId` reads `href`. */
  function firstRead(clientId, href) {
    if (!clientId) return false;
    var read = readBefore.get(clientId);
    if (!read) readBefore.set(clientId, (read = new Set()));
    if (read.has(href)) return false;
    read.add(href);
    return true;
  }

  function sessionDigest(request) {
    var auth = request.headers.get('authorization') || '';
    if (!auth) return Promise.resolve('anonymous');
    return crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth)).then(function (buffer) {
      return Array.from(new Uint8Array(buffer).slice(0, 12), function (b) {
        return b.toString(16).padStart(2, '0');
      }).join('');
    });
  }

  function cacheKey(request, digest) {
    var url = new URL(request.url);
    url.searchParams.set('__session', digest);
    return url.href;
  }

  /** The answer with the time it is kept at, so a later write by the session can outdate it. */
  function stamped(response) {
    return response.blob().then(function (body) {
      var headers = new Headers(response.headers);
      headers.set(STORED_AT, String(Date.now()));
      return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
    });
  }

  function store(key, response) {
    if (!response || response.status !== 200) return Promise.resolve();
    return Promise.all([caches.open(CACHE), stamped(response)]).then(function (opened) {
      var cache = opened[0];
      return cache.put(key, opened[1]).then(function () {
        return cache.keys().then(function (keys) {
          return Promise.all(
            keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map(function (k) {
              return cache.delete(k);
            }),
          );
        });
      });
    });
  }

  function fromCache(key) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(key);
    });
  }

  function tellPage(clientId, type, url) {
    self.clients.get(clientId).then(function (client) {
      if (client) client.postMessage({ type: type, url: url });
    });
  }

  function writeKey(digest) {
    return self.location.origin + '/api/v1/__last-write?__session=' + digest;
  }

  /** When this session last changed something (in memory, else as kept in the cache, which logout deletes). */
  function lastWriteOf(digest) {
    if (lastWrite.has(digest)) return Promise.resolve(lastWrite.get(digest));
    return fromCache(writeKey(digest)).then(function (kept) {
      return kept ? kept.text().then(Number) : 0;
    });
  }

  function noteWrite(digest) {
    var at = Date.now();
    lastWrite.set(digest, at);
    return caches.open(CACHE).then(function (cache) {
      return cache.put(writeKey(digest), new Response(String(at)));
    });
  }

  /** A kept answer the screen may show before the network's: none when the session has changed something since. */
  function usableCached(key, digest) {
    return Promise.all([fromCache(key), lastWriteOf(digest)]).then(function (both) {
      var cached = both[0];
      if (!cached) return null;
      return Number(cached.headers.get(STORED_AT) || 0) > both[1] ? cached : null;
    });
  }

  /** The network's answer (kept when it is a 200); the cache's after NETWORK_TIMEOUT_MS or a failure. */
  function networkFirst(request, key) {
    var fetched = fetch(request).then(function (response) {
      return store(key, response.clone()).then(function () {
        return response;
      });
    });
    var timer;
    var late = new Promise(function (resolve) {
      timer = setTimeout(resolve, NETWORK_TIMEOUT_MS);
    }).then(function () {
      return fromCache(key).then(function (cached) {
        return cached || fetched;
      });
    });
    var answer = Promise.race([fetched, late]).then(
      function (response) {
        clearTimeout(timer);
        return response;
      },
      function (error) {
        clearTimeout(timer);
        return fromCache(key).then(function (cached) {
          if (cached) return cached;
          throw error;
        });
      },
    );
    return answer;
  }

  /**
   * The cached answer now, the network's behind it: the page hears that it was given a kept answer
   * ('imprest:api-stale'), then that the refresh landed ('imprest:api-fresh') or failed, and of a
   * different answer ('imprest:api-refreshed': it reads again).
   */
  function cacheFirst(event, request, key, digest) {
    return usableCached(key, digest).then(function (cached) {
      if (!cached) return networkFirst(request, key);
      var clientId = event.clientId;
      var before = cached.clone(); // the page reads the other one
      tellPage(clientId, 'imprest:api-stale', request.url);
      var refresh = fetch(request).then(function (response) {
        if (response.status !== 200) return;
        return Promise.all([before.text(), response.clone().text()]).then(function (bodies) {
          return store(key, response).then(function () {
            if (bodies[0] !== bodies[1]) tellPage(clientId, 'imprest:api-refreshed', request.url);
          });
        });
      });
      event.waitUntil(
        refresh
          .catch(function () {})
          .then(function () {
            tellPage(clientId, 'imprest:api-fresh', request.url);
          }),
      );
      return cached;
    });
  }

  self.addEventListener('fetch', function (event) {
    var request = event.request;
    if (request.mode === 'navigate') {
      event.waitUntil(forgetClosedPages());
      return;
    }
    var url = new URL(request.url);
    if (url.origin !== self.location.origin || url.pathname.indexOf('/api/v1/') !== 0) return;
    if (request.method !== 'GET') {
      // a change by this session (sent as it is: uploads keep their own path): its kept answers
      // may be stale from now on, so they are no longer shown before the network's
      if (request.method !== 'HEAD' && request.method !== 'OPTIONS') event.waitUntil(sessionDigest(request).then(noteWrite));
      return;
    }
    var first = !NETWORK_FIRST.test(url.pathname) && firstRead(event.clientId, url.href);
    event.respondWith(
      sessionDigest(request).then(function (digest) {
        var key = cacheKey(request, digest);
        return first ? cacheFirst(event, request, key, digest) : networkFirst(request, key);
      }),
    );
  });
})();
