// The felt: the seats round it (team colours, the dealer, a bid's bubble, the turn's clock),
// the cards on it, the last trick, the contract's badges, and the deal's result over it. Every
// figure comes in the scene's "felt" (bot/views/felt.py): nothing is counted here.
"use strict";
// Lines of a screen the felt draws (or the header shows): the rest is written under the felt.
// A hand's lines of the teams' standings say what the board's lines say already.
const FELT = new Set(["title", "seat", "trick", "last", "contract", "bid"]);
const HAND_FELT = new Set([...FELT, "suit", "hand", "team"]);

function seatPlace(seat, s) {
  const n = s.names.length, me = s.seat === null ? 0 : s.seat;
  const angle = Math.PI / 2 + ((seat - me + n) % n) * 2 * Math.PI / n;
  return [50 + 40 * Math.cos(angle), 50 + 39 * Math.sin(angle)];
}

function seatNote(view, seat) {
  if (!view) return "";
  const standings = view.standings;
  let entry = seat;
  if (standings.by_team) entry = view.teams.findIndex((team) => team.includes(seat));
  let note = String(standings.values[entry]).replace("-", "−");
  if (view.hand_sizes) note += " · 🂠" + view.hand_sizes[seat];
  return note;
}

// A side seat's label is centred on its place, so a long name (or a wide font) would run past
// the felt's edge: slide it in, by what the browser measured rather than a guessed width.
function keepInside(node, x) {
  const wide = $("felt").clientWidth, half = node.offsetWidth / 2, at = x * wide / 100;
  const inside = Math.min(Math.max(at, half), wide - half);
  if (half && inside !== at) node.style.left = inside + "px";
}

function drawSeats(s) {
  const box = $("seats"), toAct = new Set(s.view ? s.view.to_act : []), felt = s.felt || {};
  box.textContent = "";
  $("felt").classList.toggle("crowded", s.names.length > 6);  // less room for the badges
  $("felt").classList.toggle("many", s.names.length > 4);  // a seat in each lower corner: the last trick moves
  s.names.forEach((name, seat) => {
    const [x, y] = seatPlace(seat, s), team = (felt.teams || [])[seat];
    const node = el("div", "seat" + (toAct.has(seat) ? " turn" : "") + (seat === s.seat ? " me" : "")
      + (team === undefined ? "" : " team" + team) + ((felt.out || []).includes(seat) ? " out" : ""));
    node.style.left = x + "%"; node.style.top = y + "%";
    node.dataset.seat = seat;
    node.append(el("span", "name", name), el("small", "", seatNote(s.view, seat)));
    if (felt.dealer === seat) {
      const chip = el("i", "dealer", "●");
      chip.title = s.words.dealer;
      node.append(chip);
    }
    if (felt.declarer === seat && felt.badges.length) node.append(el("i", "declarer", "★"));
    const bid = (felt.bids || {})[seat];
    if (bid) node.append(el("b", "bid", bid));
    if (toAct.has(seat) && s.deadline && s.status === "playing") node.append(el("b", "clock"));
    box.append(node);
    keepInside(node, x);
  });
  const badges = $("badges");
  badges.textContent = "";
  (felt.badges || []).forEach((text) => badges.append(el("span", "badge", text)));
  if (felt.lower) badges.append(el("span", "badge lower", s.words.lower));
}

// The cards on the felt, each towards the seat that played it.
function drawTrick(s, cards) {
  const box = $("trick");
  box.textContent = "";
  cards.forEach(([seat, code]) => {
    const [x, y] = seatPlace(seat, s), card = cardEl(code);
    card.style.left = 50 + (x - 50) * 0.38 + "%"; card.style.top = 50 + (y - 50) * 0.34 + "%";
    card.dataset.seat = seat;
    box.append(card);
  });
  const view = s.view;
  if (!cards.length && view && Array.isArray(view.table)) {  // a combination to beat (Thirteen)
    view.table.forEach((code, k) => {
      const card = cardEl(code);
      card.style.left = 50 + (k - (view.table.length - 1) / 2) * 10 + "%"; card.style.top = "50%";
      box.append(card);
    });
  }
}

// The trick swept to its winner: the cards slide to the seat and fade.
function sweep(s, winner) {
  const [x, y] = seatPlace(winner, s);
  document.querySelectorAll("#trick .card").forEach((card) => {
    card.classList.add("swept");
    card.style.left = x + "%"; card.style.top = y + "%";
  });
}

function drawLast(s, trick, label) {
  const last = $("last");
  last.textContent = "";
  if (!trick) return;
  last.append(el("div", "label", label + ": " + s.names[trick.winner]));
  const cards = el("div", "cards");
  trick.cards.forEach(([, code]) => cards.append(cardEl(code)));
  last.append(cards);
}

// The deal's result over the felt (the engine's record, worded as the group's post), with its
// last trick, until tapped or a few seconds pass; a finished match's stays, with 🔁 and 📋.
function showResult(s, lines, rows, closes) {
  const box = $("result");
  $("resultlines").textContent = "";
  lines.forEach((text, k) => $("resultlines").append(el(k ? "div" : "b", "", text)));
  drawButtons($("resultbuttons"), rows);
  box.hidden = false;
  if (!closes) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); box.hidden = true; box.onclick = null; resolve(); };
    const timer = setTimeout(done, closes);
    box.onclick = done;
  });
}

// A turned phone or a resized window: the seats and the hand measured again against the new width.
addEventListener("resize", () => { if (scene && !$("board").hidden) { drawSeats(scene); fitHand(); } });
