// Sixto: the six dice (keep or re-roll) and every player's sheet: six coloured rows of
// numbers, marks (X), lost spaces, the target area, the pads' hit spaces, locks, Kris-Kras
// colours and Cross areas, the points of every row, column and area, the removed dice.
//
// Choosing marks: click the spaces to mark, then confirm. The server's drawing facts give,
// for each legal choice, the spaces it marks (view.drawing.choices); a space can be clicked
// only while some legal choice marks it together with those already picked, and Confirm sends
// the one legal choice that marks exactly the picked spaces. The page never builds a move.
// Every colour also shows its letter (R Y G B P O), so colour is never the only cue.
import { el, legalMap, useStyles } from "/static/common.js";

useStyles("/static/games/sixto.css");

const MARK_CODES = new Set([1, 3, 5]); // mark, hit mark, lock counted as a mark
const LOST = 2, VOID = 4;
const HIT_BONUS = 5; // points for a hit space marked the regular way (D16)
// The marks this seat sent for the roll being chosen (drawn as pending until revealed).
let sent = null;

const key = (r, c) => `${r},${c}`;

function choiceList(v) {
  const facts = (v.drawing && v.drawing.choices) || {};
  const text = new Map((v.legal || []).map((m) => [m.id, m.text]));
  const out = [];
  for (const [id, f] of Object.entries(facts)) {
    const n = Number(id);
    if (!text.has(n)) continue;
    if (f.unlock) out.push({ id: n, text: text.get(n), unlock: f.unlock, keys: new Set([`lock:${f.unlock[0]}`]) });
    else out.push({ id: n, text: text.get(n), marks: f.marks, keys: new Set(f.marks.map(([, r, c]) => key(r, c))) });
  }
  return out;
}

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));
const subset = (a, b) => [...a].every((x) => b.has(x));

function die(d, value, facts, o, attrs = {}) {
  const letter = facts.letters[d];
  const name = facts.colors[d];
  if (!value) {
    const t = o.removed_at[d];
    return el("span", { class: `sx-die out`, title: `${name} die removed`, "aria-label": `${name} die: removed on turn ${t}` },
      el("small", {}, letter), "out", el("small", {}, `turn ${t}`));
  }
  return el("span", { class: `sx-die sx-${letter}`, title: `${name} ${value}`, "aria-label": `${name} die: ${value}`, dataset: { fxDie: d, value }, ...attrs },
    el("small", {}, letter), String(value));
}

function sheetTable(v, ui, seat, facts, opts) {
  const o = v.observation;
  const sf = facts.sheets[seat];
  const cells = o.sheets[seat].cells;
  const w = o.width;
  const ts = facts.target_start;
  const kk = o.pad === "kriskras";
  const removed = new Set(o.removed);
  const { candidates, picked, preview, pending, onCell, lockCandidates } = opts;
  const areaOf = new Map(); // "r,c" -> [area index ...] (Cross pads)
  sf.areas.forEach((a, i) => a.cells.forEach(([r, c]) => { const k = key(r, c); areaOf.set(k, [...(areaOf.get(k) || []), i]); }));

  // Cross-blocks: each block's points in a row under its two rows, spanning its three columns
  const blocksByRow = new Map();
  sf.areas.forEach((a) => { if (a.kind === "block") { const [r0] = a.cells[0]; blocksByRow.set(r0, [...(blocksByRow.get(r0) || []), a]); } });
  const blockRow = (r0) => el("tr", { class: "sx-blockpts" },
    el("th", { scope: "row", title: `points of the blocks in rows ${r0 + 1}-${r0 + 2}` }, opts.small ? `▦${r0 + 1}-${r0 + 2}` : `blocks ${r0 + 1}-${r0 + 2}`),
    blocksByRow.get(r0).map((a) => el("td", { colspan: 3, class: `sx-pts${a.cells[0][1] === ts ? " sx-tstart" : ""}`, dataset: { areaPoints: a.points }, title: `block rows ${r0 + 1}-${r0 + 2}, columns ${a.cells[0][1] + 1}-${a.cells[0][1] + 3}` }, String(a.points))),
    el("td", {}, ""));
  // Cross-diagonals: each space tagged with its diagonal's direction (down-right ╲, down-left ╱)
  const diagOf = new Map();
  sf.areas.forEach((a, i) => {
    if (a.kind !== "diagonal") return;
    const cols = a.cells.map(([, c]) => c);
    const lo = Math.min(...cols) + 1, hi = Math.max(...cols) + 1;
    const sign = i % 2 === 0 ? "╲" : "╱";
    a.cells.forEach(([r, c]) => diagOf.set(key(r, c), { sign, title: `diagonal ${sign} of columns ${lo}-${hi}` }));
  });
  const small = opts.small;
  const head = el("tr", {}, el("th", { scope: "col", class: "sx-corner", title: `sheet design ${sf.design}` }, small ? `#${sf.design}` : `sheet ${sf.design}`),
    Array.from({ length: w }, (_, c) => el("th", { scope: "col", class: c >= ts ? "sx-tcol" : "" }, c === ts && !small ? `${c + 1} ▸target` : String(c + 1))),
    el("th", { scope: "col" }, "pts"));
  const rows = cells.map((row, r) => {
    const letter = facts.letters[r];
    const out = removed.has(r);
    const hdr = el("th", { scope: "row", class: `sx-rowhead sx-${letter}` },
      kk ? el("span", { class: "sx-rownum", title: `row ${r + 1} (Kris-Kras: R@${r + 1} marks in it)` }, `${r + 1} `) : null,
      el("span", { class: "sx-letter" }, letter), el("span", { class: "sx-cname" }, " ", facts.colors[r]), out ? el("small", {}, " out") : null);
    const tds = row.map((code, c) => {
      const k = key(r, c);
      const num = sf.numbers[r][c];
      const col = sf.colors[r][c];
      const isHit = sf.hits[r].includes(c);
      const isLock = sf.locks[r].includes(c);
      const classes = ["sx-cell", `sx-bg-${col}`];
      if (c >= ts) classes.push("sx-target");
      if (c === ts) classes.push("sx-tstart");
      if (MARK_CODES.has(code)) classes.push("marked");
      if (code === LOST) classes.push("lost");
      if (code === VOID) classes.push("void");
      if (picked.has(k)) classes.push("picked");
      if (preview.has(k)) classes.push("would-lose");
      if (pending.has(k)) classes.push("pending");
      (areaOf.get(k) || []).forEach((i) => classes.push(`sx-area-${sf.areas[i].kind}`));
      if (o.pad === "cross-blocks") { if (r % 2 === 0) classes.push("sx-btop"); if (c % 3 === 0) classes.push("sx-bleft"); }
      if (isHit) classes.push("sx-hitspace");
      if (isLock) classes.push("sx-lock");
      // a hit space marked the regular way earns its bonus (+5): told apart from one marked by a hit
      const diag = diagOf.get(k);
      const tag = isHit
        ? (code === 1 ? el("span", { class: "sx-tag sx-bonus", title: `hit space marked the regular way: +${HIT_BONUS}` }, `+${HIT_BONUS}`)
          : el("span", { class: "sx-tag", title: code === 3 ? "hit space marked by a hit: no bonus" : "hit space" }, "★"))
        : isLock ? el("span", { class: "sx-tag", title: "lock" }, code === VOID ? "⊘" : "#")
          : diag ? el("span", { class: "sx-tag sx-diag", title: diag.title }, diag.sign) : null;
      const face = MARK_CODES.has(code) ? el("span", { class: "sx-x", "aria-hidden": "true", dataset: { fxMark: `${seat}:${k}` } }, "X") : null;
      const state = MARK_CODES.has(code) ? "marked" : code === LOST ? "lost" : code === VOID ? "lock crossed off" : "open";
      const label = `${facts.colors[r]} row, column ${c + 1}: ${num}${kk ? ` (${facts.colors["RYGBPO".indexOf(col)]} space)` : ""}, ${state}` +
        (isHit ? (code === 1 ? `, hit space marked the regular way (+${HIT_BONUS})` : code === 3 ? ", hit space marked by a hit" : ", hit space") : "") +
        (isLock ? ", lock" : "") + (diag ? `, ${diag.title}` : "") + (c >= ts ? ", target area" : "");
      const canPick = candidates.has(k) || picked.has(k);
      const canLock = isLock && lockCandidates.has(r) && code === 0;
      const inner = [kk ? el("span", { class: "sx-cl" }, col) : null, el("span", { class: "sx-num" }, String(num)), face, tag];
      if (canPick || canLock) {
        classes.push("can");
        return el("td", { class: classes.join(" ") }, el("button", {
          type: "button", class: "sx-hit", dataset: { target: canLock && !canPick ? `lock-${r}` : `cell-${r}-${c}` },
          "aria-pressed": picked.has(k) || picked.has(`lock:${r}`) ? "true" : "false",
          "aria-label": label + (canLock && !canPick ? ": cross off this lock" : picked.has(k) ? ": picked (click to drop)" : ": click to mark"),
          onclick: () => onCell(canPick ? k : `lock:${r}`),
        }, inner));
      }
      return el("td", { class: classes.join(" "), title: label }, inner);
    });
    const tr = el("tr", { class: out ? "sx-out" : "" }, hdr, tds, el("td", { class: "sx-pts" }, String(sf.row_points[r])));
    return r % 2 === 1 && blocksByRow.has(r - 1) ? [tr, blockRow(r - 1)] : tr;
  });
  const foot = el("tr", { class: "sx-colpts" }, el("th", { scope: "row", title: "column points" }, small ? "cols" : "columns"),
    sf.column_points.map((p) => el("td", { class: "sx-pts" }, String(p))), el("td", {}, ""));
  const table = el("table", { class: `sx-sheet${opts.small ? " small" : ""}`, "aria-label": `${ui.seatName(seat)}'s sheet` },
    el("thead", {}, head), el("tbody", {}, rows, foot));
  let extra = null;
  const diagonals = sf.areas.filter((a) => a.kind === "diagonal");
  if (diagonals.length) {
    extra = el("div", { class: "sx-areas" }, "Diagonals: ", diagonals.map((a, i) => {
      const cols = a.cells.map(([, c]) => c);
      return el("span", { class: "sx-area", dataset: { areaPoints: a.points } }, `${i ? " · " : ""}${i % 2 === 0 ? "╲" : "╱"} columns ${Math.min(...cols) + 1}-${Math.max(...cols) + 1}: ${a.points}`);
    }));
  }
  // every point of the score, as the sum of what the sheet shows (D5, D15, D16)
  const sum = (xs) => xs.reduce((x, y) => x + y, 0);
  const rowsPts = sum(sf.row_points), colPts = sum(sf.column_points), areaPts = sum(sf.areas.map((a) => a.points));
  const parts = [`rows ${rowsPts}`, `columns ${colPts}`];
  if (sf.areas.length) parts.push(`${sf.areas[0].kind === "block" ? "blocks" : "diagonals"} ${areaPts}`);
  if (o.pad === "hits") parts.push(`hit spaces marked the regular way ${sf.hit_bonus} (${sf.hit_bonus / HIT_BONUS} × ${HIT_BONUS})`);
  const total = rowsPts + colPts + areaPts + (sf.hit_bonus || 0);
  const sumLine = el("div", { class: "sx-sum", dataset: { total } }, `Score ${total} = ${parts.join(" + ")}`);
  const legend = o.pad === "hits" && !opts.small
    ? el("div", { class: "muted" }, `★ a hit space (★ on an X: marked by a hit, no bonus); +${HIT_BONUS} on an X: marked the regular way`) : null;
  return el("div", { class: "sx-sheetwrap" }, table, extra, sumLine, legend);
}

export default {
  render(root, v, ui) {
    const o = v.observation;
    const facts = v.drawing;
    const legal = legalMap(v);
    const me = v.seat;
    const n = o.num_players;
    const names = Array.from({ length: n }, (_, i) => ui.seatName(i));
    if (!(ui.selection instanceof Set)) ui.selection = new Set();
    const picked = ui.selection;
    if (o.my_choice === null || o.my_choice === undefined || o.phase !== "choose") { if (!(sent && sent.turn === o.turn && o.phase === "choose")) sent = null; }

    // the choices: which spaces may be clicked, which choice the picked spaces make
    const choices = o.phase === "choose" ? choiceList(v) : [];
    const fit = choices.filter((ch) => subset(picked, ch.keys));
    const candidates = new Set();
    const lockCandidates = new Set();
    for (const ch of fit) for (const k of ch.keys) {
      if (k.startsWith("lock:")) lockCandidates.add(Number(k.slice(5)));
      else if (!picked.has(k)) candidates.add(k);
    }
    const exact = choices.find((ch) => sameSet(ch.keys, picked));
    // spaces the picked marks would lose: open spaces left of a picked mark in its row
    const preview = new Set();
    if (me !== null && picked.size) {
      const cells = o.sheets[me].cells;
      const byRow = new Map();
      for (const k of picked) if (!k.startsWith("lock:")) { const [r, c] = k.split(",").map(Number); byRow.set(r, Math.max(byRow.get(r) ?? -1, c)); }
      for (const [r, last] of byRow) for (let c = 0; c < last; c++) if (cells[r][c] === 0 && !picked.has(key(r, c))) preview.add(key(r, c));
    }
    const pending = new Set(sent && o.my_choice !== null && o.my_choice !== undefined ? sent.keys : []);
    const onCell = (k) => {
      if (picked.has(k)) picked.delete(k);
      else { if (k.startsWith("lock:")) picked.clear(); else for (const x of [...picked]) if (x.startsWith("lock:")) picked.delete(x); picked.add(k); }
      ui.redraw();
    };
    const send = (ch) => () => { sent = { turn: o.turn, keys: [...ch.keys].filter((x) => !x.startsWith("lock:")) }; ui.selection = new Set(); ui.move(ch.id); };

    // the turn: dice, who rolled, keep / re-roll, who has chosen
    const active = names[o.active];
    const phaseText = o.phase === "over" ? `Game over after ${o.turn} rolls` + (o.ended_by ? ` (${{ dice: "the third die is out", stalled: "no sheet can take another mark", turn_limit: "the turn limit" }[o.ended_by]})` : "")
      : o.phase === "roll" ? `Roll ${o.turn}: ${active} rolled${o.rerolled ? " and re-rolled" : ""} — keep or re-roll?`
        : `Roll ${o.turn}${o.rerolled ? " (re-rolled)" : ""} by ${active}: everyone chooses marks in secret, ${active} first`;
    const dice = el("div", { class: "sx-dice", "aria-label": "The dice", dataset: { fxRoll: `${o.turn}:${o.rerolled ? 1 : 0}` } }, o.dice.map((val, d) => die(d, val, facts, o)));
    const rollButtons = el("div", { class: "row" },
      legal.has("keep") ? el("button", { type: "button", class: "primary", dataset: { move: "keep" }, onclick: () => ui.move(legal.get("keep")) }, "Keep these dice") : null,
      legal.has("reroll") ? el("button", { type: "button", dataset: { move: "reroll" }, onclick: () => ui.move(legal.get("reroll")) }, "Re-roll all dice (once)") : null);
    const chosen = o.phase === "choose" ? el("div", { class: "row sx-chosen", "aria-label": "Who has chosen" }, o.chosen.map((c, q) =>
      el("span", { class: `pill${c ? " done" : ""}` }, names[q], q === me ? " (you)" : "", c ? " ✓ chosen" : q === o.current_player ? " … choosing" : " waiting"))) : null;

    let choosePanel = null;
    if (choices.length) {
      const pickedText = !picked.size ? "nothing yet" : exact ? exact.text : "not a whole choice yet";
      const usedDice = new Set(); const diceUse = [];
      if (exact && exact.marks) for (const [d, r, c, hit] of exact.marks) { usedDice.add(d); diceUse.push(`${facts.colors[d]} ${o.dice[d]} → ${facts.colors[r]} row, column ${c + 1}${hit ? " (hit)" : ""}`); }
      if (exact && exact.unlock) diceUse.push(`cross off the ${facts.colors[exact.unlock[0]]} row's lock (column ${exact.unlock[1] + 1})`);
      const pass = choices.find((ch) => ch.keys.size === 0);
      choosePanel = el("div", { class: "sx-choose notice", role: "group", "aria-label": "Choose your marks" },
        el("strong", {}, "Your marks for this roll: "), "click the highlighted spaces on your sheet, then confirm.",
        el("div", { class: "row", style: "margin-top:.4rem" },
          el("button", {
            type: "button", class: "primary", dataset: { target: "confirm" }, disabled: exact && exact.keys.size ? null : true,
            onclick: exact ? send(exact) : null,
          }, exact && exact.keys.size ? `Confirm ${exact.text}` : "Confirm"),
          el("button", { type: "button", dataset: { target: "clear" }, disabled: picked.size ? null : true, onclick: () => { picked.clear(); ui.redraw(); } }, "Clear"),
          pass ? el("button", { type: "button", dataset: { move: "pass" }, onclick: send(pass) }, "Mark nothing (pass)") : null,
          el("span", { class: "muted", "aria-live": "polite" }, `Picked: ${pickedText}${preview.size ? ` · ${preview.size} space${preview.size === 1 ? "" : "s"} would be lost` : ""}`)),
        diceUse.length ? el("ul", { class: "sx-use" }, diceUse.map((t) => el("li", {}, t))) : null);
    } else if (o.phase === "choose" && me !== null && o.my_choice !== null && o.my_choice !== undefined) {
      choosePanel = el("p", { class: "muted" }, `Your marks are chosen${pending.size ? " (dashed on your sheet)" : ""}; they are made when everyone has chosen.`);
    }

    // scores
    const scores = el("div", { class: "row sx-scores", "aria-label": "Scores" }, o.scores.map((s, q) =>
      el("span", { class: `pill${o.winner === q ? " done" : ""}`, dataset: { score: q, fxCount: `score${q}`, value: s } }, `${names[q]}: ${s}`)));
    const removed = el("div", { class: "muted" }, o.removed.length
      ? `Removed dice: ${o.removed.map((d) => `${facts.colors[d]} (turn ${o.removed_at[d]})`).join(", ")}. `
      : "No die removed yet. ", "The third removed die ends the game.");

    const empty = new Set();
    const sheetOf = (q, mine) => el("div", { class: `player sx-player${q === o.current_player ? " current" : ""}${q === me ? " me" : ""}`, dataset: { player: q } },
      el("h3", {}, names[q], q === me ? " (you)" : "", ` — ${o.scores[q]} points`, o.phase === "choose" && o.chosen[q] ? el("span", { class: "muted" }, " · chosen") : null),
      sheetTable(v, ui, q, facts, mine
        ? { candidates, picked, preview, pending, onCell, lockCandidates, small: false }
        : { candidates: empty, picked: empty, preview: empty, pending: empty, onCell: null, lockCandidates: empty, small: n > 2 }));
    const order = me === null ? [...Array(n).keys()] : [me, ...[...Array(n).keys()].filter((q) => q !== me)];
    const sheets = el("div", { class: "sx-sheets" }, order.map((q) => sheetOf(q, q === me)));

    root.append(...[
      el("p", { class: "pill", dataset: { phase: o.phase } }, phaseText),
      el("div", { class: "row", style: "gap:1rem" }, dice, rollButtons),
      removed, chosen, choosePanel, scores, sheets,
    ].filter(Boolean));
  },
};
