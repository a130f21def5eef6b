// Inside Telegram: the Mini App's BackButton for the way back, its main button for a confirm,
// haptics on the viewer's turn, vertical swipes off (a card tapped is not a swipe down); its
// theme comes as CSS variables (page.css). Outside Telegram (try mode) the same page without.
"use strict";
let mainData = null, wasMine = false;

function loadTelegram() {
  if (window.Telegram && window.Telegram.WebApp) return Promise.resolve();  // already there
  return new Promise((resolve) => {
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-web-app.js";
    script.onload = script.onerror = () => resolve();
    document.head.append(script);
  });
}

// The way back: from a table's replay to the table; else home (try mode) or out (Telegram).
function back() {
  const table = replay && /^t(\d+)_/.exec(replay.replay);
  if (table) return openTable(table[1]);
  if (tg && tg.initData) return tg.close();
  home();
}
function showBack() {
  if (tg && tg.initData) tg.BackButton.show(); else $("homebutton").hidden = false;
}
$("homebutton").onclick = back;

function telegramButtons() {
  tg.BackButton.onClick(back);
  tg.MainButton.onClick(() => { if (mainData) press(mainData); });
  if (tg.disableVerticalSwipes) tg.disableVerticalSwipes();
}

// After each scene drawn: a nudge when the turn becomes the viewer's; a confirm of toggled cards
// (a Hearts pass, Blot's combinations) on the main button.
function telegramScene(s) {
  if (!tg || !tg.initData) return;
  const mine = s.status === "playing" && s.seat !== null && !!s.view && s.view.to_act.includes(s.seat);
  if (mine && !wasMine && tg.HapticFeedback) tg.HapticFeedback.impactOccurred("medium");
  wasMine = mine;
  const confirm = s.hand ? s.hand.buttons.flat().find((b) => b.kind === "c" && b.data) : null;
  mainData = confirm ? confirm.data : null;
  if (confirm) { tg.MainButton.setText(confirm.text); tg.MainButton.show(); } else tg.MainButton.hide();
}
