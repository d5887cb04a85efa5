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
//   new build is a new worker (its VERSION differs), installed beside this one and taken at
//   the next visit (site.js asks the waiting worker to take over before the game loads).
"use strict";

const VERSION = "@VERSION@";
const PRECACHE = "@PRECACHE@";           // {URL relative to this file: SHA-256 or null}
const KEEP_ORIGINS = "@KEEP_ORIGINS@";   // other origins whose (CORS) replies may be kept
const CACHE = "majlis-" + VERSION;
const APK = /\.apk$/;

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
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys())
            if (name.startsWith("majlis-") && name !== CACHE) await caches.delete(name);
        await self.clients.claim();
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

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || !kept(request.url)) return;   // the table server: untouched
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
