// Re-derives every expected wire string in query.json and path.json with real JavaScript
// (encodeURIComponent, String(number), the default sort), independently of generate.py.
// Run: node Specs/vectors/check_with_node.mjs   — prints the mismatches and exits 1 if any.
import { readFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const load = (name) => JSON.parse(readFileSync(new URL(name, here), "utf8"));

// Foundation's convertToSnakeCase for the ASCII keys the vectors use.
const snake = (key) =>
  key.replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

// What the web SDK does with a query object.
const isScalar = (v) => v !== null && typeof v !== "object";
const queryWire = (input) => {
  const object = Object.fromEntries(Object.entries(input).map(([k, v]) => [snake(k), v]));
  return Object.keys(object)
    .sort()
    .flatMap((key) => {
      const value = object[key];
      const elements = Array.isArray(value) ? value : [value];
      return elements.filter(isScalar).map((e) => `${encodeURIComponent(key)}=${encodeURIComponent(String(e))}`);
    })
    .join("&");
};

const pathWire = ({ base, segments, query }) => {
  const parts = segments.flatMap((s) => {
    if ("literal" in s) {
      const trimmed = s.literal.replace(/^\/+|\/+$/g, "");
      return trimmed ? [trimmed] : [];
    }
    // The one deliberate deviation (see generate.py): bare dot segments are encoded.
    if (s.param === "." || s.param === "..") return [s.param.replaceAll(".", "%2E")];
    return [encodeURIComponent(s.param)];
  });
  let text = base.replace(/\/+$/, "");
  if (parts.length) text += "/" + parts.join("/");
  if (query) text += "?" + query;
  return text;
};

let failures = 0;
for (const v of load("query.json")) {
  const wire = queryWire(v.input);
  if (wire !== v.wire) { failures++; console.log(`query "${v.name}":\n  file: ${v.wire}\n  node: ${wire}`); }
}
for (const v of load("path.json")) {
  const wire = pathWire(v);
  if (wire !== v.wire) { failures++; console.log(`path "${v.name}":\n  file: ${v.wire}\n  node: ${wire}`); }
}
console.log(failures ? `${failures} mismatches` : "all vectors agree with JavaScript");
process.exit(failures ? 1 : 0);
