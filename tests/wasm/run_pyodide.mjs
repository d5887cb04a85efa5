// Runs a Python script of the checkout under real WebAssembly CPython (pyodide, CPython 3.12
// like pygbag's browser runtime) in Node, offline: pyodide ships its wasm and stdlib.
//
//   node tests/wasm/run_pyodide.mjs ROOT SCRIPT [ARGS...]
//
// Copies ROOT/game/**.py into pyodide's in-memory file system at /majlis/game, the script to
// /majlis/tests/wasm/, then runs it as __main__ with sys.argv = [SCRIPT, ...ARGS]. Its stdout
// goes to ours; a Python exception exits with status 1.
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [root, script, ...args] = process.argv.slice(2);
if (!root || !script) {
    console.error("usage: node run_pyodide.mjs ROOT SCRIPT [ARGS...]");
    process.exit(2);
}

function copyTree(py, source, target) {
    py.FS.mkdirTree(target);
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
        if (entry.name === "__pycache__") continue;
        const from = path.join(source, entry.name), to = `${target}/${entry.name}`;
        if (entry.isDirectory()) copyTree(py, from, to);
        else if (entry.name.endsWith(".py")) py.FS.writeFile(to, fs.readFileSync(from));
    }
}

const py = await loadPyodide();
py.setStdout({ batched: (line) => process.stdout.write(line + "\n") });
py.setStderr({ batched: (line) => process.stderr.write(line + "\n") });
copyTree(py, path.join(root, "game"), "/majlis/game");
const inside = `/majlis/tests/wasm/${path.basename(script)}`;
py.FS.mkdirTree("/majlis/tests/wasm");
py.FS.writeFile(inside, fs.readFileSync(script));
py.globals.set("SCRIPT", inside);
py.globals.set("ARGS", py.toPy(args));
try {
    await py.runPythonAsync(`
import runpy, sys
sys.argv = [SCRIPT, *ARGS]
sys.path.insert(0, "/majlis")
runpy.run_path(SCRIPT, run_name="__main__")
`);
} catch (error) {
    console.error(String(error));
    process.exit(1);
}
