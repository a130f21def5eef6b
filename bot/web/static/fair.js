// Fair deals and pasted deals (issue 41), beside page.js (whose press, api, replay and showStep
// it calls once the page runs).
// - Each press from this page carries 16 random bytes drawn here: a fair lobby mixes those of
//   the presses that seat and start it into its deals, beside the secret it committed to (🔒)
//   before they existed, so the server could neither know nor choose them.
// - 📄 under a replayed deal: the deal as one text (the server says what the viewer may see).
// - 📄 at home: a pasted deal opened as a replay.
// - The commitment kept on this device from before the first card, and the secret revealed at
//   the match's end hashed here (SHA-256) and compared with it: the result card says whether it
//   opens it. (The full check of every deal is `python -m engine.fair`, in the summary.)
const seghanFair = {
  extra() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return { nonce: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") };
  },

  async check(s) {
    const fair = s.fair, key = "seghan-commit-" + s.table;
    if (!fair) return;
    if (!fair.secret) {  // before the end: keep the one shown in the lobby, or the first seen
      if (s.status === "lobby" || !localStorage.getItem(key)) localStorage.setItem(key, fair.commitment);
      return;
    }
    if (!(crypto.subtle && s.status === "finished")) return;  // http on a LAN: no WebCrypto
    const seen = localStorage.getItem(key) || fair.commitment;
    const bytes = (hex) => Uint8Array.from(hex.match(/../g) || [], (h) => parseInt(h, 16));
    const digest = await crypto.subtle.digest("SHA-256",
      new Uint8Array([...bytes(fair.tag), ...bytes(fair.secret)]));
    const opened = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    const kept = opened === seen && opened === fair.commitment;
    const short = seen.slice(0, 4) + " " + seen.slice(4, 8);
    const line = document.createElement("div");
    line.id = "faircheck"; line.className = kept ? "kept" : "broken";
    line.textContent = s.words[kept ? "fair-kept" : "fair-broken"].replace("{short}", short);
    const box = document.getElementById("resultlines");
    const old = document.getElementById("faircheck");
    if (old) old.remove();
    if (!document.getElementById("result").hidden) box.append(line);
    localStorage.removeItem(key);  // checked: a reload compares with the scene's own
  },

  pasteButton() {  // under the replay: the deal of a table ('t12_3') or a stored match ('m4_1')
    const button = document.createElement("button");
    button.id = "paste"; button.textContent = "📄";
    button.onclick = () => {
      const ref = /^([tm])(\d+)_(\d+)$/.exec((replay && replay.replay) || "");
      if (ref) press(`d|${ref[2]}|0|${ref[1]}${ref[3]}`);
    };
    document.getElementById("controls").append(button);
  },

  pasteBox() {  // at home: paste a deal's text, see it replayed
    const box = document.createElement("details");
    box.id = "pastebox";
    const text = document.createElement("textarea"), open = document.createElement("button");
    text.id = "pastetext"; text.rows = 6; text.placeholder = "seghan deal 1 …";
    open.id = "pasteopen"; open.textContent = "▶";
    open.onclick = async () => {
      const { status, data } = await api("api/paste", { text: text.value });
      if (status !== 200) return say((data && data.alert) || "HTTP " + status);
      replay = data;
      showStep(0);
    };
    box.append(Object.assign(document.createElement("summary"), { textContent: "📄" }), text, open);
    document.getElementById("home").append(box);
  },
};
document.addEventListener("DOMContentLoaded", () => { seghanFair.pasteButton(); seghanFair.pasteBox(); });
