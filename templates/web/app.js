// The engine's pages work without this; with it: steppers, checks as she types, and the
// host's dashboard and the TV board update without a reload.
"use strict";

function number(input) {
  const v = input.value.trim();
  return /^[0-9]+$/.test(v) ? parseInt(v, 10) : null;
}

// Hints only, from what the engine hands the page: the boxes that add up to the rounds
// (data-adds-up, data-total), each box's most (max) and likely range (data-likely-*). The
// engine judges the sheet again when it is sent, and its word is the one that counts.
function checkEntry(form) {
  const total = parseInt(form.dataset.total, 10);
  const get = (key) => form.querySelector(`[data-field="${key}"]`);
  const label = (input) => (input.labels[0] ? input.labels[0].textContent : input.name);
  const out = [];
  const parts = (form.dataset.addsUp || "").split(" ").filter(Boolean).map(get);
  if (parts.length && parts.every((input) => input && number(input) !== null)) {
    const sum = parts.reduce((added, input) => added + number(input), 0);
    if (sum !== total) {
      out.push(`${parts.map(label).join(" + ")} = ${sum}, but tonight had ${total} rounds.`);
    }
  }
  for (const input of form.querySelectorAll('input[type="number"][data-field]')) {
    if (input.value.trim() === "") continue;
    const v = number(input), max = parseInt(input.max, 10);
    const low = parseInt(input.dataset.likelyMin, 10), high = parseInt(input.dataset.likelyMax, 10);
    if (v === null || v > max) {
      out.push(`${label(input)}: a whole number from 0 to ${max}.`);
    } else if (v < low || v > high) {
      out.push(`${v} ${label(input)} is very rare: please check.`);
    }
  }
  return out;
}

function wireForm(form) {
  const live = form.querySelector("[data-live]");
  const show = () => { if (live) live.textContent = checkEntry(form).join(" "); };
  form.addEventListener("input", show);
  for (const button of form.querySelectorAll("button.step")) {
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.for);
      const max = parseInt(input.max, 10);
      const next = Math.min(max, Math.max(0, (number(input) || 0) + parseInt(button.dataset.step, 10)));
      input.value = String(next);
      show();
    });
  }
  let warned = false;
  form.addEventListener("submit", (event) => {
    const problems = checkEntry(form);
    if (problems.length && !warned && !form.querySelector('input[name="confirm"]')) {
      event.preventDefault();
      warned = true;
      if (live) live.textContent = problems.join(" ") + " Tap again to send it as written.";
      const go = form.querySelector("button.go");
      if (go) go.textContent = "Send it as written";
      return;
    }
    if (problems.length && !form.querySelector('input[name="confirm"]')) {
      const confirm = document.createElement("input");
      confirm.type = "hidden"; confirm.name = "confirm"; confirm.value = "1";
      form.appendChild(confirm);
    }
  });
  show();
}

function poll(live) {
  let version = live.dataset.version;
  const tick = async () => {
    try {
      const answer = await fetch(`${live.dataset.panel}&v=${encodeURIComponent(version)}`,
                                 { cache: "no-store", headers: { Accept: "application/json" } });
      if (answer.status === 200) {
        const data = await answer.json();
        version = String(data.version);
        live.dataset.version = version;
        live.innerHTML = data.html;
      }
    } catch (e) { /* the laptop may be busy or asleep: try again next tick */ }
    setTimeout(tick, 2000);
  };
  setTimeout(tick, 2000);
}

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.entry")) wireForm(form);
  const live = document.getElementById("live");
  if (live && live.dataset.panel) poll(live);
});
