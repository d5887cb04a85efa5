// Majlis page, the presenter: a drawn frame to the screen, only where it changed
// (game/ui/presenter.py). Loaded by one line of web/majlis.tmpl after part 1 (window.majlis,
// whose fit() it uses) and before site.js. What and why: docs/WEB.md, "Drawing for the
// browser's cost model".
//
// majlis.present(addr, pitch, spec) shows the rects "x,y,w,h;…" of the frame at wasm address
// `addr` (rows `pitch` bytes apart, 32-bit pixels in RGBA byte order, the alpha byte left 0 by
// SDL). 0: not now, Python flips instead (SDL has not made the canvas's context yet, the canvas
// is another size, or the way of showing changed: a flip then shows the whole frame and the
// next present starts from it).
// Two ways, the first that works:
// * "webgl": the rects are uploaded straight from the WebAssembly memory into a texture
//   (texSubImage2D, rows of the frame's pitch) and a WebGL2 canvas without alpha over SDL's
//   #canvas (which keeps the input: taps go through) draws it, the shader ignoring the alpha
//   byte: no copy in JavaScript. One such canvas a frame size, the last two kept (a phone
//   turned shows the other one: resizing a WebGL canvas costs 6-18 ms at CPU throttling 4,
//   more than the whole upload); majlis.prepare(W, H) makes one ahead.
// * "copied": into an ImageData of the canvas's size, each alpha byte set to 0xff, then
//   putImageData of each rect on SDL's 2D context (the images of the last two canvas sizes are
//   kept: a phone turned back finds its 3.7 MB buffer made). A 2D canvas without alpha does
//   not ignore a 0 alpha byte in putImageData (Chromium shows a hole): hence the copy.
"use strict";

(function (page) {
    // What is kept of the last two frame sizes ("1280x720", "720x1280": a phone turned back
    // finds its own); `drop(value)` lets go of what a third size pushes out.
    function LastTwo(drop) {
        var kept = {}, order = [];
        return {
            get: function (size) { return kept[size]; },
            put: function (size, value) {
                kept[size] = value;
                order.push(size);
                if (order.length > 2) {
                    var old = order.shift(), gone = kept[old];
                    delete kept[old];
                    if (drop) drop(gone);
                }
                return value;
            },
            sizes: function () { return order.join(" "); }
        };
    }

    // ----- "webgl" -------------------------------------------------------------------------
    var gl = { state: "untried", showing: null };
    gl.screens = LastTwo(function (gone) {
        if (gl.showing === gone) gl.showing = null;
        var lose = gone.c.getExtension("WEBGL_lose_context");
        gone.canvas.remove();
        if (lose) lose.loseContext();      // (its GPU memory back now, not at collection)
    });
    var VERTEX = "#version 300 es\nvoid main() { vec2 p = vec2(float(gl_VertexID & 1),"
        + " float(gl_VertexID >> 1)) * 4.0 - 1.0; gl_Position = vec4(p, 0.0, 1.0); }";
    var FRAGMENT = "#version 300 es\nprecision mediump float; uniform highp sampler2D frame;"
        + " uniform int rows; out vec4 color; void main() { ivec2 p = ivec2(gl_FragCoord.xy);"
        + " color = vec4(texelFetch(frame, ivec2(p.x, rows - 1 - p.y), 0).rgb, 1.0); }";
    function glScreen(W, H) {          // a canvas of this size over SDL's, its texture, drawn
        var canvas = document.createElement("canvas");
        canvas.className = "shown";
        canvas.width = W;
        canvas.height = H;
        var c = canvas.getContext("webgl2", { alpha: false, antialias: false, depth: false,
            stencil: false, premultipliedAlpha: false, preserveDrawingBuffer: false });
        if (!c) return null;
        var program = c.createProgram();
        [[c.VERTEX_SHADER, VERTEX], [c.FRAGMENT_SHADER, FRAGMENT]].forEach(function (part) {
            var shader = c.createShader(part[0]);
            c.shaderSource(shader, part[1]);
            c.compileShader(shader);
            c.attachShader(program, shader);
        });
        c.linkProgram(program);
        if (!c.getProgramParameter(program, c.LINK_STATUS)) return null;
        c.useProgram(program);
        c.bindVertexArray(c.createVertexArray());
        c.uniform1i(c.getUniformLocation(program, "frame"), 0);
        c.uniform1i(c.getUniformLocation(program, "rows"), H);
        c.bindTexture(c.TEXTURE_2D, c.createTexture());
        c.texStorage2D(c.TEXTURE_2D, 1, c.RGBA8, W, H);
        c.texParameteri(c.TEXTURE_2D, c.TEXTURE_MIN_FILTER, c.NEAREST);
        c.texParameteri(c.TEXTURE_2D, c.TEXTURE_MAG_FILTER, c.NEAREST);
        c.pixelStorei(c.UNPACK_ALIGNMENT, 4);
        c.viewport(0, 0, W, H);
        c.drawArrays(c.TRIANGLES, 0, 3);          // (its drawing buffer made now, hidden)
        canvas.addEventListener("webglcontextlost", function (event) {
            event.preventDefault();
            glStop("the WebGL context was lost");
        });
        var sdl = document.getElementById("canvas");
        sdl.parentNode.insertBefore(canvas, sdl.nextSibling);
        page.fit();
        return { canvas: canvas, c: c, fresh: true };
    }
    function glScreenOf(W, H) {         // the kept one of this size, else a new one
        var size = W + "x" + H, screen = gl.screens.get(size);
        if (screen) return screen;
        screen = glScreen(W, H);
        if (!screen) throw new Error("no WebGL2 canvas");
        return gl.screens.put(size, screen);
    }
    function glShow(screen) {
        if (gl.showing === screen) return;
        screen.canvas.style.visibility = "visible";
        if (gl.showing) gl.showing.canvas.style.visibility = "hidden";
        gl.showing = screen;
    }
    function glHide() {
        if (gl.showing) gl.showing.canvas.style.visibility = "hidden";
        gl.showing = null;
    }
    function glStop(why) {
        if (gl.state === "off") return;
        console.warn("majlis: frames through SDL's canvas from now on:", why);
        gl.state = "off";
        glHide();
    }
    function glPresent(M, addr, pitch, W, H, rects) {
        var screen = glScreenOf(W, H), c = screen.c;
        var whole = rects.length === 1 && rects[0][2] === W && rects[0][3] === H;
        if (screen.fresh && !whole) return false;      // its texture is empty: the whole first
        screen.fresh = false;
        c.pixelStorei(c.UNPACK_ROW_LENGTH, pitch >> 2);
        var heap = M.HEAPU8;                          // (a new view whenever memory grows)
        for (var k = 0; k < rects.length; k++) {
            var r = rects[k];
            c.texSubImage2D(c.TEXTURE_2D, 0, r[0], r[1], r[2], r[3], c.RGBA, c.UNSIGNED_BYTE,
                            heap, addr + r[1] * pitch + r[0] * 4);
        }
        c.drawArrays(c.TRIANGLES, 0, 3);
        glShow(screen);
        return true;
    }
    page.screens = function () { return gl.screens.sizes(); };  // (the kept canvas sizes)
    page.prepare = function (W, H) {              // the canvas of a frame size, made ahead
        if (gl.state !== "on") return 0;
        try { glScreenOf(W, H); } catch (error) { glStop(String(error)); return 0; }
        return 1;
    };

    // ----- "copied" ------------------------------------------------------------------------
    var images = LastTwo(null), shown = { image: null, pixels: null };
    function copiedImage(W, H) {
        if (!shown.image || shown.image.width !== W || shown.image.height !== H) {
            var size = W + "x" + H;
            shown = images.get(size) || images.put(size, withPixels(new ImageData(W, H)));
        }
        return shown;
    }
    function withPixels(image) { return { image: image, pixels: new Int32Array(image.data.buffer) }; }
    function copiedPresent(M, ctx, addr, pitch, W, H, rects) {
        // (Int32 views both sides: an opaque pixel stays a small integer for the JIT)
        var heap = M.HEAP32, out = copiedImage(W, H).pixels, stride = pitch >> 2, base = addr >> 2;
        for (var k = 0; k < rects.length; k++) {
            var x = rects[k][0], y = rects[k][1], w = rects[k][2], h = rects[k][3];
            for (var row = y; row < y + h; row++) {
                var src = base + row * stride + x, dst = row * W + x, end = dst + w;
                while (dst < end) out[dst++] = heap[src++] | -16777216;   // alpha 0xff
            }
            ctx.putImageData(shown.image, 0, 0, x, y, w, h);
        }
        return true;
    }

    // ----- either way ----------------------------------------------------------------------
    function parseRects(spec, W, H) {
        var rects = String(spec).split(";").map(function (text) {
            return text.split(",").map(function (v) { return v | 0; });
        });
        for (var k = 0; k < rects.length; k++) {
            var r = rects[k];
            if (r[2] <= 0 || r[3] <= 0 || r[0] < 0 || r[1] < 0 || r[0] + r[2] > W || r[1] + r[3] > H)
                return null;
        }
        return rects;
    }
    function declined() {                         // Python flips: SDL's canvas shows it
        glHide();
        return 0;
    }
    page.presentMode = "";                        // "webgl" or "copied": the last present's way
    page.present = function (addr, pitch, spec) {
        var M = window.Module, sdl = M && M.SDL2, ctx = sdl && sdl.ctx;
        var canvas = M && M.canvas;
        if (!ctx || sdl.ctxCanvas !== canvas || !M.HEAP32) return declined();
        var W = canvas.width, H = canvas.height, rects = parseRects(spec, W, H);
        if (!rects || pitch % 4) return declined();
        if (gl.state === "untried") gl.state = window.WebGL2RenderingContext ? "on" : "off";
        if (gl.state === "on") {
            try {
                if (!glPresent(M, addr, pitch, W, H, rects)) return declined();
                page.presentMode = "webgl";
                return 1;
            } catch (error) {
                glStop(String(error));
                return declined();
            }
        }
        copiedPresent(M, ctx, addr, pitch, W, H, rects);
        page.presentMode = "copied";
        return 1;
    };
    page.shownPixels = function () {              // what the screen shows, RGBA rows top down
        var screen = gl.showing;
        if (!screen) {
            var canvas = document.getElementById("canvas");
            var ctx = canvas.getContext("2d");
            return new Int32Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
        }
        var c = screen.c, W = screen.canvas.width, H = screen.canvas.height;
        var rows = new Uint8Array(W * H * 4), out = new Uint8Array(W * H * 4);
        c.drawArrays(c.TRIANGLES, 0, 3);         // (the drawing buffer is not kept)
        c.readPixels(0, 0, W, H, c.RGBA, c.UNSIGNED_BYTE, rows);
        for (var y = 0; y < H; y++) out.set(rows.subarray((H - 1 - y) * W * 4, (H - y) * W * 4), y * W * 4);
        return new Int32Array(out.buffer);
    };
    page.picture = function () {                  // what the screen shows of the game, as PNG
        var screen = gl.showing;
        if (screen) {
            screen.c.drawArrays(screen.c.TRIANGLES, 0, 3);   // (the drawing buffer is not kept)
            return screen.canvas.toDataURL("image/png");
        }
        return document.getElementById("canvas").toDataURL("image/png");
    };
})(window.majlis);
