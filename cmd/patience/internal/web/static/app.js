// The patience playground. Every rule of every game is in the Go code
// compiled to patience.wasm; this file only draws what it answers and sends
// it what was clicked or typed. Text from the rule file, which may come
// from anybody's link, reaches the page only as text (textContent and text
// nodes), never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

const MAX_SOURCE = 1 << 20; // as playground.MaxSource
const DEBOUNCE_MS = 250;

const state = {
  api: null,       // the patience object the wasm sets up
  names: [],
  name: "",        // the ruleset the text came from ("" when none)
  reply: null,     // the last reply with a board
  ok: false,
  picked: null,    // {pile, index} of the card picked up
  hint: null,      // the move a hint suggested
  timer: 0,
  hashWritten: "",
  firstBoard: false,
};

// ---- the engine ----

function call(fn, ...args) {
  const r = JSON.parse(state.api[fn](...args));
  return r;
}

async function boot() {
  const ready = new Promise((resolve) => { window.patienceReady = resolve; });
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch("patience.wasm"), go.importObject);
  } catch (e) {
    // A static host that serves .wasm with another type: compile from bytes.
    const resp = await fetch("patience.wasm");
    if (!resp.ok) throw new Error("cannot fetch patience.wasm: " + resp.status);
    result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  go.run(result.instance);
  await ready;
  state.api = window.patience;
  state.names = JSON.parse(state.api.names());
  const sel = $("games");
  for (const n of state.names) sel.append(new Option(n, n));
  sel.append(new Option("(edited)", ""));
  for (const id of ["games", "newdeal", "share"]) $(id).disabled = false;
  $("loading").hidden = true;
  await fromHash(true);
}

// ---- the URL fragment: #game=NAME&seed=N, or &rules=<deflate-raw, base64url> ----

function b64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function deflate(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// LinkError is what is wrong with a link, in the page's words; any other
// error reading a link (the browser's, about base64 or UTF-8) says only
// that the link is damaged.
class LinkError extends Error {}

// short cuts text echoed in a message to 60 characters.
function short(text) {
  return text.length > 60 ? text.slice(0, 60) + "…" : text;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_SOURCE) {
      reader.cancel();
      throw new LinkError("its rule file is larger than " + MAX_SOURCE + " bytes");
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(chunks).arrayBuffer());
}

let hashSeq = 0;
async function writeHash() {
  const seq = ++hashSeq;
  const src = $("source").value;
  const p = new URLSearchParams();
  const builtin = state.name && state.api.source(state.name);
  if (state.name) p.set("game", state.name);
  p.set("seed", $("seed").value.trim());
  if (builtin !== src) p.set("rules", b64url(await deflate(src)));
  if (seq !== hashSeq) return; // a later edit wrote it
  const hash = "#" + p.toString();
  state.hashWritten = hash;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

async function fromHash(first) {
  const p = new URLSearchParams(location.hash.slice(1));
  let name = p.get("game") || "";
  let src = null;
  let problem = "";
  if (p.has("rules")) {
    try {
      src = await inflate(unb64url(p.get("rules")));
    } catch (e) {
      const why = e instanceof LinkError ? e.message : "the link is damaged: it was cut short or changed";
      problem = "This link's rule file could not be read (" + why + "); showing a built-in game instead.";
    }
  }
  if (name && !state.names.includes(name) && src === null) {
    problem = problem || "There is no built-in game " + JSON.stringify(short(name)) + "; showing another.";
    name = "";
  }
  if (src === null) {
    if (!name) name = state.names.includes("precedence") ? "precedence" : state.names[0];
    src = state.api.source(name);
  }
  if (p.has("seed")) $("seed").value = p.get("seed");
  setSource(name, src);
  check();
  if (problem) say(problem, true);
}

window.addEventListener("hashchange", () => {
  if (state.api && location.hash !== state.hashWritten) fromHash(false);
});

// ---- the editor ----

function setSource(name, src) {
  state.name = name;
  $("source").value = src;
  syncGames();
  state.diags = [];
  paintEditor();
}

function syncGames() {
  const sel = $("games");
  const builtin = state.name && state.api.source(state.name);
  sel.value = builtin === $("source").value ? state.name : "";
}

// offsets turns a diagnostic's 1-based line and column (counting code
// points, as the Go side does) into UTF-16 offsets into text.
function offsetOf(lines, starts, line, col) {
  if (line < 1) return 0;
  if (line > lines.length) return starts[lines.length - 1] + lines[lines.length - 1].length;
  const cps = Array.from(lines[line - 1]);
  // The checker counts the first line's columns after a byte-order mark.
  const bom = line === 1 && cps[0] === "\ufeff" ? 1 : 0;
  const before = cps.slice(0, bom + Math.max(0, col - 1)).join("");
  return starts[line - 1] + Math.min(before.length, lines[line - 1].length);
}

function ranges(text, diags) {
  const lines = text.split("\n");
  const starts = [];
  let at = 0;
  for (const l of lines) { starts.push(at); at += l.length + 1; }
  const out = [];
  for (const d of diags) {
    if (!d.line) continue;
    const a = offsetOf(lines, starts, d.line, d.column);
    let b = d.end_line ? offsetOf(lines, starts, d.end_line, d.end_column) : a;
    if (b <= a) { // no end: the word there, or one character
      const m = /^[\w.-]+/.exec(text.slice(a));
      b = a + (m ? m[0].length : 1);
    }
    out.push({ a, b: Math.min(b, text.length + 1), d });
  }
  return out;
}

function paintEditor() {
  const ta = $("source");
  const text = ta.value;
  const diags = state.diags || [];
  // The gutter: a number per line, error lines marked.
  const bad = new Set(diags.filter((d) => d.line > 0).map((d) => d.line));
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  // Rebuilt only when the lines or the marks change, not at every key.
  const gutterKey = n + ":" + [...bad].join(",");
  if (state.gutterKey !== gutterKey) {
    state.gutterKey = gutterKey;
    const frag = document.createDocumentFragment();
    for (let i = 1; i <= n; i++) frag.append(el("div", bad.has(i) ? "err" : "", String(i)));
    frag.append(el("div", "", "\u00a0"));
    $("gutter").replaceChildren(frag);
  }
  // The backdrop: the same text, transparent, with the ranges marked. A
  // range over several lines (a whole block) is marked lightly; ranges
  // may overlap, so the text is cut at every range's ends, and each piece
  // is marked by how many ranges, and how many narrow ones, cover it
  // (counted in one sweep: a file may have thousands of ranges).
  const rs = ranges(text, diags);
  // Past the line of the last mark only the size of the text matters (for
  // the scrolling): it is written as blank lines and one line of spaces as
  // wide as the widest, which lay out at once where a large file's text
  // would take a second at every key.
  const last = rs.reduce((m, r) => Math.max(m, Math.min(r.b, text.length)), 0);
  let end = rs.length === 0 ? 0 : text.indexOf("\n", last);
  if (end < 0) end = text.length;
  let pad = "";
  if (end < text.length) {
    const tail = text.slice(end).split("\n"); // the first is the rest of the last mark's line
    let widest = 0;
    for (const line of tail) {
      let w = line.length;
      for (let t = line.indexOf("\t"); t >= 0; t = line.indexOf("\t", t + 1)) w += 7;
      widest = Math.max(widest, w);
    }
    pad = " ".repeat(widest) + "\n".repeat(tail.length - 1);
  }
  const shown = text.slice(0, end);
  const cuts = [...new Set([0, shown.length, ...rs.flatMap((r) => [Math.min(r.a, shown.length), Math.min(r.b, shown.length)])])].sort((x, y) => x - y);
  const at = new Map(cuts.map((c, k) => [c, k]));
  const cover = new Array(cuts.length + 1).fill(0), narrow = new Array(cuts.length + 1).fill(0);
  for (const r of rs) {
    const a = at.get(Math.min(r.a, shown.length)), b = at.get(Math.min(r.b, shown.length));
    if (a === undefined || b === undefined || b <= a) continue;
    const wide = r.d.end_line && r.d.end_line > r.d.line;
    cover[a]++; cover[b]--;
    if (!wide) { narrow[a]++; narrow[b]--; }
  }
  const back = $("backdrop");
  const parts = document.createDocumentFragment();
  let over = 0, thin = 0;
  for (let k = 0; k + 1 < cuts.length; k++) {
    over += cover[k];
    thin += narrow[k];
    const piece = shown.slice(cuts[k], cuts[k + 1]);
    if (over === 0) { parts.append(document.createTextNode(piece)); continue; }
    parts.append(el("mark", thin === 0 ? "wide" : "", piece));
  }
  // A range at the very end of the text, or past it, still shows.
  if (rs.some((r) => r.a >= text.length)) parts.append(el("mark", "", " "));
  parts.append(document.createTextNode(pad + "\n\u00a0"));
  back.replaceChildren(parts);
  syncScroll();
}

function syncScroll() {
  const ta = $("source");
  $("backdrop").scrollTop = ta.scrollTop;
  $("backdrop").scrollLeft = ta.scrollLeft;
  $("gutter").scrollTop = ta.scrollTop;
}

function select(d) {
  const ta = $("source");
  const r = ranges(ta.value, [d])[0];
  if (!r) return;
  ta.focus();
  ta.setSelectionRange(r.a, r.b);
}

function paintDiagnostics(reply) {
  const box = $("diagnostics");
  box.replaceChildren();
  if (reply.ok) {
    box.append(el("div", "ok", "ok: the rule file checks"));
    return;
  }
  for (const d of reply.diagnostics) {
    // As validate writes it: file:line:col: severity: message; did you mean "x"?
    let msg = d.message;
    if (d.suggestion) msg += "; did you mean " + JSON.stringify(d.suggestion) + "?";
    const where = d.line ? d.file + ":" + d.line + ":" + d.column + ": " : d.file + ": ";
    const item = el("div", "diag " + d.severity);
    item.setAttribute("role", "button");
    item.tabIndex = 0;
    item.append(document.createTextNode(where + d.severity + ": " + msg));
    item.addEventListener("click", () => select(d));
    item.addEventListener("keydown", (ev) => { // a button answers Enter and Space
      if (ev.target === item && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); select(d); }
    });
    if (d.suggestion && d.line) {
      const fix = el("button", "fix", "use " + JSON.stringify(d.suggestion));
      fix.type = "button";
      fix.addEventListener("click", (ev) => {
        ev.stopPropagation();
        const ta = $("source");
        const r = ranges(ta.value, [d])[0];
        ta.value = ta.value.slice(0, r.a) + d.suggestion + ta.value.slice(r.b);
        check();
        // The button goes with its diagnostic: the editor takes the focus,
        // with the fixed text selected (it fell to the page).
        ta.focus();
        ta.setSelectionRange(r.a, r.a + d.suggestion.length);
      });
      item.append(fix);
    }
    box.append(item);
  }
}

$("source").addEventListener("input", () => {
  syncGames();
  paintEditor(); // the old marks move with the text until the check
  clearTimeout(state.timer);
  state.timer = setTimeout(check, DEBOUNCE_MS);
});
$("source").addEventListener("scroll", syncScroll);

// check runs the rule file: its diagnostics, and when it checks a deal of
// the seed, at once.
function check() {
  clearTimeout(state.timer);
  if (!state.api) return;
  const name = $("games").value || state.name || "playground";
  const reply = call("load", name, $("source").value, $("seed").value);
  state.ok = reply.ok;
  state.diags = reply.diagnostics;
  paintEditor();
  paintDiagnostics(reply);
  if (reply.ok) {
    state.picked = null;
    state.hint = null;
    show(reply);
    say(reply.error || "", !!reply.error);
  } else {
    $("board").classList.add("stale");
    $("stale").hidden = !state.reply;
    paintButtons();
    say(reply.error || "", !!reply.error);
  }
  writeHash();
}

$("games").addEventListener("change", () => {
  const name = $("games").value;
  if (!name) return;
  // An edited file is not thrown away unasked: the menu goes back to
  // "(edited)" if the player says no.
  const builtin = state.name && state.api.source(state.name);
  if (builtin !== $("source").value && !confirm("Replace your edited rule file with " + name + "? Your edits are lost unless you copied the link.")) {
    $("games").value = "";
    return;
  }
  setSource(name, state.api.source(name));
  check();
});

// ---- the board ----

function show(reply) {
  if (reply.board) {
    state.reply = reply;
    $("seed").value = reply.board.seed;
  }
  $("board").classList.toggle("stale", !state.ok);
  $("stale").hidden = state.ok || !state.reply;
  paintBoard();
  paintButtons();
  if (!state.firstBoard && state.reply) {
    state.firstBoard = true;
    // Since the navigation started: the page, the wasm and the first deal.
    window.patienceFirstBoardMs = Math.round(performance.now());
  }
}

function rankText(t) { return t.startsWith("T") ? "10" + t.slice(1) : t; }

function cardIsPicked(p, i) { return state.picked && state.picked.pile === p && state.picked.index === i; }

// movesOf lists the legal moves that take the card at index i of pile p
// (with every card above it, in a fanned pile).
function movesOf(p, i) {
  const b = state.reply.board;
  const pile = b.piles[p];
  const top = pile.cards.length - 1;
  // A squared pile shows only its top card, which stands for the cards
  // under it too: a move of several of them (a whole pile) starts there,
  // after the move of the top card alone.
  const squared = !pile.grid && !pile.fanned && i === top;
  const moves = b.moves.filter((m) => {
    if (m.kind === "play") return m.from === p && (pile.grid ? m.slot === i : m.count === pile.cards.length - i || squared);
    if (m.kind === "pair") {
      const first = m.from === p && (pile.grid ? m.slot === i : i === top);
      const second = m.count === 2 && m.from2 === p && (pile.grid ? m.slot2 === i : i === top);
      return first || second;
    }
    return false;
  });
  if (squared) moves.sort((a, b) => (a.kind === "play" && a.count === 1 ? 0 : 1) - (b.kind === "play" && b.count === 1 ? 0 : 1));
  return moves;
}

// partner is the other card of a pair move, seen from the picked card.
function partner(m, picked) {
  const b = state.reply.board;
  const isFirst = m.from === picked.pile && (b.piles[m.from].grid ? m.slot === picked.index : true);
  const pile = isFirst ? m.from2 : m.from;
  const slot = isFirst ? m.slot2 : m.slot;
  const index = b.piles[pile].grid ? slot : b.piles[pile].cards.length - 1;
  return { pile, index };
}

function targets() {
  const out = { piles: new Set(), cards: [] };
  if (!state.picked) return out;
  for (const m of movesOf(state.picked.pile, state.picked.index)) {
    if (m.kind === "pair" && m.count === 2) out.cards.push(partner(m, state.picked));
    else out.piles.add(m.to);
  }
  return out;
}

function moveOf(m) { return m && state.reply.board.moves.find((x) => x.text === m); }

function paintBoard() {
  const box = $("board");
  const was = focusedPlace(box);
  box.replaceChildren();
  if (!state.reply) return;
  const b = state.reply.board;
  const t = targets();
  const hint = moveOf(state.hint);
  fitCards(box, b.rows);
  // The rows of a group laid out in rows of N are a grid of piles: they
  // go in a block, centred as one, their left edges in line.
  const groups = [];
  b.rows.forEach((row, i) => {
    const r = el("div", "row");
    for (const p of row) r.append(pileElement(b, p, t, hint));
    if (groups.length === 0 || !b.blocks || b.blocks[i]) groups.push([]);
    groups[groups.length - 1].push(r);
  });
  for (const rows of groups) {
    if (rows.length === 1) {
      box.append(rows[0]);
      continue;
    }
    const block = el("div", "block");
    block.append(...rows);
    box.append(block);
  }
  if (was) refocus(box, was);
}

// The board is played from the keyboard too: every card that can be
// picked, the stock, and each pile with no such card (to drop on) is a
// button in the tab order, and Enter or Space on it is a click. A repaint
// builds the board afresh, so the focus goes back to the same place, or to
// the top of the same pile where that place has gone.
function focusable(e, label) {
  e.tabIndex = 0;
  e.setAttribute("role", "button");
  e.setAttribute("aria-label", label);
}

function focusedPlace(box) {
  const a = document.activeElement;
  if (!a || !box.contains(a)) return null;
  const pile = a.closest(".pile");
  const card = a.closest(".card");
  return pile && { pile: pile.dataset.pile, index: card ? card.dataset.index : null };
}

function refocus(box, at) {
  const pile = box.querySelector('.pile[data-pile="' + at.pile + '"]');
  if (!pile) return;
  const all = Array.from(pile.querySelectorAll("[tabindex]"));
  const e = all.find((x) => at.index !== null && x.dataset.index === at.index) || all[all.length - 1];
  if (e) e.focus({ preventScroll: true });
}

// fitCards keeps every row on one line, as the rule file lays it out
// (Montana's rows of thirteen and a pyramid's rows say where a card is):
// the cards are drawn narrower where the longest row would not fit the
// board, down to a size still readable, and past that the board scrolls
// sideways. (Rows used to wrap, and put m12 under m5.)
function fitCards(box, rows) {
  const most = Math.max(1, ...rows.map((r) => r.length));
  const gap = 10;
  const room = box.clientWidth - 4;
  const w = Math.max(32, Math.min(50, Math.floor((room - (most - 1) * gap) / most)));
  box.style.setProperty("--card-w", w + "px");
  box.style.setProperty("--card-h", Math.round(w * 1.4) + "px");
}

window.addEventListener("resize", () => { if (state.reply) paintBoard(); });

function pileElement(b, p, t, hint) {
  const pile = b.piles[p];
  const div = el("div", "pile " + pile.role);
  div.dataset.pile = p;
  div.dataset.name = pile.name;
  if (t.piles.has(p)) div.classList.add("target");
  if (hint && hint.to === p && hint.kind !== "deal" && hint.kind !== "redeal") div.classList.add("hint");
  const label = el("div", "name", pile.name);
  label.title = pile.name; // the whole name, where the label is cut
  div.append(label);
  const cards = el("div", "cards");
  div.append(cards);
  const slot = el("div", "slot");
  cards.append(slot);
  let shown = []; // [index, offset]
  const n = pile.cards.length;
  if (pile.stock) {
    if (n > 0) shown = [[n - 1, 0]];
  } else if (pile.fanned || pile.grid) {
    let y = 0;
    for (let i = 0; i < n; i++) {
      shown.push([i, y]);
      y += pile.cards[i].down ? 8 : 20;
    }
  } else if (n > 0) {
    shown = [[n - 1, 0]];
  }
  let height = 70;
  for (const [i, y] of shown) {
    const c = pile.cards[i];
    const e = el("div", "card");
    e.dataset.pile = p;
    e.dataset.index = i;
    e.style.top = y + "px";
    height = Math.max(height, y + 70);
    if (c.gap) e.classList.add("gap");
    else if (c.down) e.classList.add("down");
    else {
      e.textContent = rankText(c.text);
      e.dataset.card = c.code;
      e.dataset.suit = Array.from(c.text).pop(); // drawn large by the style sheet
      if (c.red) e.classList.add("red");
    }
    if (pile.stock) focusable(e, pile.name + ", " + plural(pile.count, "card"));
    else if (!c.gap && !c.down) focusable(e, c.text + " in " + place(p, i));
    if (cardIsPicked(p, i)) e.classList.add("picked");
    if (t.cards.some((x) => x.pile === p && x.index === i)) e.classList.add("target");
    if (hint && hint.from === p && !pile.stock && hint.kind !== "deal" && hint.kind !== "redeal") {
      const from = pile.grid ? hint.slot : (hint.kind === "play" && pile.fanned ? n - hint.count : n - 1);
      if (from === i) e.classList.add("hint");
    }
    cards.append(e);
  }
  cards.style.height = height + "px";
  if (!cards.querySelector("[tabindex]")) focusable(cards, pile.name + (n === 0 ? ", empty" : ", " + plural(n, "card") + " face down"));
  if (pile.stock || (!pile.fanned && !pile.grid && pile.count > 1)) div.append(el("div", "count", String(pile.count)));
  return div;
}

function paintButtons() {
  const r = state.reply;
  const b = r && r.board;
  const live = state.ok && b;
  $("undo").disabled = !(live && b.can_undo);
  $("redo").disabled = !(live && b.can_redo);
  $("hint").disabled = !live;
  $("deal").disabled = !(live && b.moves.some((m) => m.kind === "deal"));
  $("redeal").disabled = !(live && b.moves.some((m) => m.kind === "redeal"));
  $("cmd").disabled = !live;
  const st = $("status");
  st.className = "";
  if (!b) { st.textContent = ""; return; }
  // As line mode heads its board: the game, the seed, values, phase, redeals.
  let text = b.header + "  moves " + b.played;
  if (r.status === "won") text += "  won in " + b.played + (b.played === 1 ? " move" : " moves");
  else if (r.status === "lost") text += "  lost: no move can win it now";
  else if (b.moves.length === 0) text += "  no legal moves";
  st.textContent = text;
  st.dataset.status = r.status;
  if (r.status === "won" || r.status === "lost") st.classList.add(r.status);
}

function say(text, error) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("error", !!error);
}

function run(command) {
  if (!state.ok || !state.reply) return;
  const reply = call("do", command);
  state.picked = null;
  state.hint = null;
  if (reply.error) {
    say(reply.error, true);
  } else if (reply.hint) {
    state.hint = reply.result;
    say("hint: " + reply.hint, false);
  } else {
    say(reply.result, false);
  }
  show(reply);
}

function place(p, i) {
  const pile = state.reply.board.piles[p];
  if (pile.grid) return pile.name + ":" + (i + 1);
  return pile.name;
}

// moveTo is the move that takes the picked card to pile p, or with the
// card at index i of p (a pair), if there is one.
function moveTo(p, i) {
  const picked = state.picked;
  const moves = movesOf(picked.pile, picked.index);
  const m = i === null ? null : moves.find((x) => x.kind === "pair" && x.count === 2 &&
    partner(x, picked).pile === p && partner(x, picked).index === i);
  return m || moves.find((x) => !(x.kind === "pair" && x.count === 2) && x.to === p) || null;
}

// refuse asks the engine to play the picked card where it was dropped,
// which no legal move does, so that the player reads why not in the
// engine's own words; an illegal move changes nothing. On a card of
// another pile, in a game with a pile that takes pairs, the drop is an
// offer of the two cards as a pair.
function refuse(from, p, i) {
  const b = state.reply.board;
  const src = b.piles[from.pile];
  const count = src.fanned && !src.grid ? src.cards.length - from.index : 1;
  const pairs = b.piles.find((x) => x.pairs);
  if (pairs && i !== null && !b.piles[p].pairs) run(place(from.pile, from.index) + "+" + place(p, i) + " " + pairs.name);
  else run(place(from.pile, from.index) + " " + b.piles[p].name + (count > 1 ? " " + count : ""));
}

function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

// click is a click on pile p, on its card at index i (or null: the pile).
function click(p, i) {
  const b = state.reply.board;
  const pile = b.piles[p];
  if (state.picked) {
    const from = state.picked;
    if (i !== null && cardIsPicked(p, i)) { state.picked = null; paintBoard(); return; }
    const m = moveTo(p, i);
    if (m) { run(m.text); return; }
    state.picked = null;
    if (p !== from.pile && !pile.stock) { refuse(from, p, i); return; }
  }
  if (pile.stock) {
    const d = b.moves.find((x) => x.kind === "deal") || b.moves.find((x) => x.kind === "redeal");
    if (d) run(d.text);
    else { say("the stock cannot be dealt now", true); paintBoard(); }
    return;
  }
  if (i === null || pile.cards[i].gap) { paintBoard(); return; }
  if (pile.cards[i].down) { say("that card is face down", true); paintBoard(); return; }
  state.picked = { pile: p, index: i };
  state.hint = null;
  if (movesOf(p, i).length === 0) say(rankText(pile.cards[i].text) + " in " + place(p, i) + " has no legal move now", false);
  else say("", false);
  paintBoard();
}

$("board").addEventListener("click", (ev) => {
  if (!state.ok || !state.reply || drag.swallow) return;
  const card = ev.target.closest(".card");
  const pile = ev.target.closest(".pile");
  if (!pile) { if (state.picked) { state.picked = null; paintBoard(); } return; }
  click(Number(pile.dataset.pile), card ? Number(card.dataset.index) : null);
});

$("board").addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const pile = ev.target.closest(".pile");
  if (!pile || !state.ok || !state.reply) return;
  ev.preventDefault(); // Space would scroll the page
  const card = ev.target.closest(".card");
  click(Number(pile.dataset.pile), card ? Number(card.dataset.index) : null);
});

// Dragging a card onto a pile is a pick and a drop: pointer events, so a
// mouse, a pen and a finger all drag. A press that does not move is left
// to the click above.
const drag = { start: null, ghost: null, moved: false, swallow: false };

$("board").addEventListener("pointerdown", (ev) => {
  const card = ev.target.closest(".card");
  if (!card || !state.ok || ev.button !== 0 || card.classList.contains("down") || card.classList.contains("gap")) return;
  const p = Number(card.dataset.pile);
  if (state.reply.board.piles[p].stock) return;
  drag.start = { x: ev.clientX, y: ev.clientY, pile: p, index: Number(card.dataset.index), card };
  drag.moved = false;
});

document.addEventListener("pointermove", (ev) => {
  const d = drag.start;
  if (!d) return;
  if (!drag.moved) {
    if (Math.hypot(ev.clientX - d.x, ev.clientY - d.y) < 6) return;
    drag.moved = true;
    state.picked = { pile: d.pile, index: d.index };
    paintBoard(); // the targets marked
    // The ghost: the picked card and those above it in its pile.
    const ghost = el("div", "ghost");
    const cards = [...document.querySelectorAll('#board .card[data-pile="' + d.pile + '"]')]
      .filter((c) => Number(c.dataset.index) >= d.index);
    const top = cards.length ? cards[0].getBoundingClientRect().top : d.y;
    for (const c of cards) {
      const copy = c.cloneNode(true);
      copy.style.top = (c.getBoundingClientRect().top - top) + "px";
      ghost.append(copy);
    }
    const r = cards.length ? cards[0].getBoundingClientRect() : { left: d.x, top: d.y };
    d.dx = d.x - r.left;
    d.dy = d.y - r.top;
    document.body.append(ghost);
    drag.ghost = ghost;
  }
  drag.ghost.style.left = (ev.clientX - d.dx) + "px";
  drag.ghost.style.top = (ev.clientY - d.dy) + "px";
});

document.addEventListener("pointerup", (ev) => {
  const d = drag.start;
  drag.start = null;
  if (!d || !drag.moved) return;
  drag.ghost.remove();
  drag.ghost = null;
  drag.swallow = true; // the click that follows is the drop's, not a pick
  setTimeout(() => { drag.swallow = false; }, 0);
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  const pile = under && under.closest("#board .pile");
  const m = pile && Number(pile.dataset.pile) !== d.pile ? moveTo(Number(pile.dataset.pile), null) : null;
  if (m) { run(m.text); return; }
  if (pile && Number(pile.dataset.pile) !== d.pile) say(state.reply.board.piles[Number(pile.dataset.pile)].name + " cannot take it", true);
  state.picked = null;
  paintBoard();
});

// A drag the browser takes back (a touch that turns into a scroll, a lost
// capture) ends with nothing played and nothing left picked.
function cancelDrag() {
  const d = drag.start;
  drag.start = null;
  if (!d || !drag.moved) return;
  drag.moved = false;
  drag.ghost.remove();
  drag.ghost = null;
  state.picked = null;
  paintBoard();
}
document.addEventListener("pointercancel", cancelDrag);

// ---- buttons and keys ----

$("undo").addEventListener("click", () => run("undo"));
$("redo").addEventListener("click", () => run("redo"));
$("hint").addEventListener("click", () => run("hint"));
$("deal").addEventListener("click", () => {
  const d = state.reply.board.moves.find((x) => x.kind === "deal");
  if (d) run(d.text);
});
$("redeal").addEventListener("click", () => run("redeal"));
$("cmdform").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const c = $("cmd").value.trim();
  if (c) run(c);
});

function deal() {
  if (!state.ok) { check(); return; }
  const reply = call("deal", $("seed").value);
  state.picked = null;
  state.hint = null;
  if (reply.error) {
    // The deal stays as it was, and so does the box: it shows the board's
    // seed again, so that the next check and the link do not carry the text.
    say(reply.error, true);
    if (state.reply && state.reply.board) $("seed").value = state.reply.board.seed;
    return;
  }
  say("", false);
  show(reply);
  writeHash();
}
$("seed").addEventListener("change", deal);
$("seed").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); deal(); } });
$("newdeal").addEventListener("click", () => {
  $("seed").value = String(crypto.getRandomValues(new Uint32Array(1))[0]);
  deal();
});
$("share").addEventListener("click", async () => {
  await writeHash();
  try {
    await navigator.clipboard.writeText(location.href);
    say("link copied: it holds the rule file and the seed", false);
  } catch (e) {
    say("the link to share is this page's address", false);
  }
});

document.addEventListener("keydown", (ev) => {
  if (ev.target.closest("input, textarea, select") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const keys = { u: "undo", r: "redo", h: "hint" };
  if (keys[ev.key]) run(keys[ev.key]);
  else if (ev.key === "d") $("deal").click();
  else if (ev.key === "Escape" && state.picked) { state.picked = null; paintBoard(); }
});

boot().catch((e) => {
  $("loading").hidden = false;
  $("loading").textContent = "the game engine could not start: " + e.message;
});
