// Seghan's page: draws the scene the server sends and presses the buttons it names. It decides
// nothing: every card's state, every word and every choice comes in the scene. This file: the
// shared state, the server (fetch, presses, the event stream) and small drawing helpers.
"use strict";
const $ = (id) => document.getElementById(id);
// Suits in text presentation (U+FE0E): ♥ and ♦ are not drawn as colour emoji beside ♠ ♣.
const SUIT = { C: "♣\uFE0E", D: "♦\uFE0E", H: "♥\uFE0E", S: "♠\uFE0E" };
// The sign-in is the browser's: kept across tabs (try mode; Telegram issues its own each time).
let session = localStorage.getItem("seghan-session") || "";
let tableId = null, source = null, scene = null, tg = null;
let replay = null, replayStep = 0, autoplay = null;  // a finished deal on the page

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardEl(code, state) {
  if (!code) return el("div", "card back");
  const rank = code[0] === "T" ? "10" : code[0], suit = SUIT[code[1]];
  const card = el("div", "card" + ("HD".includes(code[1]) ? " red" : "") + " s" + code[1]
    + (state ? " " + state : ""));
  card.dataset.code = code;
  card.setAttribute("role", "img");
  card.setAttribute("aria-label", cardName(rank, code[1]));
  card.append(el("span", "rank", rank), el("span", "suit", suit), el("span", "pip", suit));
  return card;
}

// A card's name in the viewer's language ("Queen of spades", "պիկի դամա"), for screen readers.
function cardName(rank, suit) {
  const words = scene ? scene.words : (replay ? replay.words : null);
  if (!words || !words.card) return rank + SUIT[suit];
  return words.card.replace("{r}", words["rank-" + rank] || rank).replace("{s}", words["suit-" + suit]);
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body ? "POST" : "GET", body: body ? JSON.stringify(body) : undefined,
    headers: { "Content-Type": "application/json", Authorization: "Session " + session } });
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  return { status: response.status, data };
}

function say(text, haptic = "error") {
  const box = $("alert");
  box.textContent = text; box.hidden = false;
  clearTimeout(box.timer);
  box.timer = setTimeout(() => { box.hidden = true; }, 2600);
  if (tg && tg.HapticFeedback && haptic) tg.HapticFeedback.notificationOccurred(haptic);
}

// A press during the playback of others' moves waits its turn: sent once the felt shows the
// present (playback.js calls pressWaiting()).
const waitingPresses = [];
async function press(data) {
  if (playing) { waitingPresses.push(data); return; }
  const { status, data: body } = await api("api/press", { data, ...seghanFair.extra() });
  if (status !== 200) return say((body && body.alert) || "HTTP " + status);
  if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
  if (body.note) say(body.note, null);
  if (body.screen) showScreen(body.screen);
  if (body.table && body.table !== tableId) openTable(body.table);
}
function pressWaiting() {
  while (waitingPresses.length && !playing) press(waitingPresses.shift());
}

// A screen for the viewer alone (a hint, the score sheet): its lines over the table until closed.
function showScreen(screen) {
  const box = $("sheet"), lines = $("sheetlines");
  lines.textContent = "";
  screen.lines.forEach((line) => lines.append(el(line.style === "pre" ? "pre" : "div",
    line.style === "bold" ? "bold" : "", line.text)));
  box.hidden = false;
}
$("sheetclose").onclick = () => { $("sheet").hidden = true; };

// The header's status line. On a phone the title's row is the small buttons' (each a finger's
// size): a title the status line says already is not shown twice there (page.css).
function showStatus(text) {
  $("status").textContent = text;
  const title = $("title").textContent;
  $("top").classList.toggle("repeated", !!title && text.includes(title));
}

function titleOf(screen) {
  const line = screen && screen.lines.find((l) => l.role === "title");
  return line ? line.text : "";
}

function texts(screen, skip) {
  return screen ? screen.lines.filter((l) => !skip.has(l.role) && l.text).map((l) => l.text) : [];
}

// The buttons the page can press, in their rows, from one screen (cards are tapped on the cards
// themselves): under the hand, the hand's while the viewer plays, else the board's (a lobby's, a
// rematch); the board's beside a hand (the score sheet) go to the header, by ⏯ 🎨 🚶.
function buttonRows(s, screen) {
  const kinds = new Set(s.kinds || []);
  return (screen ? screen.buttons : [])
    .map((row) => row.filter((b) => b.data && !b.card && kinds.has(b.kind)))
    .filter((row) => row.length);
}

function drawButtons(box, rows) {
  box.textContent = "";
  rows.forEach((row) => {
    const line = el("div");
    row.forEach((b) => {
      const button = el("button", "", b.text);
      button.dataset.kind = b.kind;
      button.onclick = () => press(b.data);
      line.append(button);
    });
    box.append(line);
  });
}

function setSession(value) {
  session = value;
  localStorage.setItem("seghan-session", value);
}

// Server-sent events read through fetch, not EventSource: an EventSource can carry the session
// only in its URL, where a proxy's access log would keep it. Like EventSource, it sends the last
// event id when it reconnects (the server then sends only a newer scene), retries after a broken
// connection and gives up on a refusal (4xx). It returns what stops it: { close() }; the page
// holds one at a time (a browser allows six connections to a server: streams left open would
// leave presses hanging).
function listen(url, onScene, onBroken) {
  const stop = new AbortController();
  let last = null;
  async function read(response) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const lines = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const id = lines.find((line) => line.startsWith("id: "));
        const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6));
        if (id) last = id.slice(4);
        if (data.length && !stop.signal.aborted) onScene(JSON.parse(data.join("\n")));
      }
    }
  }
  (async () => {
    while (!stop.signal.aborted) {
      try {
        const headers = { Authorization: "Session " + session };
        if (last !== null) headers["Last-Event-ID"] = last;
        const response = await fetch(url, { headers, cache: "no-store", signal: stop.signal });
        if (response.ok) await read(response);
        else if (response.status < 500) { onBroken(); return; }
      } catch (error) {
        if (stop.signal.aborted) return;
      }
      onBroken(true);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  return { close: () => stop.abort() };
}
