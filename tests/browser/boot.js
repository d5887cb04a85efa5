// The harness's loader: takes the place of pygbag's pythons.js (and the Python block of
// web/majlis.tmpl) in the built page, so that the built apk runs in a real browser under
// pyodide 0.27.7 (CPython 3.12.7 as WebAssembly) with pygbag's own pygame-ce wasm wheel.
// Everything else on the page (the canvas, window.majlis, its first-tap unlock, fit, messages)
// is the built build/web/index.html itself. Every difference from pygbag's page is listed in
// docs/WEB.md ("The real-browser harness").
//
// window.harness, for the driver (tests/browser/browser_driver.py):
//   phase            "loading" | "tap" | "running" | "failed"
//   times            {pyodide, wheels, apk, pygame, ready, main} ms since navigation start
//   stdout, stderr   every line Python printed (a traceback is in stderr)
//   frames           turns of the main loop so far (one an animation frame while it runs)
//   py(expr)         JSON of a Python expression evaluated in the page (tests/browser/probe.py)
//   audio            {contexts, states, processed, loud}: what the page's AudioContexts did
//   dom              counts of the DOM input events the page received, by type
import { loadPyodide } from "/pyodide/pyodide.mjs";

const harness = (window.harness = {
    phase: "loading", times: {}, stdout: [], stderr: [], frames: 0, error: null,
    audio: { contexts: 0, states: [], processed: 0, loud: 0, peak: 0 },
});
const mark = (name) => { harness.times[name] = Math.round(performance.now()); };
// The game's first frame reaches the canvas through the page's present (game/ui/presenter.py)
// or, where that cannot, a flip (boot.py): whichever comes first is the first draw (bench).
harness.firstDraw = () => { if (!harness.times.first_draw) mark("first_draw"); };
if (window.majlis && window.majlis.present) {
    const present = window.majlis.present;
    window.majlis.present = function (...args) {
        const began = performance.now();
        const done = present.apply(this, args);
        harness.presentMs = performance.now() - began;   // the page's part of the last present
        if (done && harness.phase === "running") harness.firstDraw();
        return done;
    };
}
// The DOM input events the page received (the driver compares them with what the game saw).
harness.dom = {};
["touchstart", "touchend", "mousedown", "mouseup", "click", "pointerdown", "pointerup"].forEach(
    (type) => addEventListener(type, () => { harness.dom[type] = (harness.dom[type] || 0) + 1; }, true));

// ----- pygbag's main loop: Emscripten's, one turn an animation frame until paused ------------
// Each turn steps asyncio once (boot.py's harness_step, pygbag's aio.step()). pauseMainLoop
// stops the turns, resumeMainLoop starts them again at the next frame, as Emscripten's do
// (pygbag's page has them on window.Module; here they are put on pyodide's module).
const mainLoop = { paused: false, scheduled: false, step: null };
function mainLoopTurn() {
    mainLoop.scheduled = false;
    if (mainLoop.paused) return;
    harness.frames += 1;
    if (mainLoop.step) mainLoop.step(performance.now());
    scheduleTurn();
}
function scheduleTurn() {
    if (mainLoop.scheduled || mainLoop.paused) return;
    mainLoop.scheduled = true;
    requestAnimationFrame(mainLoopTurn);
}
harness.mainLoop = mainLoop;
scheduleTurn();

// ----- sound: count what SDL's audio callback writes (a non-silent buffer = a sound plays) ---
// SDL2's Emscripten audio feeds a ScriptProcessorNode; wrapping its onaudioprocess setter lets
// the tests see the context's state and whether the buffers it rendered were silent.
(function watchAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const make = Context.prototype.createScriptProcessor;
    Context.prototype.createScriptProcessor = function (...args) {
        const node = make.apply(this, args), context = this;
        harness.audio.contexts += 1;
        harness.audio.context = context;
        let handler = null;
        Object.defineProperty(node, "onaudioprocess", {
            get: () => handler,
            set: (fn) => {
                handler = fn;
                node.addEventListener("audioprocess", (event) => {
                    if (!handler) return;
                    handler.call(node, event);
                    harness.audio.processed += 1;
                    let peak = 0;
                    const out = event.outputBuffer;
                    for (let c = 0; c < out.numberOfChannels; c++) {
                        const data = out.getChannelData(c);
                        for (let i = 0; i < data.length; i += 4) peak = Math.max(peak, Math.abs(data[i]));
                    }
                    if (peak > 0.001) harness.audio.loud += 1;
                    harness.audio.peak = Math.max(harness.audio.peak, peak);
                });
            },
        });
        context.addEventListener("statechange", () => harness.audio.states.push(context.state));
        harness.audio.states.push(context.state);
        return node;
    };
})();
harness.audioState = () => (harness.audio.context ? harness.audio.context.state : "none");

async function fetchBytes(url) {
    const reply = await fetch(url);
    if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
    return new Uint8Array(await reply.arrayBuffer());
}

async function boot() {
    const page = window.majlis;              // the built page's own object (web/majlis.tmpl)
    window.MM = window.MM || { UME: false }; // pygbag's media manager: only its unlock flag
    const pyodide = await loadPyodide({
        indexURL: "/pyodide/",
        stdout: (line) => { harness.stdout.push(line); console.log(line); },
        stderr: (line) => { harness.stderr.push(line); console.error(line); },
    });
    harness.pyodide = pyodide;
    mark("pyodide");
    window.Module = pyodide._module;         // pythons.js's vm: the page hooks setStatus/onAbort
    window.Module.pauseMainLoop = () => { mainLoop.paused = true; };
    window.Module.resumeMainLoop = () => { mainLoop.paused = false; scheduleTurn(); };
    if (window.custom_onload) window.custom_onload(false);
    page.start();                            // the interpreter runs (no failure message)
    pyodide.canvas.setCanvas2D(document.getElementById("canvas"));

    // The wheels pygbag's page would fetch (pygame-ce wasm, python-bidi) and six (main.py's
    // PEP 723 block names bidi and six), unpacked into site-packages as pip would lay them.
    const site = "/lib/python3.12/site-packages";
    const wheels = await (await fetch("/wheels/index.json")).json();
    for (const name of wheels) {
        pyodide.unpackArchive(await fetchBytes(`/wheels/${name}`), "wheel", { extractDir: site });
    }
    pyodide.FS.writeFile(`${site}/six.py`, await fetchBytes("/six.py"));
    pyodide.FS.mkdirTree("/harness");        // the driver's probe: outside the apk, on the path
    pyodide.FS.writeFile("/harness/probe.py", await fetchBytes("/harness/probe.py"));
    mark("wheels");
    // A browser compiles a large wasm module only asynchronously: load pygame's side module
    // (SDL2, SDL_ttf + HarfBuzz, SDL_image, SDL_mixer inside) before `import pygame`.
    await pyodide._api.loadDynlib(`${site}/pygame/base.cpython-312-wasm32-emscripten.so`, true);

    // The built apk, as pygbag mounts it: /data/data/majlis/assets/main.py and the rest.
    pyodide.FS.mkdirTree("/data/data/majlis");
    pyodide.unpackArchive(await fetchBytes("/majlis.apk"), "zip", { extractDir: "/data/data/majlis" });
    mark("apk");

    await pyodide.runPythonAsync(await (await fetch("/harness/boot.py")).text());
    mark("pygame");
    harness.py = (expr) => pyodide.globals.get("harness_probe")(expr);
    mainLoop.step = pyodide.globals.get("harness_step");
    const run = pyodide.globals.get("harness_run");
    if (!(window.MM.UME || page.tapped)) {   // as pygbag's page: main.py starts on the first tap
        harness.phase = "tap";
        page.say("tap");
        while (!(window.MM.UME || page.tapped)) await new Promise((r) => setTimeout(r, 16));
    }
    mark("ready");
    page.ready();
    harness.phase = "running";
    run();
    mark("main");
}

boot().catch((error) => {
    harness.phase = "failed";
    harness.error = String(error && error.stack ? error.stack : error);
    console.error("harness: boot failed:", harness.error);
    if (window.majlis) window.majlis.fail(String(error));
});
