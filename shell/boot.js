// Runs before the shell's own code has arrived (see boot-hints.cjs, which fills in the constants).
// Plain ES2019 for every browser the shell supports; nothing here may throw into the page.
(function () {
  var DASHBOARD_FILES = __DASHBOARD_FILES__;
  var RECORD_FILES = __RECORD_FILES__;
  var SESSION_KEY = __SESSION_KEY__;
  var HOME_REMOTE = __HOME_REMOTE__;
  var START_READS_KEY = __START_READS_KEY__;
  var MAX_READS = __MAX_READS__;
  var MANIFEST_URL = __MANIFEST_URL__;
  var boot = (window.__imprestBoot = window.__imprestBoot || {});

  function hint(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    document.head.appendChild(link);
  }

  // the shell's remotes.ts takes this promise over (and fetches again if it failed)
  function manifest() {
    if (!boot.manifest) {
      boot.manifest = fetch(MANIFEST_URL, { cache: 'no-cache' }).then(function (response) {
        if (!response.ok) throw new Error('remotes.json answered ' + response.status);
        return response.json();
      });
      boot.manifest.catch(function () {});
    }
    return boot.manifest;
  }

  // the home remote's entry and the chunks its App renders with, side by side: the chunks no longer
  // wait for the entry to arrive and run before they are asked for. The manifest's answer lists
  // them (its routes); a server that answered the plain manifest leaves them to start-files.json.
  function homeRemote(rel) {
    var as = rel === 'preload' ? 'script' : undefined;
    manifest()
      .then(function (answer) {
        var entry = (answer.remotes || answer)[HOME_REMOTE];
        if (typeof entry !== 'string') return;
        hint(rel, entry, as);
        var base = new URL(entry, location.href);
        var listed = answer.routes && answer.routes[HOME_REMOTE];
        var files = listed
          ? Promise.resolve(listed.start)
          : fetch(new URL('start-files.json', base).href, { cache: 'no-cache' }).then(function (response) {
              return response.ok ? response.json() : [];
            });
        return files.then(function (list) {
          list.forEach(function (file) {
            hint(rel, new URL(file, base).href, as);
          });
        });
      })
      .catch(function () {});
  }

  // The web app manifest, once the page has loaded and settled. It is only for installing the app
  // (the offer waits for a tap anyway), and as a <link> in the HTML it and the icons the browser
  // then reads took three of the six connections a slow link has while the page's code loaded.
  var linkManifest = function () {
    setTimeout(function () {
      (window.requestIdleCallback || setTimeout)(function () {
        if (!document.querySelector('link[rel="manifest"]')) hint('manifest', '/manifest.webmanifest');
      });
    }, 2000);
  };
  if (document.readyState === 'complete') linkManifest();
  else addEventListener('load', linkManifest);

  // The API reads this page made the last time it opened for this user (api-client's
  // start-reads.ts remembers them), asked for now, beside the code: the app takes each answer
  // instead of asking once its code has arrived and run. Only this origin's API, with the
  // session's own token; a refused or failed one is simply asked again by the app.
  function startReads(session, page) {
    var reads = (boot.reads = boot.reads || {});
    var token = session.token;
    var saved = JSON.parse(localStorage.getItem(START_READS_KEY) || 'null');
    if (!saved || !session.currentUser || saved.user !== session.currentUser.id || !saved.pages) return;
    var urls = saved.pages[page];
    if (!Array.isArray(urls)) return;
    urls.slice(0, MAX_READS).forEach(function (url) {
      if (typeof url !== 'string' || !/^\/api\/v1\/[^/]/.test(url) || reads[url]) return;
      reads[url] = {
        token: token,
        at: Date.now(),
        answer: fetch(url, { headers: { Authorization: 'Bearer ' + token }, credentials: 'same-origin' })
          .then(function (response) {
            return response.text().then(function (body) {
              var headers = {};
              response.headers.forEach(function (value, name) {
                headers[name] = value;
              });
              return { status: response.status, headers: headers, body: body };
            });
          })
          .catch(function () {
            return null;
          }),
      };
    });
  }

  var session = null;
  try {
    var stored = JSON.parse(localStorage.getItem(SESSION_KEY) || 'null');
    if (stored && stored.state && stored.state.token) session = stored.state;
  } catch {
    // no storage (private mode) or a damaged entry: nothing to hint
  }
  var signedIn = !!session;
  var path = location.pathname;

  // signin.html's brand panel is not shown to a visitor who is in fact signed in (the app goes on to
  // the dashboard): this runs in the page's head, before the panel is parsed, and signin.html's
  // style hides it under this mark (prerender.cjs)
  if (signedIn && path === '/') document.documentElement.setAttribute('data-signed-in', '');

  if (signedIn && /^\/dashboard(\/|$)/.test(path)) {
    try {
      startReads(session, path);
    } catch {
      // a damaged entry: the app asks for its reads itself
    }
    DASHBOARD_FILES.forEach(function (file) {
      hint('preload', file, 'script');
    });
    if (/^\/dashboard\/?$/.test(path)) homeRemote('preload');
  } else if (!signedIn && path === '/') {
    // while the user types their email and password: fetch, at the lowest priority, what Sign In opens
    var later = function () {
      (window.requestIdleCallback || setTimeout)(function () {
        DASHBOARD_FILES.forEach(function (file) {
          hint('prefetch', file);
        });
        homeRemote('prefetch');
        // and the record widgets' files (section-widgets and its helper chunks, 10.4 KB br): a request's detail or a
        // retirement opened as the home paints finds them on the device instead of fetching them
        // beside its own code, and the service worker's precache, one file at a time, reaches them
        // in the HTTP cache (had it fetched them first, 'ready offline' came ~1 s later)
        RECORD_FILES.forEach(function (file) {
          hint('prefetch', file);
        });
      });
    };
    // and only once the form has painted: fetched before, they competed with it (Lighthouse's LCP
    // on / then counted them too, 2.1 s in one run and 3.0 s in the next)
    var afterPaint = function () {
      var started = false;
      var start = function () {
        if (started) return;
        started = true;
        later();
      };
      try {
        var observer = new PerformanceObserver(function (list) {
          if (!list.getEntries().length) return;
          observer.disconnect();
          start();
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        // a browser that reports no paint: the load event's idle time, as before
        setTimeout(start, 10000);
      } catch {
        start();
      }
    };
    if (document.readyState === 'complete') afterPaint();
    else addEventListener('load', afterPaint);
  }
})();
