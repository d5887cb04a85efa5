// Majlis page, the site's part (issue 20): the runtime hosted beside the game, the service
// worker (offline after the first visit, a new build taken whole at the next visit, "updated"
// said once), persistent storage, and the "Add to home screen" offer. Loaded by one line of
// web/majlis.tmpl after part 1 (window.majlis) and present.js, before pygbag's loader. What
// and why: docs/WEB.md, "The site: installable, offline, its own runtime".
"use strict";

(function () {
    // Written by tools/site_web.py: this build's version, and where the runtime's package
    // index is when the runtime is hosted beside the game (null: pygbag's CDN).
    var SITE = /*@SITE@*/{ "version": "unbuilt", "runtime": null }/*@END@*/;
    var KEEP_EVERY_MS = 3000;     // how often the page tells the worker what it loaded
    var OFFER_EVERY_MS = 500;     // how often the install offer checks the scene
    // The page's words, [Arabic, English]: game/i18n/ar.po's "page.*", written in by the build.
    var TEXT = /*@TEXT@*/{}/*@END@*/;
    var page = window.majlis || {};
    var store = safeStorage();
    var site = page.site = {
        version: SITE.version, visits: 0, updated: false, saidUpdated: false, persisted: null,
        offer: "none", loaded: false, shown: false,
        offline: { worker: "none", kept: 0, refused: [], entries: 0, pending: 0, ready: false }
    };

    function safeStorage() {
        try { localStorage.setItem("majlis.probe", "1"); return localStorage; }
        catch (e) { return { getItem: function () { return null; }, setItem: function () {} }; }
    }

    // ----- the runtime from this site: pygbag's package index fetched from home -------------
    // pygbag's Python asks its package index at https://pygame-web.github.io/cdn/ (aio/
    // pep0723.py); the wheels are then fetched from the index's own "-CDN-", which the build's
    // copy of the index sets to this site's runtime folder.
    if (SITE.runtime && window.fetch) {
        var fetchBefore = window.fetch;
        window.fetch = function (input, init) {
            if (typeof input === "string") {
                for (var from in SITE.runtime) {
                    if (input.indexOf(from) === 0) {
                        input = SITE.runtime[from] + input.slice(from.length);
                        break;
                    }
                }
            }
            return fetchBefore.call(window, input, init);
        };
    }

    // ----- visits and "updated" ----------------------------------------------------------------
    site.visits = (parseInt(store.getItem("majlis.visits"), 10) || 0) + 1;
    store.setItem("majlis.visits", String(site.visits));
    var before = store.getItem("majlis.build");
    if (SITE.version !== "unbuilt") {
        site.updated = before !== null && before !== SITE.version;
        store.setItem("majlis.build", SITE.version);
    }

    function bar(id, bottom) {
        var el = document.createElement("div");
        el.id = id;
        el.setAttribute("dir", "rtl");
        el.style.cssText = "position:fixed;left:50%;transform:translateX(-50%);z-index:20;"
            + "bottom:calc(" + bottom + "px + env(safe-area-inset-bottom));max-width:92vw;"
            + "background:#f3ead8;color:#0d2b26;border-radius:10px;padding:10px 14px;"
            + "font:15px sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.4);display:flex;"
            + "gap:12px;align-items:center";
        document.body.appendChild(el);
        return el;
    }
    function twoLines(el, key) {
        var box = document.createElement("div");
        box.innerHTML = "<b></b><div dir='ltr' style='font-size:13px;opacity:.7'></div>";
        box.firstChild.textContent = TEXT[key][0];
        box.lastChild.textContent = TEXT[key][1];
        el.appendChild(box);
    }
    function sayUpdated() {
        site.saidUpdated = true;
        var el = bar("majlis_updated", 18);
        twoLines(el, "updated");
        setTimeout(function () { el.remove(); }, 5000);
    }

    // ----- the service worker --------------------------------------------------------------------
    function ask(worker, message) {
        return new Promise(function (resolve) {
            var channel = new MessageChannel();
            channel.port1.onmessage = function (event) { resolve(event.data); };
            worker.postMessage(message, [channel.port2]);
        });
    }
    var sent = {}, asking = 0;
    function loadedUrls() {           // everything the page fetched so far, not yet told
        var urls = [location.href.split("#")[0]];
        performance.getEntriesByType("resource").forEach(function (entry) {
            if (/^https?:/.test(entry.name)) urls.push(entry.name.split("#")[0]);
        });
        return urls.filter(function (url) { return !sent[url]; });
    }
    function keep(registration) {
        var worker = registration.active;
        if (!worker || !page.started) return;
        var urls = loadedUrls();
        site.offline.pending = urls.length;
        if (!urls.length) {
            site.offline.ready = !!navigator.serviceWorker.controller && site.offline.kept > 0
                                 && !asking;
            return;
        }
        urls.forEach(function (url) { sent[url] = true; });
        asking += 1;
        ask(worker, { type: "keep", urls: urls }).then(function (answer) {
            asking -= 1;
            site.offline.kept += answer.kept.length;
            site.offline.refused = site.offline.refused.concat(answer.refused);
            site.offline.entries = answer.entries;
        });
    }
    function startWorker() {
        if (!("serviceWorker" in navigator) || SITE.version === "unbuilt") return;
        if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(2000);
        // A new build is taken at a visit's navigation (sw.js, HAND_OVER), never by this page.
        // Another tab may still make it take over while this page loads: a page still loading
        // its build (before it asks for the first tap: the apk and runtime are in by then)
        // would load the rest from the new build, so it loads again, whole. A worker of this
        // same build (the first one's claim) changes nothing.
        navigator.serviceWorker.addEventListener("controllerchange", function () {
            var now = navigator.serviceWorker.controller;
            if (!now || site.loaded) return;
            ask(now, { type: "version" }).then(function (answer) {
                if (answer.version !== SITE.version && !site.loaded) {
                    site.offline.worker = "another build";
                    location.reload();
                }
            });
        });
        navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(function (reg) {
            site.offline.worker = reg.active ? "active" : "installing";
            var watch = function (fresh) {
                if (!fresh || fresh.watched) return;
                fresh.watched = true;
                fresh.addEventListener("statechange", function () {
                    if (fresh.state === "installed" && reg.active) site.offline.worker = "waiting";
                    if (fresh.state === "activated") site.offline.worker = "active";
                    if (fresh.state === "redundant" && !reg.active) site.offline.worker = "failed";
                });
            };
            watch(reg.installing);
            reg.addEventListener("updatefound", function () { watch(reg.installing); });
            setInterval(function () { keep(reg); }, KEEP_EVERY_MS);
        }, function (error) {
            site.offline.worker = "failed";
            console.warn("majlis: no service worker:", error);
        });
    }

    // ----- storage that Safari keeps past seven days ------------------------------------------
    function persist() {
        if (!navigator.storage || !navigator.storage.persist) return;
        navigator.storage.persist().then(function (granted) { site.persisted = granted; },
                                         function () { site.persisted = false; });
    }

    // ----- "Add to home screen": not on the first visit, only on the home screen -------------
    // The game says which scene it shows (game/client/webpage.py sets majlis.scene).
    var offer = null, offerBar = null;
    addEventListener("beforeinstallprompt", function (event) {
        event.preventDefault();             // no browser banner: our offer, at our moment
        offer = event;
        site.offer = "possible";
    });
    addEventListener("appinstalled", function () {
        store.setItem("majlis.install", "installed");
        hideOffer();
    });
    function offerWanted() {
        return offer && site.visits >= 2 && page.scene === "menu"
            && !store.getItem("majlis.install")
            && !(window.matchMedia && matchMedia("(display-mode: standalone)").matches);
    }
    function hideOffer() {
        if (offerBar) { offerBar.remove(); offerBar = null; site.offer = offer ? "possible" : "none"; }
    }
    function showOffer() {
        offerBar = bar("majlis_install", 18);
        twoLines(offerBar, "install");
        var add = document.createElement("button"), no = document.createElement("button");
        add.textContent = TEXT.add[0] + " · " + TEXT.add[1];
        no.textContent = "✕";
        no.setAttribute("aria-label", TEXT.no[0] + " · " + TEXT.no[1]);
        [add, no].forEach(function (b) {
            b.style.cssText = "border:0;border-radius:8px;padding:8px 14px;font-size:15px;"
                + "background:" + (b === add ? "#d6b25e" : "transparent") + ";color:#0d2b26";
            offerBar.appendChild(b);
        });
        add.onclick = function () {
            var shown = offer;
            offer = null;
            hideOffer();
            shown.prompt();
            shown.userChoice.then(function (choice) {
                store.setItem("majlis.install", choice.outcome);   // "accepted" / "dismissed"
            });
        };
        no.onclick = function () { store.setItem("majlis.install", "dismissed"); hideOffer(); };
        site.offer = "shown";
    }
    setInterval(function () {
        if (offerWanted() && !offerBar) showOffer();
        else if (offerBar && !offerWanted()) hideOffer();
    }, OFFER_EVERY_MS);

    // ----- once the build is loaded (the first tap asked) and the game shows ------------------
    var say = page.say;
    page.say = function (key) {
        if (key === "tap") site.loaded = true;
        return say ? say.apply(page, arguments) : undefined;
    };
    var ready = page.ready;
    page.ready = function () {
        site.loaded = true;
        var result = ready ? ready.apply(page, arguments) : undefined;
        site.shown = true;
        if (site.updated) sayUpdated();
        persist();
        return result;
    };
    startWorker();
})();
