// Fair deals (issue 41): each press from this page carries 16 random bytes drawn here. A fair
// lobby mixes those of the presses that seat and start it into its deals, beside the secret
// it committed to (🔒) before they existed: the server could neither know nor choose them.
const seghanFair = {
  extra() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return { nonce: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") };
  },
};
