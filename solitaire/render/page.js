// The solution page's player: places one <use> per card from the positions
// the page carries (computed in Python from the reference engine), steps
// through them, and animates the cards that move from their old place.
(function () {
  "use strict";
  const D = JSON.parse(document.getElementById("solution-data").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const board = document.getElementById("board");
  const cardLayer = document.getElementById("cards");
  const labelLayer = document.getElementById("labels");
  const fromLayer = document.getElementById("from");
  const moveItems = Array.from(document.querySelectorAll("#moves li"));
  const status = document.getElementById("status");
  const reveal = document.getElementById("reveal");
  const buttons = {};
  for (const id of ["first", "prev", "play", "next", "last"]) buttons[id] = document.getElementById(id);
  const last = D.steps.length - 1;

  // positions[k]: card code -> {x, y, up, z, pile, index}; step 0 lists every card, later steps what changed.
  function decode(steps) {
    const out = [];
    steps.forEach(function (entries, k) {
      const pos = k === 0 ? new Map() : new Map(out[k - 1]);
      for (const [card, x, y, up, z, pile, index] of entries) {
        pos.set(card, { x: x, y: y, up: up === 1, z: z, pile: D.piles[pile], index: index });
      }
      out.push(pos);
    });
    return out;
  }
  const closed = decode(D.steps);
  const opened = decode(D.open_steps); // the same positions with face-down fans opened (cards revealed)
  let positions = closed;
  const known = (D.known || []).map(function (list) { return new Set(list); });

  const uses = new Map();
  for (const card of positions[0].keys()) {
    const el = document.createElementNS(SVG, "use");
    el.setAttribute("class", "card");
    el.setAttribute("width", D.card[0]);
    el.setAttribute("height", D.card[1]);
    el.dataset.card = D.names[card];
    uses.set(card, el);
    cardLayer.appendChild(el);
  }

  let step = -1;
  let shown = null; // the position on the table now
  let timer = null;

  function movedIn(k) {
    // the cards move k took to another pile
    const moved = new Set();
    if (k === 0) return moved;
    for (const [card, p] of positions[k]) if (positions[k - 1].get(card).pile !== p.pile) moved.add(card);
    return moved;
  }

  function faceShown(card, p, k) {
    if (p.up || reveal.value === "all") return true;
    return reveal.value === "player" && known.length > 0 && known[k].has(card);
  }

  function drawFrom(k, moved) {
    // a dashed outline where each moved group came from (its lowest card's old place)
    fromLayer.textContent = "";
    const lowest = new Map();
    for (const card of moved) {
      const p = positions[k - 1].get(card);
      const seen = lowest.get(p.pile);
      if (!seen || p.index < seen.index) lowest.set(p.pile, p);
    }
    for (const p of lowest.values()) {
      const r = document.createElementNS(SVG, "rect");
      r.setAttribute("class", "from");
      r.setAttribute("x", p.x + 1);
      r.setAttribute("y", p.y + 1);
      r.setAttribute("width", D.card[0] - 2);
      r.setAttribute("height", D.card[1] - 2);
      r.setAttribute("rx", 5);
      fromLayer.appendChild(r);
    }
  }

  function drawLabels(k) {
    labelLayer.textContent = "";
    for (const [x, y, text, anchor] of D.labels[k]) {
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("x", x);
      t.setAttribute("y", y);
      t.setAttribute("text-anchor", anchor);
      t.textContent = text;
      labelLayer.appendChild(t);
    }
  }

  function show(k, animate) {
    k = Math.max(0, Math.min(last, k));
    const pos = positions[k];
    const moved = movedIn(k);
    const order = Array.from(pos.keys()).sort(function (a, b) {
      return (moved.has(a) - moved.has(b)) || (pos.get(a).z - pos.get(b).z);
    });
    for (const card of order) {
      const p = pos.get(card);
      const el = uses.get(card);
      const face = faceShown(card, p, k);
      el.setAttribute("href", "#" + (face ? "c-" + D.names[card] : "back"));
      el.classList.toggle("veiled", face && !p.up);
      el.classList.toggle("moved", moved.has(card));
      el.dataset.pile = p.pile;
      el.dataset.index = p.index;
      el.dataset.face = p.up ? "up" : "down";
      el.style.transform = "translate(" + p.x + "px," + p.y + "px)";
      cardLayer.appendChild(el); // stacking order: the moved cards last, over the rest
      const old = shown && shown.get(card);
      if (animate && old && (old.x !== p.x || old.y !== p.y) && el.animate) {
        el.animate([{ transform: "translate(" + old.x + "px," + old.y + "px)" },
                    { transform: "translate(" + p.x + "px," + p.y + "px)" }],
                   { duration: D.animation_ms, easing: "ease-out" });
      }
    }
    drawFrom(k, moved);
    drawLabels(k);
    step = k;
    shown = pos;
    moveItems.forEach(function (li, i) {
      li.classList.toggle("current", i + 1 === k);
      li.classList.toggle("done", i + 1 < k);
      if (i + 1 === k) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    });
    if (k > 0 && moveItems[k - 1]) moveItems[k - 1].scrollIntoView({ block: "nearest" });
    status.textContent = k === 0 ? D.start_text : "move " + k + " of " + last + ": " + D.moves[k - 1]
      + (k === last && D.end_text ? " (" + D.end_text + ")" : "");
    buttons.first.disabled = buttons.prev.disabled = k === 0;
    buttons.next.disabled = buttons.last.disabled = buttons.play.disabled = k === last;
    document.body.dataset.step = k;
    if (k === last) stop();
  }

  function go(k) { show(k, Math.abs(k - step) === 1); }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    buttons.play.textContent = "Play";
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step === last) return;
    buttons.play.textContent = "Pause";
    timer = setInterval(function () { go(step + 1); }, D.play_ms);
  }

  buttons.first.addEventListener("click", function () { stop(); go(0); });
  buttons.prev.addEventListener("click", function () { stop(); go(step - 1); });
  buttons.next.addEventListener("click", function () { stop(); go(step + 1); });
  buttons.last.addEventListener("click", function () { stop(); go(last); });
  buttons.play.addEventListener("click", play);
  reveal.addEventListener("change", function () {
    positions = reveal.value === "backs" ? closed : opened;
    shown = null;
    show(step, false);
  });
  moveItems.forEach(function (li, i) { li.addEventListener("click", function () { stop(); go(i + 1); }); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === reveal) return;
    const keys = {
      ArrowRight: function () { stop(); go(step + 1); }, ArrowLeft: function () { stop(); go(step - 1); },
      Home: function () { stop(); go(0); }, End: function () { stop(); go(last); }, " ": play,
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });

  document.body.dataset.steps = last;
  show(0, false);
  document.body.dataset.ready = "1";
})();
