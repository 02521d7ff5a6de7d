/**
 * One cold load of a page in a fresh Chromium context, recorded with the DevTools protocol's
 * Network events: what was fetched, by type, in transfer bytes (the compressed body as it crossed
 * the wire, headers excluded), how many requests, and how deep the chain of sequential round
 * trips was before the first module of a remote origin was requested.
 */

/** Chromium from Debian (never a downloaded browser), with the flags this sandbox needs (e2e/support/stack.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPE_OF = {
  Script: 'js',
  Stylesheet: 'css',
  Font: 'font',
  Image: 'image',
  Media: 'media',
  Document: 'document',
  Fetch: 'data',
  XHR: 'data',
};

/**
 * Content markers of the shared libraries and of the federation runtime: a string each one's
 * production code carries and no other module does. A library fetched twice (two copies) shows as
 * two responses carrying its marker. Checked against the builds by e2e/tests/singletons.spec.ts.
 */
export const LIBRARY_MARKERS = {
  react: /Objects are not valid as a React child/,
  'react-dom': /__reactContainer\$/,
  'react-router-dom': /You cannot render a <Router> inside another <Router>/,
  i18next: /won't get resolved as namespace/,
  'react-i18next': /You will need to pass in an i18next instance/,
  zustand: /getInitialState:/,
  'federation runtime': /\[ Federation Runtime \]/,
};
/** Not singletons by rule, but large: shown so that their place on a page stays visible (target: none on /). */
export const LARGE_LIBRARY_MARKERS = {
  zod: /Invalid input: expected/,
};

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ remoteOrigins: string[], settleMs?: number, timeoutMs?: number, withBodies?: boolean, scrollThrough?: boolean, storage?: Record<string, string> }} options
 *   scrollThrough: once the load has settled, scroll down the page a screen at a time (waiting for
 *   each screen to settle), as a reader does, and report what that fetched separately (`approach`):
 *   the home page's widgets are fetched only as the reader approaches them.
 *   storage: localStorage entries set before the page's scripts run (a signed-in reader's session;
 *   the HTTP cache stays cold).
 */
export async function coldLoad(browser, url, { remoteOrigins, settleMs = 1500, timeoutMs = 30_000, withBodies = false, scrollThrough = false, storage }) {
  // Lighthouse's mobile screen (moto g power): the same images and breakpoints as its runs.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  // localStorage the page starts with (a signed-in reader's session), set before any script runs.
  if (storage) await context.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), storage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable', { maxTotalBufferSize: 64 * 1024 * 1024, maxResourceBufferSize: 16 * 1024 * 1024 });

  /** @type {Map<string, any>} */
  const requests = new Map();
  let lastActivity = Date.now();
  let inFlight = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.startsWith('data:')) return;
    lastActivity = Date.now();
    inFlight += 1;
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      method: event.request.method,
      type: event.type ?? 'Other',
      initiator: event.initiator,
      sentAt: event.timestamp,
      headerBytes: 0,
      bodyBytes: 0,
      status: 0,
      done: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.status = event.response.status;
    request.type = event.type ?? request.type;
    request.headerBytes = event.response.encodedDataLength ?? 0;
    request.encoding = event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? '';
    request.fromCache = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker);
  });
  const finish = (event, failed) => {
    const request = requests.get(event.requestId);
    if (!request || request.done) return;
    lastActivity = Date.now();
    inFlight -= 1;
    request.done = true;
    request.failed = failed;
    request.finishedAt = event.timestamp;
    if (!failed) request.bodyBytes = Math.max(0, (event.encodedDataLength ?? 0) - request.headerBytes);
  };
  cdp.on('Network.loadingFinished', (event) => finish(event, false));
  cdp.on('Network.loadingFailed', (event) => finish(event, true));

  await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  // Settled: nothing in flight and no new request for `settleMs`.
  const settle = async () => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < settleMs)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await settle();

  const all = [...requests.values()];
  let approach = null;
  if (scrollThrough) {
    const before = new Set(requests.keys());
    // A reader closes the home page's ads pop-up (a modal) before reading on.
    await page.evaluate(() => document.querySelectorAll('dialog[open]').forEach((dialog) => dialog.close()));
    for (let screen = 0; screen < 30; screen += 1) {
      const moved = await page.evaluate(() => {
        const y = window.scrollY;
        window.scrollBy({ top: window.innerHeight, behavior: 'instant' });
        return window.scrollY !== y;
      });
      if (!moved) break;
      // What the scroll sets off starts a moment later: wait a whole quiet period from now.
      lastActivity = Date.now();
      await settle();
    }
    const later = [...requests.values()].filter((request) => !before.has(request.id));
    const laterJs = later.filter((request) => TYPE_OF[request.type] === 'js');
    approach = {
      jsBytes: laterJs.reduce((sum, request) => sum + request.bodyBytes, 0),
      requests: later.length,
      /** Per remote origin: sequential round trips among that remote's own requests (manifest, entry, chunks) until its last script. */
      roundTripsByRemote: Object.fromEntries(
        remoteOrigins.map((origin) => {
          const own = later.filter((request) => request.url.startsWith(`${origin}/`));
          const chain = roundTrips(own);
          const scripts = own.filter((request) => TYPE_OF[request.type] === 'js');
          return [origin, scripts.length ? Math.max(...scripts.map((request) => chain.get(request.id))) : null];
        }),
      ),
    };
  }
  const bodies = new Map();
  if (withBodies) {
    for (const request of all) {
      if (TYPE_OF[request.type] !== 'js' || request.failed) continue;
      try {
        const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId: request.id });
        bodies.set(request.id, base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body);
      } catch {
        // evicted: counted as unknown
      }
    }
  }
  const htmlLang = await page.evaluate(() => `${document.documentElement.lang}/${document.documentElement.dir}`).catch(() => '?');
  await context.close();

  const bytes = { js: 0, css: 0, font: 0, image: 0, media: 0, document: 0, data: 0, other: 0 };
  for (const request of all) bytes[TYPE_OF[request.type] ?? 'other'] += request.bodyBytes;

  const isRemote = (request) => remoteOrigins.some((origin) => request.url.startsWith(`${origin}/`));
  const chain = roundTrips(all);
  const remoteScripts = all.filter((request) => isRemote(request) && TYPE_OF[request.type] === 'js').sort((a, b) => a.sentAt - b.sentAt);
  const firstRemote = remoteScripts[0];
  const shellScripts = all.filter((request) => !isRemote(request) && TYPE_OF[request.type] === 'js');
  const nearestRemote = Math.min(...remoteScripts.map((request) => chain.get(request.id)));

  const copies = {};
  if (withBodies) {
    for (const [name, marker] of Object.entries({ ...LIBRARY_MARKERS, ...LARGE_LIBRARY_MARKERS })) {
      copies[name] = [...bodies.entries()].filter(([, body]) => marker.test(body)).map(([id]) => requests.get(id).url);
    }
  }

  return {
    url,
    htmlLang,
    requests: all.length,
    bytes,
    /** Round trips before the first remote module: the document counts as the first. */
    firstRemoteDepth: firstRemote ? nearestRemote - 1 : null,
    /**
     * Round trips the remote's code comes after the shell's start (the depth of its last start
     * chunk): 0 when the remote's entry and chunks are fetched with the shell's start chunks, whether
     * preloaded from the document or announced by the shell's entry together with its own (a page
     * rendered on the server paints first, then fetches both).
     */
    remoteAfterShellStart: firstRemote ? Math.max(0, nearestRemote - Math.max(0, ...shellScripts.map((request) => chain.get(request.id)))) : null,
    deepestShellScript: Math.max(0, ...shellScripts.map((request) => chain.get(request.id))),
    deepestRemoteScript: Math.max(0, ...remoteScripts.map((request) => chain.get(request.id))),
    copies,
    approach,
    list: all
      .map((request) => ({
        url: request.url,
        type: TYPE_OF[request.type] ?? 'other',
        bytes: request.bodyBytes,
        encoding: request.encoding,
        depth: chain.get(request.id),
        status: request.status,
      }))
      .sort((a, b) => a.depth - b.depth),
  };
}

/** Requests that can hold up what follows them: the document, code and the manifests that say where code is. */
const gates = (request) =>
  ['Document', 'Script'].includes(request.type) ||
  ((request.type === 'Fetch' || request.type === 'XHR') && /\/(remotes|mf-manifest)\.json(\?|$)/.test(request.url));

/**
 * Depth of each request in sequential round trips (the document is 1): one more than the deepest
 * gating request (document, script, remote manifest) that had finished before it was
 * sent, and at least one more than its initiator. Timing catches what the initiator misses: a
 * request sent after an awaited fetch waited for that fetch.
 */
function roundTrips(all) {
  const depth = new Map();
  const byUrl = new Map();
  const ordered = [...all].sort((a, b) => a.sentAt - b.sentAt);
  for (const request of ordered) {
    let parent = 0;
    for (const other of ordered) {
      if (other === request || !depth.has(other.id) || !gates(other) || other.failed) continue;
      if (other.finishedAt !== undefined && other.finishedAt <= request.sentAt) parent = Math.max(parent, depth.get(other.id));
    }
    const initiatorUrl = request.initiator?.url ?? request.initiator?.stack?.callFrames?.[0]?.url;
    const initiator = initiatorUrl ? byUrl.get(initiatorUrl) : undefined;
    if (initiator) parent = Math.max(parent, depth.get(initiator.id));
    depth.set(request.id, parent + 1);
    if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  }
  return depth;
}
