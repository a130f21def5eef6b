// Playback: the server answers at once and the computers in milliseconds; the page plays the
// moves between the scene it shows and the newest one at a pace a player can follow: each card
// drawn, a full trick held and swept to its winner, a finished deal's result shown before the
// next deal. The pace is the device's (localStorage); a reconnect skips to the present.
"use strict";
const PACES = [0.5, 1, 2];  // the card's time × this: quick, normal, slow
let pace = Number(localStorage.getItem("seghan-pace")) || 1;
const CARD_MS = 500, HOLD_MS = 1000, SWEEP_MS = 300, RESULT_MS = 5000;
let playing = false, newest = null, skipping = false;
const playLog = [];  // what the felt drew and when (the tests read it)

function note(what, extra) { playLog.push(Object.assign({ what, t: performance.now() }, extra)); }
function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms * pace)); }

function setPace(value) {
  pace = value;
  localStorage.setItem("seghan-pace", String(value));
  showPace();
}
// The header's pace button: quick 🐇, normal 🚶, slow 🐢, in turn.
const PACE_SIGNS = { 0.5: "🐇", 1: "🚶", 2: "🐢" };
function showPace() {
  const button = $("pace");
  button.textContent = PACE_SIGNS[pace] || "🚶";
  if (scene) button.title = scene.words.pace;
}
$("pace").onclick = () => setPace(PACES[(PACES.indexOf(pace) + 1) % PACES.length] || 1);

// A scene from the stream: played towards, or drawn at once where there is nothing to play.
function receive(s) {
  newest = s;
  if (replay) return behindReplay(s);  // replay.js: a deal replayed while the table goes on
  if (!playing) catchUp();
}

async function catchUp() {
  playing = true;
  try {
    while (newest && newest !== scene) {
      const next = newest;
      try {
        if (!skipping) await playBetween(scene, next);
      } catch (error) {  // a playback that fails still ends on the present
        console.error(error);
      }
      skipping = false;
      if (replay) break;  // a replay opened meanwhile: the table is drawn when it is back
      render(next);
    }
  } finally {
    playing = false;
    pressWaiting();
  }
}

function samePlay(a, b) { return a && b && a.table === b.table; }

// The tricks of a deal as the scene's view has them: finished ones, then the one on the table.
function tricksOf(s) {
  const v = s && s.view;
  return v && Array.isArray(v.tricks) ? { done: v.tricks, on: v.trick || [] } : null;
}

async function playBetween(before, next) {
  const was = tricksOf(before), now = tricksOf(next);
  if (!samePlay(before, next) || !was || !now || before.status !== "playing") return;
  const deals = (s) => s.view.history.length;
  if (deals(next) === deals(before)) {
    drawAround(next);
    return playTricks(next, was, now);
  }
  if (deals(next) !== deals(before) + 1 || !next.felt || !next.felt.result) return;
  const result = next.felt.result;  // the deal just finished: its last trick, then its result
  $("hand").textContent = ""; $("buttons").textContent = "";
  if (result.last) {
    const shown = was.on.length <= result.last.cards.length
      && was.on.every(([, code], k) => result.last.cards[k][1] === code) ? was.on.length : 0;
    await playCards(next, result.last.cards.slice(0, shown), result.last.cards.slice(shown));
    await hold(next, result.last.winner);
  }
  note("result", { deal: result.deal, text: result.lines.join("\n") });
  if (next.status !== "playing") return;  // the match's end: render() shows its card with it
  await showResult(next, [next.words.result, ...result.lines], [], RESULT_MS * pace);
  note("result-closed", { deal: result.deal });
  drawAround(next);
  await playTricks(next, { done: [], on: [] }, now);
}

// The cards played since ``was`` up to ``now`` within one deal, trick by trick.
async function playTricks(s, was, now) {
  let on = was.on;
  for (let k = was.done.length; k < now.done.length; k++) {
    const trick = now.done[k];
    await playCards(s, on, trick.cards.slice(k === was.done.length ? on.length : 0));
    await hold(s, trick.winner);
    on = [];
  }
  await playCards(s, now.done.length > was.done.length ? [] : on, now.on.slice(
    now.done.length > was.done.length ? 0 : on.length));
}

async function playCards(s, shown, cards) {
  const drawn = shown.slice();
  for (const [seat, code] of cards) {
    drawn.push([seat, code]);
    drawTrick(s, drawn);
    note("card", { seat, code });
    await sleep(CARD_MS);
  }
}

async function hold(s, winner) {
  await sleep(HOLD_MS - CARD_MS);
  sweep(s, winner);
  note("sweep", { winner });
  await sleep(SWEEP_MS);
  drawTrick(s, []);
}

// Everything but the cards on the felt, from the newest scene: the hand, the seats, the buttons
// (a tap meanwhile waits its turn: press()).
function drawAround(s) {
  const keep = scene;
  render(Object.assign({}, s, { view: Object.assign({}, s.view, { trick: [], table: [] }) }), true);
  scene = keep;
}
