// API reads in the service worker (imported by sw.js ahead of Workbox's routes; Workbox has no
// route for /api/). A page that has just opened is answered from the cache at once for each URL
// it reads in its first seconds — the screen shows what it showed last — and the answer is refreshed
// behind it; when the fresh one differs, the page is told and reads again. Every later read of a
// URL by that page (a refetch after a change, a realtime update) goes to the network first, so
// nobody sees their own change undone by a stale copy; without a network the cache answers.
// Answers are kept per session: the key carries a digest of the token, so one person's answers
// never answer another's calls (and logout deletes the whole cache, see register-sw.ts).
(function () {
  var CACHE = 'imprest-api';
  var MAX_ENTRIES = 200;
  /** How long after a page opens its first reads are answered from the cache. */
  var OPENING_MS = 15000;
  /** Without an answer by then, a read that the cache can answer is answered from it. */
  var NETWORK_TIMEOUT_MS = 5000;
  // never from the cache first: the token check must hear the server's refusal
  var NETWORK_FIRST = /\/api\/v1\/users\/validate-token$/;

  var opened = new Map(); // client id → when its page opened
  var readBefore = new Set(); // client id + URL read once already

  /** Pages opened long enough ago read from the network first anyway: nothing to remember of them. */
  function forgetOldPages() {
    var now = Date.now();
    opened.forEach(function (at, clientId) {
      if (now - at < OPENING_MS) return;
      opened.delete(clientId);
      readBefore.forEach(function (read) {
        if (read.indexOf(clientId + ' ') === 0) readBefore.delete(read);
      });
    });
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

  function store(key, response) {
    if (!response || response.status !== 200) return Promise.resolve();
    return caches.open(CACHE).then(function (cache) {
      return cache.put(key, response).then(function () {
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

  function tellPage(clientId, url) {
    self.clients.get(clientId).then(function (client) {
      if (client) client.postMessage({ type: 'imprest:api-refreshed', url: url });
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

  /** The cached answer now, the network's behind it; the page hears of a different one. */
  function cacheFirst(event, request, key) {
    return fromCache(key).then(function (cached) {
      if (!cached) return networkFirst(request, key);
      var before = cached.clone(); // the page reads the other one
      var refresh = fetch(request).then(function (response) {
        if (response.status !== 200) return;
        return Promise.all([before.text(), response.clone().text()]).then(function (bodies) {
          return store(key, response).then(function () {
            if (bodies[0] !== bodies[1]) tellPage(event.clientId, request.url);
          });
        });
      });
      event.waitUntil(refresh.catch(function () {}));
      return cached;
    });
  }

  self.addEventListener('fetch', function (event) {
    var request = event.request;
    if (request.mode === 'navigate') {
      forgetOldPages();
      if (event.resultingClientId) opened.set(event.resultingClientId, Date.now());
      return;
    }
    if (request.method !== 'GET') return;
    var url = new URL(request.url);
    if (url.origin !== self.location.origin || url.pathname.indexOf('/api/v1/') !== 0) return;
    var since = opened.get(event.clientId);
    var read = event.clientId + ' ' + url.href;
    var opening = since !== undefined && Date.now() - since < OPENING_MS && !readBefore.has(read) && !NETWORK_FIRST.test(url.pathname);
    if (opening) readBefore.add(read);
    event.respondWith(
      sessionDigest(request).then(function (digest) {
        var key = cacheKey(request, digest);
        return opening ? cacheFirst(event, request, key) : networkFirst(request, key);
      }),
    );
  });
})();
