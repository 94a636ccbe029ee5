// bench.js: the Node column of the README's WHATWG performance table (issue 10, "Fast" item 6).
// For each file of testdata/bench, as it is ("plain") and with its scheme in upper case
// ("upper", as upperScheme in whatwg/perftable_test.go), it times `new URL(line).href` with
// Node's built-in URL (no npm package needed) over every line, in process CPU time
// (process.cpuUsage: user + system), in interleaved rounds (every set once per round, the
// order rotating), after one warm-up round, and prints the median ns per URL of each set.
//
//   node whatwg/testdata/reference/bench.js [rounds]     (default 7 rounds)
"use strict";
const fs = require("fs");
const path = require("path");

const dir = path.join(__dirname, "..", "..", "..", "testdata", "bench");
const files = ["kasztp.txt", "node_files.txt", "userbait.txt", "isaacs_files.txt"];
const rounds = Number(process.argv[2] || 7);

// upperScheme: the scheme (ASCII letter, then letters, digits, "+", "-", ".", up to the first
// ":") in upper case; lines without one unchanged. The same as the Go benchmark's.
function upperScheme(s) {
  const m = /^[A-Za-z][A-Za-z0-9+\-.]*:/.exec(s);
  return m ? m[0].toUpperCase() + s.slice(m[0].length) : s;
}

const sets = [];
for (const f of files) {
  let text = fs.readFileSync(path.join(dir, f), "latin1");
  // Read as bytes, then as UTF-8, as the Go benchmark reads the file (strings.Split on "\n").
  text = Buffer.from(text, "latin1").toString("utf8");
  if (text.endsWith("\n")) text = text.slice(0, -1);
  const lines = text.split("\n");
  sets.push({ name: f + "/plain", lines, times: [] });
  sets.push({ name: f + "/upper", lines: lines.map(upperScheme), times: [] });
}

let sink = 0;
function once(lines) {
  const c0 = process.cpuUsage();
  for (const l of lines) {
    try {
      sink += new URL(l).href.length;
    } catch (e) {
      // an invalid URL (kasztp.txt has 2, userbait.txt 24): counted like the others
    }
  }
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / lines.length;
}

for (const s of sets) once(s.lines); // warm-up: the JIT compiles the loop
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < sets.length; k++) {
    const s = sets[(r + k) % sets.length];
    s.times.push(once(s.lines));
  }
}

function median(a) {
  const b = [...a].sort((x, y) => x - y);
  const m = b.length >> 1;
  return b.length % 2 ? b[m] : (b[m - 1] + b[m]) / 2;
}

console.log(`node ${process.version}, ${rounds} rounds, process CPU time, median ns per URL`);
for (const s of sets) {
  console.log(`${s.name.padEnd(24)} ${median(s.times).toFixed(1).padStart(8)}  (${s.lines.length} URLs; min ${Math.min(...s.times).toFixed(1)})`);
}
if (sink === 0) console.log("no URL parsed");
