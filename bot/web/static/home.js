// Home (try mode): sign in, open or watch a table; and the start, in Telegram or not.
"use strict";

async function home() {
  leaveReplay();
  if (source) { source.close(); source = null; }
  tableId = null; scene = null; newest = null;
  $("board").hidden = true; $("home").hidden = false; $("result").hidden = true;
  $("homebutton").hidden = true; $("pace").hidden = true; $("four").hidden = true;
  $("tools").textContent = ""; $("rewind").hidden = true;  // the table's ⏯ and 📋 go with it
  if (tg) tg.BackButton.hide();
  $("tables").textContent = "";  // not the last visit's list while the new one comes
  const { status, data } = await api("api/trial");
  if (status === 404) { showStatus("Open this table from Telegram."); return; }
  if (status === 401) { $("signin").hidden = false; return; }
  $("signin").hidden = true;
  $("title").textContent = "Սեղան"; showStatus("");
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
  data.tables.forEach((t) => {  // the server lists the viewer's own tables first
    const status = data.statuses[t.status] || t.status;
    const item = el("li", t.mine ? "mine" : "", `#${t.id} ${data.titles[t.game] || t.game} · ${status} · ${t.seats.join(", ")} `);
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
    telegramButtons();
    const response = await fetch("api/session", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ initData: tg.initData }) });
    if (!response.ok) { showStatus("HTTP " + response.status); return; }
    const data = await response.json();
    setSession(data.session);
    if (data.table) return openTable(data.table);
    if (data.replay) return openReplay(data.replay, 0);
  }
  start();
}

boot();
