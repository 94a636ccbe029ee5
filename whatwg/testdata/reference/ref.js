// ref.js: the WHATWG URL reference implementation (npm whatwg-url, pinned in package.json and
// package-lock.json) behind a line protocol, for locator's differential test
// (whatwg/reference_test.go). One JSON object per line on standard input:
//   {"input": "...", "base": "..." (optional), "setter": "host" (optional), "value": "..."}
// and one JSON object per line on standard output, in order:
//   {"ok": false} when the URL (or the base) fails to parse, else
//   {"ok": true, "href": ..., "protocol": ..., ..., "hash": ..., "origin": ...,
//    "searchParams": ...}
// With "setter", the URL is parsed first and then the attribute is set to "value"; the
// getters are read afterwards (a setter that rejects its value leaves the URL as it was; the
// href setter's TypeError is caught). Two more "setters" run URLSearchParams methods:
// "searchParams" on the URL's query object, "URLSearchParams" on new URLSearchParams(input)
// (no URL: the getters are ""). Their "value" is a script: operations separated by U+001E, each
// a method name and its arguments separated by U+001F ("append", "delete", "set", "get",
// "getAll", "has", "sort", "size", and on the URL "search" and "href", which set that
// attribute while the query object is held). The answer's "results" lists what get, getAll,
// has and size returned, in order. With "validate": true (and no setter), the answer also has
// "errors": the names of the validation errors, in order, that parseURLWithValidationErrors
// reports for the input against the base (hosthunt_test.go compares them with ParseValidate's).
"use strict";
const { URL, URLSearchParams, parseURL, parseURLWithValidationErrors } = require("whatwg-url");
const readline = require("readline");

const getters = ["href", "protocol", "username", "password", "host", "hostname", "port",
  "pathname", "search", "hash", "origin"];

// runParams runs the script of a "searchParams" or "URLSearchParams" case on sp (of u, or
// null) and returns what its queries returned.
function runParams(sp, u, script) {
  const results = [];
  for (const op of script.split("\x1e")) {
    const [name, ...args] = op.split("\x1f");
    switch (name) {
      case "append": sp.append(args[0], args[1]); break;
      case "delete": sp.delete(...args); break;
      case "set": sp.set(args[0], args[1]); break;
      case "get": results.push(sp.get(args[0])); break;
      case "getAll": results.push(sp.getAll(args[0])); break;
      case "has": results.push(sp.has(...args)); break;
      case "sort": sp.sort(); break;
      case "size": results.push(sp.size); break;
      case "search": u.search = args[0]; break;
      case "href": try { u.href = args[0]; } catch (e) { /* the URL is unchanged */ } break;
      default: throw new Error("unknown operation " + JSON.stringify(name));
    }
  }
  return results;
}

// validationErrors returns the names of the validation errors of parsing req.input against
// req.base (parsed first, its own errors not counted).
function validationErrors(req) {
  const base = req.base === undefined ? null : parseURL(req.base);
  return parseURLWithValidationErrors(req.input, { baseURL: base }).validationErrors;
}

function run(req) {
  if (req.setter === "URLSearchParams") {
    const sp = new URLSearchParams(req.input);
    const results = runParams(sp, null, req.value);
    const out = { ok: true };
    for (const g of getters) {
      out[g] = "";
    }
    out.searchParams = sp.toString();
    out.results = results;
    return out;
  }
  let u;
  try {
    u = req.base === undefined ? new URL(req.input) : new URL(req.input, req.base);
  } catch (e) {
    return req.validate ? { ok: false, errors: validationErrors(req) } : { ok: false };
  }
  let results;
  if (req.setter === "searchParams") {
    results = runParams(u.searchParams, u, req.value);
  } else if (req.setter) {
    try {
      u[req.setter] = req.value;
    } catch (e) {
      // The href setter throws a TypeError on failure and leaves the URL as it was.
    }
  }
  const out = { ok: true };
  for (const g of getters) {
    out[g] = u[g];
  }
  out.searchParams = u.searchParams.toString();
  if (results) {
    out.results = results;
  }
  if (req.validate) {
    out.errors = validationErrors(req);
  }
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
