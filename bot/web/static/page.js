// Seghan's page: draws the scene the server sends and presses the buttons it names. It decides
// nothing: every card's state, every word and every choice comes in the scene.
"use strict";
const $ = (id) => document.getElementById(id);
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
let session = sessionStorage.getItem("seghan-session") || "";
let tableId = null, source = null, scene = null, tg = null;
let replay = null, replayStep = 0, autoplay = null;  // a finished deal on the page
// Lines of a screen the felt draws (or the header shows): the rest is written under the felt.
// A hand's lines of the teams' standings say what the board's lines say already.
const FELT = new Set(["title", "seat", "trick", "last"]);
const HAND_FELT = new Set([...FELT, "suit", "hand", "team"]);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardEl(code, state) {
  if (!code) return el("div", "card back");
  const rank = code[0] === "T" ? "10" : code[0], suit = SUIT[code[1]];
  const card = el("div", "card" + ("HD".includes(code[1]) ? " red" : "") + (state ? " " + state : ""));
  card.dataset.code = code;
  card.append(el("span", "", rank + "\n" + suit), el("span", "pip", suit));
  card.firstChild.style.whiteSpace = "pre";
  return card;
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body ? "POST" : "GET", body: body ? JSON.stringify(body) : undefined,
    headers: { "Content-Type": "application/json", Authorization: "Session " + session } });
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  return { status: response.status, data };
}

function say(text) {
  const box = $("alert");
  box.textContent = text; box.hidden = false;
  clearTimeout(box.timer);
  box.timer = setTimeout(() => { box.hidden = true; }, 2600);
  if (tg && tg.HapticFeedback) tg.HapticFeedback.notificationOccurred("error");
}

async function press(data) {
  const { status, data: body } = await api("api/press", { data, ...seghanFair.extra() });
  if (status !== 200) return say((body && body.alert) || "HTTP " + status);
  if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
  if (body.note) say(body.note);
  if (body.screen) showScreen(body.screen);
  if (body.table && body.table !== tableId) openTable(body.table);
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

function titleOf(screen) {
  const line = screen && screen.lines.find((l) => l.role === "title");
  return line ? line.text : "";
}

function texts(screen, skip) {
  return screen ? screen.lines.filter((l) => !skip.has(l.role) && l.text).map((l) => l.text) : [];
}

// The buttons the page can press, in their rows, from one screen (cards are tapped on the cards
// themselves): under the hand, the hand's while the viewer plays, else the board's (a lobby's, a
// rematch); the board's beside a hand (the score sheet) go to the felt's corner.
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
  sessionStorage.setItem("seghan-session", value);
}

// ----- the table

function openTable(id) {
  leaveReplay();
  tableId = Number(id);
  const url = new URL(location.href);
  url.searchParams.set("table", tableId);
  history.replaceState(null, "", url);
  if (source) source.close();
  $("status").textContent = "…";
  source = listen(`api/table/${tableId}/events`, render,
    () => { if (scene) $("status").textContent = scene.words.connecting; });
  if (tg) { tg.BackButton.show(); }
}

// Server-sent events read through fetch, not EventSource: an EventSource can carry the session
// only in its URL, where a proxy's access log would keep it. Like EventSource, it sends the last
// event id when it reconnects (the server then sends only a newer scene), retries after a broken
// connection and gives up on a refusal (4xx). It returns what stops it: { close() }.
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
        if (data.length) onScene(JSON.parse(data.join("\n")));
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
      onBroken();
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  return { close: () => stop.abort() };
}

function seatPlace(seat, scene) {
  const n = scene.names.length, me = scene.seat === null ? 0 : scene.seat;
  const angle = Math.PI / 2 + ((seat - me + n) % n) * 2 * Math.PI / n;
  return [50 + 41 * Math.cos(angle), 50 + 38 * Math.sin(angle)];
}

function seatNote(view, seat) {
  if (!view) return "";
  const standings = view.standings;
  let entry = seat;
  if (standings.by_team) entry = view.teams.findIndex((team) => team.includes(seat));
  let note = String(standings.values[entry]).replace("-", "−");
  if (view.hand_sizes) note += " · 🂠" + view.hand_sizes[seat];
  if (view.points && !standings.by_team && view.points.length === scene.names.length && view.phase !== "pass")
    note += " (" + (view.points[seat] > 0 ? "+" : "") + String(view.points[seat]).replace("-", "−") + ")";
  return note;
}

function drawSeats(s) {
  const box = $("seats"), toAct = new Set(s.view ? s.view.to_act : []);
  box.textContent = "";
  s.names.forEach((name, seat) => {
    const [x, y] = seatPlace(seat, s);
    const node = el("div", "seat" + (toAct.has(seat) ? " turn" : "") + (seat === s.seat ? " me" : ""),
      (toAct.has(seat) ? "▸ " : "") + name);
    node.style.left = x + "%"; node.style.top = y + "%";
    node.dataset.seat = seat;
    node.append(el("small", "", seatNote(s.view, seat)));
    box.append(node);
  });
}

function drawTrick(s) {
  const box = $("trick"), view = s.view;
  box.textContent = "";
  if (!view) return;
  const trick = view.trick || [];
  trick.forEach(([seat, code]) => {
    const [x, y] = seatPlace(seat, s), card = cardEl(code);
    card.style.left = 50 + (x - 50) * 0.42 + "%"; card.style.top = 50 + (y - 50) * 0.38 + "%";
    box.append(card);
  });
  if (!trick.length && Array.isArray(view.table)) {  // a combination to beat (Thirteen)
    view.table.forEach((code, k) => {
      const card = cardEl(code);
      card.style.left = 50 + (k - (view.table.length - 1) / 2) * 10 + "%"; card.style.top = "50%";
      box.append(card);
    });
  }
  const last = $("last");
  last.textContent = "";
  if (s.last_trick) {
    const label = s.last_label || s.words["last-trick"];  // a replay's last frame names its own
    last.append(el("div", "label", label + ": " + s.names[s.last_trick.winner]));
    s.last_trick.cards.forEach(([, code]) => last.append(cardEl(code)));
  }
}

function render(s) {
  scene = s;
  $("home").hidden = true; $("board").hidden = false;
  document.documentElement.lang = s.lang;
  $("title").textContent = s.title || "Սեղան";
  $("status").textContent = (s.seat === null ? s.words.spectator + " · " : "") + titleOf(s.board);
  drawSeats(s);
  drawTrick(s);
  const info = texts(s.board, FELT);
  $("info").textContent = info.join("\n");
  $("handinfo").textContent = texts(s.hand, HAND_FELT).filter((t) => !info.includes(t)).join("\n");
  const hand = $("hand");
  hand.textContent = "";
  s.cards.forEach((c) => {
    const card = cardEl(c.code, c.state);
    if (c.data) card.onclick = () => press(c.data);
    hand.append(card);
  });
  drawButtons($("buttons"), buttonRows(s, s.hand || s.board));
  drawButtons($("tools"), s.hand ? buttonRows(s, s.board) : []);
  const done = s.table && s.view ? s.view.history.length : 0;  // a finished deal: ⏯ replays it
  $("rewind").hidden = !done;
  $("rewind").textContent = "⏯ " + done;
  $("rewind").onclick = () => openReplay(`t${s.table}_${done}`, 0);
  tick();
}

function tick() {
  if (!scene || !scene.deadline || !scene.view || scene.status !== "playing") return;
  const left = Math.max(0, Math.round(scene.deadline - Date.now() / 1000));
  const turn = document.querySelector(".seat.turn small");
  if (turn) turn.dataset.left = left;
  const clock = document.querySelector(".seat.turn");
  if (clock) clock.title = left + scene.words.seconds;
  const status = $("status");
  status.textContent = status.textContent.replace(/ · ⏱ \d+\D*$/, "") + ` · ⏱ ${left}${scene.words.seconds}`;
}
setInterval(tick, 1000);

// ----- a finished deal replayed: each step's frame is a scene, drawn by render() as the table is

async function openReplay(ref, step) {
  const { status, data } = await api("api/replay/" + encodeURIComponent(ref));
  if (status !== 200) {  // refused: what was drawn stays drawn
    const refusal = (data && data.alert) || "HTTP " + status;
    if (!scene) { $("home").hidden = true; $("status").textContent = refusal; }
    return say(refusal);
  }
  if (source) { source.close(); source = null; }
  tableId = null;
  play(false);
  const url = new URL(location.href);
  url.searchParams.delete("table"); url.searchParams.delete("step"); url.searchParams.set("replay", ref);
  history.replaceState(null, "", url);
  replay = data;
  showStep(Number(step) || 0);
  if (tg) tg.BackButton.show();
}

function showStep(step) {
  const last = replay.frames.length - 1;
  replayStep = Math.max(0, Math.min(step, last));
  const frame = replay.frames[replayStep];
  render(Object.assign({}, replay, frame));
  $("status").textContent = titleOf(frame.board);
  $("caption").textContent = frame.caption;
  const hands = $("hands");
  hands.textContent = "";
  frame.hands.forEach(([seat, codes]) => {
    const row = el("div", "handrow");
    row.dataset.seat = seat;
    const cards = el("div");
    codes.forEach((code) => cards.append(cardEl(code)));
    row.append(el("b", "", replay.names[seat]), cards);
    hands.append(row);
  });
  const ref = replay.replay, table = /^t(\d+)_/.exec(ref);
  $("prev-deal").hidden = replay.deal <= 1;
  $("next-deal").hidden = replay.deal >= replay.deals;
  $("back").hidden = !table;  // a table's deal: back to the table
  $("back").textContent = replay.words.open;
  $("prev-deal").onclick = () => openReplay(ref.replace(/_\d+$/, "_" + (replay.deal - 1)), 0);
  $("next-deal").onclick = () => openReplay(ref.replace(/_\d+$/, "_" + (replay.deal + 1)), 0);
  $("back").onclick = () => openTable(table[1]);
  $("first").disabled = $("prev").disabled = replayStep === 0;
  $("next").disabled = $("last-step").disabled = replayStep === last;
  $("replay").hidden = false;
  if (replayStep === last) play(false);
}

function play(on) {
  clearInterval(autoplay);
  autoplay = on ? setInterval(() => showStep(replayStep + 1), 900) : null;
  $("autoplay").classList.toggle("on", !!autoplay);
  $("autoplay").textContent = autoplay ? "⏸" : "▶▶";
}

function leaveReplay() {
  if (!replay) return;
  play(false);
  replay = null;
  $("replay").hidden = true; $("hands").textContent = "";
}

$("first").onclick = () => showStep(0);
$("prev").onclick = () => showStep(replayStep - 1);
$("next").onclick = () => showStep(replayStep + 1);
$("last-step").onclick = () => showStep(Infinity);
$("autoplay").onclick = () => {
  if (replayStep === replay.frames.length - 1) showStep(0);
  play(!autoplay);
};
document.addEventListener("keydown", (event) => {
  if (!replay) return;
  if (event.key === "ArrowLeft") showStep(replayStep - 1);
  if (event.key === "ArrowRight") showStep(replayStep + 1);
});

// ----- home (try mode): sign in, open or watch a table

async function home() {
  leaveReplay();
  if (source) { source.close(); source = null; }
  tableId = null; scene = null;
  $("board").hidden = true; $("home").hidden = false;
  if (tg) tg.BackButton.hide();
  const { status, data } = await api("api/trial");
  if (status === 404) { $("status").textContent = "Open this table from Telegram."; return; }
  if (status === 401) { $("signin").hidden = false; return; }
  $("signin").hidden = true;
  $("title").textContent = "Սեղան"; $("status").textContent = "";
  const games = $("games");
  games.textContent = "";
  data.games.forEach((game) => {
    const button = el("button", "", "🃏 " + (data.titles[game] || game));
    button.dataset.game = game;
    button.onclick = async () => {
      const made = await api("api/trial/new", { game });
      if (made.status === 200) openTable(made.data.table); else say((made.data && made.data.alert) || "");
    };
    games.append(button);
  });
  const list = $("tables");
  list.textContent = "";
  data.tables.forEach((t) => {
    const item = el("li", "", `#${t.id} ${data.titles[t.game] || t.game} · ${t.status} · ${t.seats.join(", ")} `);
    const open = el("button", "", "→");
    open.dataset.table = t.id;
    open.onclick = () => openTable(t.id);
    item.append(open);
    list.append(item);
  });
}

$("signin").onsubmit = async (event) => {
  event.preventDefault();
  const { status, data } = await api("api/trial/signin", { name: $("name").value, lang: $("lang").value });
  if (status === 200) { setSession(data.session); start(); }
};

// ----- Telegram

function loadTelegram() {
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-web-app.js";
    script.onload = script.onerror = () => resolve();
    document.head.append(script);
  });
}

async function start() {
  const params = new URLSearchParams(location.search);
  const table = params.get("table"), ref = params.get("replay");
  if (ref) openReplay(ref, params.get("step")); else if (table) openTable(table); else home();
}

async function boot() {
  if (location.hash.includes("tgWebAppData")) {
    await loadTelegram();
    tg = window.Telegram && window.Telegram.WebApp;
  }
  if (tg && tg.initData) {
    tg.ready(); tg.expand();
    tg.BackButton.onClick(() => { tg.close(); });
    const response = await fetch("api/session", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ initData: tg.initData }) });
    if (!response.ok) { $("status").textContent = "HTTP " + response.status; return; }
    const data = await response.json();
    setSession(data.session);
    if (data.table) return openTable(data.table);
    if (data.replay) return openReplay(data.replay, 0);
  }
  start();
}

boot();
