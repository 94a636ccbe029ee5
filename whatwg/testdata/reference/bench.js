// bench.js: the Node columns of the README's WHATWG performance table (issue 10, "Fast" item 6).
// For each file of testdata/bench, as it is ("plain") and with its scheme in upper case
// ("upper", as upperScheme in whatwg/perftable_test.go), it times two calls of Node's built-in
// URL (ada inside; no npm package needed) over every line:
//   - new URL(line).href: the parse and the URL object that JavaScript gets;
//   - URL.canParse(line): ada's parse alone, with no URL object made (Node 19.9 and later);
// in process CPU time (process.cpuUsage: user + system), in interleaved rounds (every set once
// per round, the order rotating), after one warm-up round, and prints the median ns per URL of
// each set and call.
//
// With --messy it also times the messy sets of issue 10's item 1, with and without IDN hosts
// ("messy", "messy-noidn"): the Go generator (messify, whatwg/messy_test.go) writes them, by
// `go test -run '^TestWriteTableSets$' ./whatwg` with LOCATOR_TABLE_DIR set, into a temporary
// directory that is removed afterwards, so that Node parses the very lines BenchmarkTable does.
//
//   node whatwg/testdata/reference/bench.js [--messy] [rounds]     (default 7 rounds)
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");

const root = path.join(__dirname, "..", "..", "..");
const dir = path.join(root, "testdata", "bench");
const files = ["kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"];
const args = process.argv.slice(2);
const messy = args.includes("--messy");
const rounds = Number(args.filter((a) => a !== "--messy")[0] || 7);

// upperScheme: the scheme (ASCII letter, then letters, digits, "+", "-", ".", up to the first
// ":") in upper case; lines without one unchanged. The same as the Go benchmark's.
function upperScheme(s) {
  const m = /^[A-Za-z][A-Za-z0-9+\-.]*:/.exec(s);
  return m ? m[0].toUpperCase() + s.slice(m[0].length) : s;
}

// readLines reads a file as bytes, then as UTF-8, and splits it as the Go benchmark does
// (strings.Split on "\n", after the last "\n" is dropped).
function readLines(name) {
  let text = Buffer.from(fs.readFileSync(name, "latin1"), "latin1").toString("utf8");
  if (text.endsWith("\n")) text = text.slice(0, -1);
  return text.split("\n");
}

const sets = [];
let tmp = "";
if (messy) {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "locator-table-"));
  execFileSync("go", ["test", "-count=1", "-run", "^TestWriteTableSets$", "./whatwg"], {
    cwd: root,
    env: { ...process.env, LOCATOR_TABLE_DIR: tmp },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
for (const f of files) {
  const lines = readLines(path.join(dir, f));
  sets.push({ name: f + "/plain", lines });
  sets.push({ name: f + "/upper", lines: lines.map(upperScheme) });
  if (messy) {
    for (const v of ["messy", "messy-noidn"]) {
      sets.push({ name: f + "/" + v, lines: readLines(path.join(tmp, f + "." + v)) });
    }
  }
}
if (tmp) fs.rmSync(tmp, { recursive: true });

let sink = 0;
const calls = {
  href(l) {
    return new URL(l).href.length;
  },
  canParse(l) {
    return URL.canParse(l) ? 1 : 0;
  },
};
const runs = [];
for (const s of sets) for (const c of Object.keys(calls)) runs.push({ set: s, call: c, times: [] });

function once(r) {
  const f = calls[r.call];
  const c0 = process.cpuUsage();
  for (const l of r.set.lines) {
    try {
      sink += f(l);
    } catch (e) {
      // an invalid URL (kasztp.txt has 2, userbait.txt 24): counted like the others
    }
  }
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / r.set.lines.length;
}

for (const r of runs) once(r); // warm-up: the JIT compiles the loops
for (let k = 0; k < rounds; k++) {
  for (let j = 0; j < runs.length; j++) {
    const r = runs[(k + j) % runs.length];
    r.times.push(once(r));
  }
}

function median(a) {
  const b = [...a].sort((x, y) => x - y);
  const m = b.length >> 1;
  return b.length % 2 ? b[m] : (b[m - 1] + b[m]) / 2;
}

console.log(`node ${process.version} (ada ${process.versions.ada}), ${rounds} rounds, process CPU time, median ns per URL`);
console.log(`${"set".padEnd(28)} ${"new URL".padStart(8)} ${"canParse".padStart(9)}`);
for (let i = 0; i < runs.length; i += 2) {
  const [h, c] = [runs[i], runs[i + 1]];
  console.log(
    `${h.set.name.padEnd(28)} ${median(h.times).toFixed(1).padStart(8)} ${median(c.times).toFixed(1).padStart(9)}` +
      `  (${h.set.lines.length} URLs)`,
  );
}
if (sink === 0) console.log("no URL parsed");
