// Small helpers shared by the pages (no framework, no build step).

/** el("button", {class: "x", onclick: f}, "text", child...) -> an element. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** fetch JSON; throws Error(message from the server's {"error": ...}). */
export async function api(path, options = {}) {
  const init = { ...options, headers: { "Content-Type": "application/json" } };
  if (init.body && typeof init.body !== "string") init.body = JSON.stringify(init.body);
  const r = await fetch(path, init);
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
  return data;
}

/** "Seat 1 (greedy)" or the name; "you" marker added by callers. */
export function seatName(view, i) {
  return (view.names && view.names[i]) || `Seat ${i}`;
}

/** The legal moves of a view as a Map text -> id. */
export function legalMap(view) {
  return new Map((view.legal || []).map((m) => [m.text, m.id]));
}
