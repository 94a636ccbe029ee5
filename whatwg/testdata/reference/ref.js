// ref.js: the WHATWG URL reference implementation (npm whatwg-url, pinned in package.json and
// package-lock.json) behind a line protocol, for locator's differential test
// (whatwg/reference_test.go). One JSON object per line on standard input:
//   {"input": "...", "base": "..." (optional), "setter": "host" (optional), "value": "..."}
// and one JSON object per line on standard output, in order:
//   {"ok": false} when the URL (or the base) fails to parse, else
//   {"ok": true, "href": ..., "protocol": ..., ..., "hash": ..., "origin": ...,
//    "searchParams": ...}
// With "setter", the URL is parsed first and then the attribute is set to "value"; the
// getters are read afterwards (a setter that rejects its value leaves the URL as it was).
"use strict";
const { URL } = require("whatwg-url");
const readline = require("readline");

const getters = ["href", "protocol", "username", "password", "host", "hostname", "port",
  "pathname", "search", "hash", "origin"];

function run(req) {
  let u;
  try {
    u = req.base === undefined ? new URL(req.input) : new URL(req.input, req.base);
  } catch (e) {
    return { ok: false };
  }
  if (req.setter) {
    u[req.setter] = req.value;
  }
  const out = { ok: true };
  for (const g of getters) {
    out[g] = u[g];
  }
  out.searchParams = u.searchParams.toString();
  return out;
}

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const chunks = [];
rl.on("line", (line) => {
  chunks.push(JSON.stringify(run(JSON.parse(line))));
  if (chunks.length >= 256) {
    process.stdout.write(chunks.join("\n") + "\n");
    chunks.length = 0;
  }
});
rl.on("close", () => {
  if (chunks.length) {
    process.stdout.write(chunks.join("\n") + "\n");
  }
});
