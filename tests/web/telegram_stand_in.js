// A stand-in of telegram-web-app.js for the page's tests (never served by the bot): the WebApp
// object the page uses, recording every call; the test reads ``calls`` and presses the buttons
// through ``handlers``. ``initData`` is set by the test.
window.Telegram = { WebApp: (() => {
  const calls = [], handlers = {};
  const record = (name) => (...args) => { calls.push([name, ...args]); };
  const button = (name) => ({ show: record(name + ".show"), hide: record(name + ".hide"),
    setText: record(name + ".setText"),
    onClick: (f) => { handlers[name] = f; calls.push([name + ".onClick"]); } });
  return { calls, handlers, initData: "", initDataUnsafe: {}, themeParams: {},
    ready: record("ready"), expand: record("expand"), close: record("close"),
    disableVerticalSwipes: record("disableVerticalSwipes"),
    BackButton: button("BackButton"), MainButton: button("MainButton"),
    HapticFeedback: { impactOccurred: record("impactOccurred"),
      notificationOccurred: record("notificationOccurred"),
      selectionChanged: record("selectionChanged") } };
})() };
