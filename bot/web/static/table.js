// The table: its stream, one scene drawn, the turn's clock.
"use strict";
let timedSeen = null;  // the turn timer's last move for this viewer already told

function openTable(id) {
  leaveReplay();
  tableId = Number(id);
  const url = new URL(location.href);
  url.searchParams.set("table", tableId);
  history.replaceState(null, "", url);
  if (source) source.close();
  scene = null; newest = null; timedSeen = null;
  showStatus("…");
  $("result").hidden = true;
  source = listen(`api/table/${tableId}/events`, receive, (broken) => {
    if (scene) showStatus(scene.words.connecting);
    if (broken) skipping = true;  // back after a break: the present, not what was missed
  });
  showBack();
  $("pace").hidden = false; $("four").hidden = false; showPace();
}

// A four-colour deck (♦ blue, ♣ green), kept on the device.
function setFour(on) {
  document.body.classList.toggle("four", on);
  localStorage.setItem("seghan-four", on ? "1" : "");
  $("four").setAttribute("aria-pressed", String(on));
}
setFour(!!localStorage.getItem("seghan-four"));
$("four").onclick = () => setFour(!document.body.classList.contains("four"));

function render(s, around) {
  scene = s;
  $("home").hidden = true; $("board").hidden = false;
  document.documentElement.lang = s.lang;
  $("four").title = s.words.four;
  $("title").textContent = s.title || "Սեղան";
  showStatus((s.seat === null ? s.words.spectator + " · " : "") + titleOf(s.board));
  drawSeats(s);
  if (!around) drawTrick(s, (s.view && s.view.trick) || []);
  drawLast(s, s.last_trick, s.last_label || s.words["last-trick"]);
  const info = texts(s.board, FELT);
  $("info").textContent = s.status === "finished" ? "" : info.join("\n");
  $("handinfo").textContent = texts(s.hand, HAND_FELT).filter((t) => !info.includes(t)).join("\n");
  drawHand(s);
  drawButtons($("buttons"), s.status === "finished" ? [] : buttonRows(s, s.hand || s.board));
  drawButtons($("tools"), s.hand ? buttonRows(s, s.board) : []);
  const done = s.table && s.view ? s.view.history.length : 0;  // a finished deal: ⏯ replays it
  $("rewind").hidden = !done;
  $("rewind").textContent = "⏯ " + done;
  $("rewind").onclick = () => openReplay(`t${s.table}_${done}`, 0);
  if (s.status === "finished" && !replay) {  // the match's results card, with 🔁 and 📋
    const last = s.felt && s.felt.result ? ["", s.words.result, ...s.felt.result.lines] : [];
    showResult(s, [titleOf(s.board), ...info, ...last], buttonRows(s, s.board), 0);
  }
  if (!replay) seghanFair.check(s);
  if (!around) note("scene", { move: s.move, deal: s.view ? s.view.deal : 0, status: s.status });
  toldTimed(s);
  if (!around && !replay) telegramScene(s);
  tick();
}

function drawHand(s) {
  const hand = $("hand"), received = new Set((s.felt && s.felt.received) || []);
  hand.textContent = "";
  hand.classList.toggle("auction", !!(s.view && s.felt && Object.keys(s.felt.bids).length));
  s.cards.forEach((c) => {
    const card = cardEl(c.code, c.state + (received.has(c.code) ? " received" : ""));
    if (c.data) card.onclick = () => press(c.data);
    else if (c.why) card.onclick = () => say(c.why);  // the engine's refusal; nothing is sent
    hand.append(card);
  });
  fitHand();
}

// The hand fanned as a player holds it: the cards overlap as much as the width asks, down to
// a strip that still shows each card's rank and suit; a hand too wide for that goes on two rows,
// broken between suits (a suit's cards kept together). Only widths: the order is the server's.
function fitHand() {
  const hand = $("hand"), cards = [...hand.querySelectorAll(".card")];
  hand.textContent = "";
  if (!cards.length) return;
  const line = el("div", "line");
  line.append(...cards);
  hand.append(line);
  const wide = line.clientWidth, card = cards[0].offsetWidth;
  if (!card) return;
  const natural = card - 18, least = Math.ceil(card * 0.45);  // a strip for "10♥"
  const fits = 1 + Math.floor((wide - card) / least);
  const rows = inRows(cards, fits, true), even = inRows(cards, Math.ceil(cards.length / rows.length));
  const fair = even.length === rows.length && even.every((r) => r.length <= fits);
  hand.textContent = "";
  (fair ? even : rows).forEach((cardsOfRow) => {
    const next = el("div", "line"), n = cardsOfRow.length;
    const step = n > 1 ? Math.min(natural, Math.floor((wide - card) / (n - 1))) : natural;
    cardsOfRow.forEach((c, k) => { c.style.marginLeft = k ? step - card + "px" : "0"; });
    next.append(...cardsOfRow);
    hand.append(next);
  });
}

// The cards in rows of up to ``most``, each row broken between two suits (a suit longer than a
// row broken too if ``split``, else left longer). fitHand takes the rows as even as that many
// rows can be if the suits allow, else the fullest.
function inRows(cards, most, split) {
  const rows = [];
  let row = [];
  runs(cards).forEach((run) => {
    if (row.length && row.length + run.length > most) { rows.push(row); row = []; }
    for (; split && run.length > most; run = run.slice(most)) rows.push(run.slice(0, most));
    row = row.concat(run);
  });
  rows.push(row);
  return rows;
}

// The hand's cards in runs of one suit, as the server ordered them.
function runs(cards) {
  const out = [];
  cards.forEach((c) => {
    const last = out[out.length - 1], suit = (c.dataset.code || "")[1];
    if (last && (last[0].dataset.code || "")[1] === suit) last.push(c); else out.push([c]);
  });
  return out;
}

// The turn timer played for this viewer: say which card (once; not for a move before the page
// opened).
function toldTimed(s) {
  const timed = s.timed;
  if (timedSeen === null || !timed) { timedSeen = timed ? timed.move : Math.max(timedSeen, -1); return; }
  if (timed.move > timedSeen) say(s.words.timed + " " + timed.text, "warning");
  timedSeen = timed.move;
}

// The clock on the acting seat; at 10 s it warns (Telegram: a haptic nudge on your turn).
let warned = null;
function tick() {
  const s = scene;
  const clock = document.querySelector(".seat.turn .clock");
  if (!s || !clock || !s.deadline || s.status !== "playing") return;
  const left = Math.max(0, Math.round(s.deadline - Date.now() / 1000));
  clock.textContent = "⏱" + left;
  const mine = s.seat !== null && s.view && s.view.to_act.includes(s.seat);
  clock.classList.toggle("warn", left <= 10);
  if (left <= 10 && mine && warned !== s.move) {
    warned = s.move;
    if (tg && tg.HapticFeedback) tg.HapticFeedback.notificationOccurred("warning");
  }
}
setInterval(tick, 1000);
