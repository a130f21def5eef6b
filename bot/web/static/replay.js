// A finished deal replayed: each step's frame is a scene, drawn by render() as the table is.
"use strict";

async function openReplay(ref, step) {
  const { status, data } = await api("api/replay/" + encodeURIComponent(ref));
  if (status !== 200) {  // refused: what was drawn stays drawn
    const refusal = (data && data.alert) || "HTTP " + status;
    if (!scene) { $("home").hidden = true; showStatus(refusal); }
    return say(refusal);
  }
  // a deal of the table this viewer plays at: its stream stays open, for their turn (below)
  const playingHere = scene && !replay && scene.status === "playing" && scene.seat !== null
    && ref.startsWith(`t${scene.table}_`);
  if (source && !playingHere) { source.close(); source = null; }
  tableId = null; newest = null; turnDeadline = null;
  $("result").hidden = true;
  play(false);
  const url = new URL(location.href);
  url.searchParams.delete("table"); url.searchParams.delete("step"); url.searchParams.set("replay", ref);
  history.replaceState(null, "", url);
  const table = playingHere ? scene : null;
  replay = data;
  showStep(Number(step) || 0);
  showBack();
  if (table) behindReplay(table);  // their turn may have come already
}

function showStep(step) {
  const last = replay.frames.length - 1;
  replayStep = Math.max(0, Math.min(step, last));
  const frame = replay.frames[replayStep];
  render(Object.assign({}, replay, frame));
  showStatus(titleOf(frame.board));
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
  autoplay = on ? setInterval(() => showStep(replayStep + 1), 900 * pace) : null;  // the pace setting
  $("autoplay").classList.toggle("on", !!autoplay);
  $("autoplay").textContent = autoplay ? "⏸" : "▶▶";
}

function leaveReplay() {
  if (!replay) return;
  play(false);
  replay = null;
  $("replay").hidden = true; $("hands").textContent = "";
  yourTurn.hidden = true; turnDeadline = null;
}

// The table goes on behind a replay of one of its deals: when it is the viewer's turn, a button
// over the replay says so, with the turn's clock, and takes them back to the table.
const yourTurn = el("button", "", "");
yourTurn.id = "yourturn"; yourTurn.hidden = true;
$("replay").prepend(yourTurn);
let turnDeadline = null;
function behindReplay(s) {
  const mine = s.status === "playing" && s.seat !== null && s.view && s.view.to_act.includes(s.seat);
  turnDeadline = mine ? s.deadline : null;
  yourTurn.hidden = !mine;
  yourTurn.onclick = () => openTable(s.table);
  yourTurn.dataset.text = s.words["your-turn"];
  turnClock();
  if (mine && !yourTurn.dataset.told && tg && tg.HapticFeedback) {
    tg.HapticFeedback.notificationOccurred("warning");
  }
  yourTurn.dataset.told = mine ? "1" : "";
}
function turnClock() {
  if (yourTurn.hidden) return;
  const left = turnDeadline ? " · ⏱" + Math.max(0, Math.round(turnDeadline - Date.now() / 1000)) : "";
  yourTurn.textContent = yourTurn.dataset.text + left;
}
setInterval(turnClock, 1000);

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

