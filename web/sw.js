// Majlis's service worker (issue 20): the site keeps working offline after the first visit.
// tools/site_web.py writes the three values below at build time (docs/WEB.md, "Offline").
//
// * One cache per build, "majlis-<VERSION>" (VERSION: a hash of the build's files), filled
//   whole at install: if one file of PRECACHE cannot be had, or a reply is not whole, the
//   install fails and the build before keeps serving (never half of a new build).
// * The page tells this worker what else it loaded (site.js: the runtime files, from the
//   page's resource timing) and every request it answers from the network is kept too, when
//   the reply may be kept (keepable): same origin or one of KEEP_ORIGINS, status 200, not a
//   range, not opaque, its body as long as it says. The apk must match its Content-Length
//   exactly (pygbag's loader allocates by it).
// * Requests are answered from the cache first: everything in it belongs to this build, and a
//   new build is a new worker (its VERSION differs), installed beside this one while a visit
//   runs, and taken at the next visit: that visit's navigation finds it waiting, and is
//   answered with HAND_OVER, a blank page that asks it to take over and loads the page again
//   once it answers. No file of the old build is used by that visit, so it runs the new build
//   whole; the game's page never reloads itself once it has started loading.
// * A new build's cache starts with the runtime files of the build before (carryRuntime): they
//   are not the build's own files; and a file of the new build whose SHA-256 an older build's
//   copy already has is copied, not fetched: an update on a slow connection fetches only what
//   changed (the apk, the page, site.js; the hosted runtime and the icons stay).
"use strict";

const VERSION = "@VERSION@";
const PRECACHE = "@PRECACHE@";           // {URL relative to this file: SHA-256 or null}
const KEEP_ORIGINS = "@KEEP_ORIGINS@";   // other origins whose (CORS) replies may be kept
const CACHE = "majlis-" + VERSION;
const APK = /\.apk$/;
const HAND_OVER_WAIT_MS = 15000;   // the new worker not active by then: load the page anyway
const HAND_OVER = `<!doctype html><meta charset="utf-8"><title>Majlis</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>html, body { margin: 0; height: 100%; background: #0d2b26; }</style>
<script>
(function () {
    var until = Date.now() + ${HAND_OVER_WAIT_MS};
    function again(registration) {
        if (!registration || !registration.waiting || Date.now() > until) return location.reload();
        setTimeout(function () { check(); }, 50);
    }
    function check() { navigator.serviceWorker.getRegistration().then(again, again); }
    navigator.serviceWorker.getRegistration().then(function (registration) {
        if (registration && registration.waiting)
            registration.waiting.postMessage({ type: "take-over" });
        again(registration);
    }, again);
})();
</script>`;

function kept(url) {
    const where = new URL(url, self.location.href);
    if (!/^https?:$/.test(where.protocol)) return false;
    if (where.origin === self.location.origin) return !/\/sw\.js$/.test(where.pathname);
    return KEEP_ORIGINS.some((prefix) => where.href.startsWith(prefix));
}

function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The reply to keep for ``url`` (a copy with its whole body), or null if it may not be kept;
// ``digest``: the SHA-256 the build wrote for this file (its exact bytes), if any.
async function keepable(url, response, digest) {
    if (!response || response.type === "opaque" || response.type === "opaqueredirect") return null;
    if (response.status !== 200 || response.headers.has("Content-Range")) return null;
    let body;
    try {
        body = await response.clone().arrayBuffer();   // a cut connection rejects here
    } catch (error) {
        return null;
    }
    const declared = response.headers.get("Content-Length");
    if (APK.test(new URL(url).pathname)) {
        if (declared === null || Number(declared) !== body.byteLength) return null;
        if (response.headers.has("Content-Encoding")) return null;
    } else if (declared !== null && body.byteLength < Number(declared)) {
        return null;                                   // shorter than it said: cut short
    }
    if (digest && hex(await crypto.subtle.digest("SHA-256", body)) !== digest) return null;
    return new Response(body, {
        status: 200, statusText: response.statusText, headers: response.headers,
    });
}

async function fetchAndKeep(cache, url, digest) {
    const absolute = new URL(url, self.location.href).href;
    if (digest) {   // an older build's copy with these very bytes (the hosted runtime, icons)
        const before = await keepable(absolute, await caches.match(absolute), digest);
        if (before) {
            await cache.put(absolute, before);
            return true;
        }
    }
    const same = new URL(absolute).origin === self.location.origin;
    const request = new Request(absolute, { cache: "no-cache", mode: same ? "same-origin" : "cors",
                                             credentials: "omit" });
    let response = null;
    try {
        response = await fetch(request);
    } catch (error) {
        return false;
    }
    const whole = await keepable(absolute, response, digest);
    if (!whole) return false;
    await cache.put(absolute, whole);
    return true;
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE);
        const urls = Object.keys(PRECACHE);
        const done = await Promise.all(urls.map((url) => fetchAndKeep(cache, url, PRECACHE[url])));
        const missing = urls.filter((url, i) => !done[i]);
        if (missing.length) {
            await caches.delete(CACHE);                // nothing of a half build stays
            throw new Error("majlis: not installed, could not keep " + missing.join(", "));
        }
        await carryRuntime(cache, urls);
    })());
});

// Copies into ``cache`` what the caches of the builds before hold beside their own files:
// the runtime the page loaded (pygbag's, by versioned names), never a file of this build.
async function carryRuntime(cache, ownUrls) {
    const own = new Set(ownUrls.map((url) => new URL(url, self.location.href).href));
    for (const name of await caches.keys()) {
        if (!name.startsWith("majlis-") || name === CACHE) continue;
        const before = await caches.open(name);
        for (const request of await before.keys()) {
            if (own.has(request.url) || !kept(request.url) || (await cache.match(request.url)))
                continue;
            const reply = await before.match(request);
            if (reply) await cache.put(request.url, reply);
        }
    }
}

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        await self.clients.claim();
        for (const name of await caches.keys())
            if (name.startsWith("majlis-") && name !== CACHE) await caches.delete(name);
    })());
});

self.addEventListener("message", (event) => {
    const data = event.data || {};
    const reply = (value) => event.ports[0] && event.ports[0].postMessage(value);
    if (data.type === "take-over") {
        event.waitUntil(self.skipWaiting());
    } else if (data.type === "version") {
        reply({ version: VERSION });
    } else if (data.type === "keep") {
        event.waitUntil((async () => {
            const cache = await caches.open(CACHE);
            const result = { version: VERSION, kept: [], refused: [] };
            for (const url of (data.urls || []).filter(kept)) {
                const had = await cache.match(url);
                const ok = had ? true : await fetchAndKeep(cache, url);
                result[ok ? "kept" : "refused"].push(url);
            }
            result.entries = (await cache.keys()).length;
            reply(result);
        })());
    }
});

// Whether this navigation goes to the waiting new build: yes, unless a hand-over was tried
// just now and the new worker did not take over (then this build serves, as before).
let handedOverAt = 0;
function handOver() {
    if (!self.registration.waiting) return false;
    if (Date.now() - handedOverAt < 2 * HAND_OVER_WAIT_MS) return false;
    handedOverAt = Date.now();
    return true;
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || !kept(request.url)) return;   // the table server: untouched
    if (request.mode === "navigate" && handOver()) {   // the next visit: a new build waits
        event.respondWith(new Response(HAND_OVER, {
            headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
        }));
        return;
    }
    event.respondWith((async () => {
        const cache = await caches.open(CACHE);
        const navigate = request.mode === "navigate";
        const hit = navigate
            ? await cache.match(new URL("./", self.location.href).href)
            : await cache.match(request.url);
        if (hit) return hit;
        const response = await fetch(request);       // offline: the network error, as without us
        if (!request.headers.has("Range") && !navigate) {   // kept while the page reads it
            const copy = response.clone();
            event.waitUntil(keepable(request.url, copy).then(
                (whole) => whole && cache.put(request.url, whole)));
        }
        return response;
    })());
});
