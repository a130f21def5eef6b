// Fair deals and pasted deals (issue 41), beside page.js (whose press, api, replay and showStep
// it calls once the page runs).
// - Each press from this page carries 16 random bytes drawn here: a fair lobby mixes those of
//   the presses that seat and start it into its deals, beside the secret it committed to (🔒)
//   before they existed, so the server could neither know nor choose them.
// - 📄 under a replayed deal: the deal as one text (the server says what the viewer may see).
// - 📄 at home: a pasted deal opened as a replay.
const seghanFair = {
  extra() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return { nonce: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") };
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
