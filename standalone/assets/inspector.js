"use strict";
(function () {
  const data = JSON.parse(document.getElementById("memory-data").textContent);
  const served = data.meta.served || null;
  const COLORS = { episodic: "#90a4ae", semantic: "#2e7d32", procedural: "#e65100",
                   opinion: "#8e24aa", entity: "#f9a825", person: "#1e88e5" };
  const KIND_NAMES = { episodic: "turn", semantic: "fact", procedural: "procedure",
                       opinion: "opinion", entity: "entity" };
  const PEOPLE = new Set(["person", "pet"]);
  // Drawn at most: a graph of more dots than this is no longer read, only looked at.
  const DRAW_MAX = 160, ENTITY_MAX = 60, PAIR_MAX = 120, LABEL_PX = 13;
  const byId = new Map();
  data.nodes.forEach((n) => byId.set(n.id, n));
  data.entities.forEach((e) => byId.set(e.id, e));
  const people = new Map(data.overview.people.map((p) => [p.id, p]));
  const facts = new Map(data.overview.facts.map((f) => [f.id, f]));
  const $ = (id) => document.getElementById(id);
  const inspector = { data, layoutMs: null, readyAt: null, cy: null };
  window.inspector = inspector;

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text != null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function day(t) { return t == null ? "" : new Date(t * 1000).toISOString().slice(0, 10); }
  function stamp(t) { return t == null ? "—" : new Date(t * 1000).toISOString().replace("T", " ").slice(0, 16); }
  function plural(n, one, many) { return `${n} ${n === 1 ? one : many || one + "s"}`; }

  // -- nothing remembered yet --------------------------------------------------
  if (!data.nodes.length && !data.overview.people.length && !data.overview.facts.length) {
    for (const id of ["side", "graph", "panel", "timeline-box"]) $(id).remove();
    const box = el("section"); box.id = "empty";
    box.append(el("h2", "Nothing remembered yet"),
      el("p", `${data.meta.db} holds no memories in this view. Talk to the agent, or tell the memory something:`),
      el("p")); box.lastChild.append(el("code", 'agent-memory remember "My sister Lena lives in Linz"'));
    box.append(el("p", "or bring a conversation in with agent-memory ingest FILE, then look again."));
    document.body.append(box);
    $("meta").textContent = `${data.meta.db}: empty`;
    inspector.readyAt = performance.now(); document.body.dataset.ready = "1";
    inspector.ready = Promise.resolve(inspector);
    return;
  }

  // -- who and what: the list on the left --------------------------------------
  const side = $("side");
  function item(list, id, lines) {
    const li = el("li"); li.dataset.id = id;
    lines.forEach((line) => line && li.append(line));
    li.addEventListener("click", () => select(id));
    list.append(li);
  }
  side.append(el("h2", `People (${data.overview.people.length})`));
  const peopleList = el("ul"); peopleList.id = "people"; side.append(peopleList);
  for (const p of data.overview.people) {
    const about = [p.relation, p.type === "pet" ? "pet" : null, plural(p.mentions, "mention")];
    item(peopleList, p.id, [el("div", p.name, "name"), el("div", about.filter(Boolean).join(" · "), "sub"),
      p.aliases.length ? el("div", `also: ${p.aliases.join(", ")}`, "sub") : null]);
  }
  if (!data.overview.people.length) peopleList.append(el("li", "no people yet", "muted"));
  const shownFacts = data.overview.facts.length;
  side.append(el("h2", `Facts (${shownFacts >= data.overview.facts_cap ? "newest " : ""}${shownFacts})`));
  const factList = el("ul"); factList.id = "facts"; side.append(factList);
  for (const f of data.overview.facts) {
    const when = [`since ${day(f.when)}`, f.expires_at ? `expires ${day(f.expires_at)}` : null];
    item(factList, f.id, [el("div", f.text), el("div", when.filter(Boolean).join(" · "), "sub"),
      ...f.versions.map((v) => el("div", `was: ${v.text}`, "old"))]);
  }
  if (!data.overview.facts.length) factList.append(el("li", "no facts yet", "muted"));

  // -- the graph: a way in, drawn small enough to read ---------------------------
  const showTurns = $("show-turns");
  const nonTurns = data.nodes.filter((n) => n.kind !== "episodic");
  showTurns.checked = !nonTurns.length && !data.entities.length;
  function colorOf(item) {
    if (item.kind !== "entity") return COLORS[item.kind];
    return PEOPLE.has(item.entity_type) ? COLORS.person : COLORS.entity;
  }
  function elementsToDraw() {
    const entities = [...data.entities].sort((a, b) => b.mentions - a.mentions).slice(0, ENTITY_MAX);
    const pool = showTurns.checked ? data.nodes : nonTurns;
    const memories = pool.slice(0, Math.max(0, DRAW_MAX - entities.length));
    const drawn = new Set([...entities, ...memories].map((x) => x.id));
    const els = [];
    for (const n of memories) els.push({ group: "nodes", classes: n.valid_until == null ? "" : "superseded",
      data: { id: n.id, label: n.label, kind: n.kind, color: colorOf(n), size: 14 + 22 * n.confidence } });
    for (const e of entities) els.push({ group: "nodes", data: { id: e.id, label: e.label, kind: "entity",
      color: colorOf(e), size: 22 + Math.min(30, 5 * Math.log2(1 + e.mentions)) } });
    data.edges.forEach((e, i) => { if (drawn.has(e.s) && drawn.has(e.t)) els.push({ group: "edges",
      data: { id: "x" + i, source: e.s, target: e.t, type: e.type } }); });
    if (!showTurns.checked) els.push(...together(drawn));
    inspector.drawnCount = memories.length + entities.length;
    inspector.poolCount = pool.length + data.entities.length;
    return els;
  }
  // With turns hidden, who comes up with whom links the entities instead.
  function together(drawn) {
    const pairs = new Map();
    for (const n of data.nodes) {
      const ids = n.entities.filter((id) => drawn.has(id)).sort();
      for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) {
        const key = ids[i] + " " + ids[j]; pairs.set(key, (pairs.get(key) || 0) + 1);
      }
    }
    return [...pairs].sort((a, b) => b[1] - a[1]).slice(0, PAIR_MAX).map(([key, count], i) => {
      const [s, t] = key.split(" ");
      return { group: "edges", data: { id: "p" + i, source: s, target: t, type: "together", w: Math.min(6, 1 + Math.log2(count)) } };
    });
  }
  let zoom = 1;
  // Labels keep at least LABEL_PX on screen whatever the zoom; memories (many,
  // long) are labelled only when they can be read without overlapping.
  const labelled = (n) => n.data("kind") === "entity" || n.selected() || zoom >= 0.9 || inspector.drawnCount <= 24;
  const style = [
    { selector: "node", style: { "background-color": "data(color)", width: "data(size)", height: "data(size)",
      label: (n) => (labelled(n) ? n.data("label") : ""), "font-size": () => LABEL_PX / Math.min(zoom, 1),
      color: "#111", "text-outline-color": "#fff", "text-outline-width": () => 2 / Math.min(zoom, 1),
      "text-max-width": () => `${180 / Math.min(zoom, 1)}px`, "text-wrap": "ellipsis",
      "text-valign": "bottom", "text-margin-y": 3 } },
    { selector: 'node[kind="entity"]', style: { shape: "round-rectangle", "font-weight": "bold" } },
    { selector: "node.superseded", style: { opacity: 0.7, "border-width": 3, "border-style": "dashed", "border-color": "#c62828" } },
    { selector: "edge", style: { width: 1.5, "line-color": "#b0b0b0", "curve-style": "haystack", opacity: 0.8 } },
    { selector: 'edge[type="mentions"]', style: { "line-color": "#e0c060" } },
    { selector: 'edge[type="together"]', style: { "line-color": "#7aa7d6", width: "data(w)" } },
    { selector: 'edge[type="supersedes"], edge[type="derived_from"], edge[type="causal"]',
      style: { "curve-style": "bezier", "target-arrow-shape": "triangle" } },
    { selector: 'edge[type="supersedes"]', style: { "line-color": "#c62828", "target-arrow-color": "#c62828", width: 3 } },
    { selector: 'edge[type="derived_from"]', style: { "line-color": "#1565c0", "target-arrow-color": "#1565c0", width: 2, "line-style": "dashed" } },
    { selector: 'edge[type="causal"]', style: { "line-color": "#d81b60", "target-arrow-color": "#d81b60", width: 2 } },
    { selector: ".faded", style: { opacity: 0.15 } },
    { selector: "node.match", style: { "border-width": 5, "border-color": "#ffb300", opacity: 1, "z-index": 10 } },
    { selector: "node:selected", style: { "border-width": 5, "border-color": "#000", opacity: 1, "z-index": 11 } },
  ];
  const started = performance.now();
  const cy = cytoscape({ container: $("graph"), style, layout: { name: "preset" }, minZoom: 0.05, maxZoom: 4 });
  inspector.cy = cy;
  function draw() {
    cy.elements().remove();
    cy.add(elementsToDraw());
    const layout = cy.layout({ name: "cose", animate: false, randomize: true, numIter: 400,
      nodeRepulsion: () => 9000, idealEdgeLength: () => 70, padding: 30 });
    return new Promise((resolve) => {
      layout.one("layoutstop", () => { cy.fit(undefined, 30); zoom = cy.zoom(); cy.style().update(); resolve(); });
      layout.run();
    });
  }
  cy.on("zoom", () => { zoom = cy.zoom(); cy.style().update(); });
  inspector.ready = draw().then(() => {
    inspector.layoutMs = performance.now() - started;
    inspector.readyAt = performance.now();
    document.body.dataset.ready = "1";
    return inspector;
  });
  showTurns.addEventListener("change", () => { draw().then(header); });

  // -- header ------------------------------------------------------------------
  function header() {
    const m = data.meta;
    const filters = Object.entries(m.filters).filter(([k, v]) => v != null && k !== "limit")
      .map(([k, v]) => `${k}=${k === "after" || k === "before" ? day(v) : v}`);
    $("meta").textContent = `${m.db}: ${plural(m.memory_nodes, "memory", "memories")},` +
      ` ${plural(m.memory_entities, "entity", "entities")}` +
      ` · graph: ${inspector.drawnCount} of ${inspector.poolCount}` +
      (showTurns.checked ? "" : " (turns hidden)") + (filters.length ? ` · ${filters.join(", ")}` : "");
  }
  header();

  // -- side panel --------------------------------------------------------------
  const panel = $("panel");
  function fields(pairs) {
    const dl = el("dl");
    for (const [k, v] of pairs) {
      if (v == null || v === "" || (Array.isArray(v) && !v.length)) continue;
      dl.append(el("dt", k), el("dd", Array.isArray(v) ? v.join(", ") : v));
    }
    return dl;
  }
  // Attributes as "key: value" lines a person reads, not a JSON dump.
  function readable(attrs) {
    return Object.entries(attrs || {}).map(([k, v]) => [k.replace(/_/g, " "),
      v !== null && typeof v === "object" ? (Array.isArray(v) ? v.map(String) : Object.entries(v)
        .map(([a, b]) => `${a}: ${b}`).join("; ")) : String(v)]);
  }
  function reference(id) {
    const li = el("li");
    const known = byId.get(id) || facts.get(id);
    if (known) {
      const button = el("button", `${KIND_NAMES[known.kind] || "fact"}: ${known.label || known.text}`, "link");
      button.addEventListener("click", () => select(id));
      li.append(button);
    } else {
      const ref = data.refs[id];
      li.append(el("span", ref ? `${KIND_NAMES[ref.kind]} (${day(ref.when)}): ${ref.text}` : `memory ${id.slice(1)}`, "muted"));
    }
    return li;
  }
  function section(title, ids) {
    if (!ids || !ids.length) return [];
    const ul = el("ul");
    ids.forEach((id) => ul.append(reference(id)));
    return [el("h3", title), ul];
  }
  function showNode(n) {
    panel.append(el("h2", `${KIND_NAMES[n.kind]}` + (n.valid_until == null ? "" : " — replaced")));
    const text = el("div", n.text); text.id = "panel-text"; panel.append(text);
    panel.append(fields([
      ["confidence", `${Math.round(n.confidence * 100)}%`],
      ["about", stamp(n.when)], ["stored", stamp(n.created_at)],
      ["replaced on", n.valid_until == null ? null : stamp(n.valid_until)],
      ["expires", n.expires_at == null ? null : stamp(n.expires_at)],
      ["thread", n.thread], ["said by", n.role === "orchestrator" ? "assistant" : n.role],
      ["source", n.source], ["recalled", n.accessed ? `${n.accessed}×` : null],
      ["about whom", (n.entities || []).map((e) => byId.get(e).label)],
    ]));
    const attrs = readable(n.attributes);
    if (attrs.length) panel.append(el("h3", "details"), fields(attrs));
    const h = n.history || {};
    panel.append(...section("learned from", h.sources), ...section("gave rise to", h.derived),
      ...section("replaces", h.supersedes), ...section("replaced by", h.superseded_by));
    const f = facts.get(n.id);
    if (f && f.versions.length) panel.append(el("h3", "earlier versions"), ...f.versions.map((v) =>
      el("div", `${v.text} (until ${day(v.until)})`, "old")));
    if (served && n.kind !== "episodic" && n.valid_until == null) panel.append(actions(n));
  }
  function showEntity(e) {
    panel.append(el("h2", `${e.label || e.name}`));
    const type = e.entity_type || e.type;
    const relation = (e.attributes && e.attributes.relation) || e.relation;
    panel.append(fields([["is", [type, relation].filter(Boolean).join(", ")], ["also called", e.aliases],
      ["mentions", e.mentions], ["first seen", e.created_at ? stamp(e.created_at) : null]]));
    if (e.summary) { const text = el("div", e.summary); text.id = "panel-text"; panel.append(text); }
    else if (e.said && e.said.length) {
      panel.append(el("h3", "what the memory says"));
      const ul = el("ul"); e.said.forEach((s) => ul.append(el("li", s))); panel.append(ul);
    }
    const attrs = readable(e.attributes).filter(([k]) => k !== "relation");
    if (attrs.length) panel.append(el("h3", "details"), fields(attrs));
    const linked = cy.getElementById(e.id).neighborhood("node").map((x) => x.id());
    panel.append(...section(`linked in the graph (${linked.length})`, linked.slice(0, 100)));
  }
  function select(id) {
    const node = cy.getElementById(id);
    cy.elements(":selected").unselect();
    if (!node.empty()) {
      node.select();
      const box = node.renderedBoundingBox();
      if (box.x1 < 0 || box.y1 < 0 || box.x2 > cy.width() || box.y2 > cy.height()) cy.center(node);
    }
    panel.replaceChildren();
    panel.dataset.node = id;
    const item = byId.get(id) || people.get(id);
    if (item && (item.kind === "entity" || people.has(id))) showEntity({ ...people.get(id), ...item });
    else if (item) showNode(item);
    else if (facts.has(id)) { const f = facts.get(id); showNode({ id, kind: "semantic", text: f.text,
      confidence: f.confidence, when: f.when, expires_at: f.expires_at, valid_until: null }); }
    drawTimeline();
  }
  inspector.select = select;
  cy.on("tap", "node", (event) => select(event.target.id()));

  // -- forget and correct (served mode only) ------------------------------------
  function actions(n) {
    const box = el("div", null, "actions");
    const forget = el("button", "Forget this"); forget.id = "forget";
    const correct = el("button", "Correct…"); correct.id = "correct";
    forget.addEventListener("click", () => {
      if (window.confirm(`Forget “${n.text}”?`)) change("forget", { id: n.id.slice(1) });
    });
    correct.addEventListener("click", () => {
      const area = el("textarea"); area.id = "correction"; area.value = n.text;
      const save = el("button", "Save correction"); save.id = "save";
      save.addEventListener("click", () => change("correct", { id: n.id.slice(1), text: area.value }));
      box.append(area, save); correct.disabled = true;
    });
    box.append(forget, correct);
    return box;
  }
  async function change(what, body) {
    const status = $("status");
    status.className = ""; status.textContent = "saving…";
    try {
      const reply = await fetch(`/api/${what}`, { method: "POST", body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", "X-Inspector-Token": served.token } });
      const result = await reply.json();
      if (!reply.ok) throw new Error(result.error || reply.statusText);
      status.textContent = result.message;
      window.setTimeout(() => window.location.reload(), 600);
    } catch (err) { status.className = "bad"; status.textContent = String(err.message || err); }
  }
  if (served) { $("refresh").hidden = false; $("refresh").addEventListener("click", () => window.location.reload()); }

  // -- search ------------------------------------------------------------------
  const haystack = new Map();
  for (const n of data.nodes) haystack.set(n.id, `${n.text} ${n.thread || ""}`.toLowerCase());
  for (const e of data.entities) haystack.set(e.id, `${e.label} ${e.aliases.join(" ")} ${e.summary || ""}`.toLowerCase());
  let matches = [];
  const search = $("search");
  search.addEventListener("input", () => {
    const query = search.value.trim().toLowerCase();
    matches = query ? [...haystack].filter(([, text]) => text.includes(query)).map(([id]) => id) : [];
    const hit = new Set(matches);
    cy.batch(() => {
      cy.elements().removeClass("match faded");
      if (!query) return;
      cy.nodes().forEach((node) => node.addClass(hit.has(node.id()) ? "match" : "faded"));
      cy.edges().addClass("faded");
    });
    side.querySelectorAll("li[data-id]").forEach((li) => {
      li.hidden = Boolean(query) && !li.textContent.toLowerCase().includes(query);
    });
    $("matches").textContent = query ? `${matches.length} found` : "";
    drawTimeline();
  });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && matches.length) select(matches[0]);
  });

  // -- timeline: one tick per memory, a labelled row per kind ---------------------
  const canvas = $("timeline");
  const ROWS = [["episodic", "turns"], ["semantic", "facts"], ["procedural", "procedures"], ["opinion", "opinions"]];
  const GUTTER = 96;
  const times = data.nodes.map((n) => n.when);
  const tMin = Math.min(...times), tMax = Math.max(...times);
  $("time-min").textContent = data.nodes.length ? day(tMin) : "";
  $("time-max").textContent = data.nodes.length ? day(tMax) : "";
  const xOf = (t, width) => GUTTER + (tMax > tMin ? (t - tMin) / (tMax - tMin) : 0.5) * (width - GUTTER - 8);
  const rowOf = (kind) => ROWS.findIndex(([k]) => k === kind);
  function drawTimeline() {
    const width = canvas.clientWidth, height = canvas.clientHeight;
    canvas.width = width; canvas.height = height;
    const g = canvas.getContext("2d");
    const hit = new Set(matches), selected = panel.dataset.node;
    const row = (height - 4) / ROWS.length;
    g.font = "12px system-ui, sans-serif"; g.textBaseline = "middle";
    ROWS.forEach(([kind, name], i) => {
      g.fillStyle = i % 2 ? "#fafafa" : "#f1f1ef"; g.fillRect(GUTTER - 4, 2 + i * row, width, row);
      g.fillStyle = "#333"; g.fillText(name, 8, 2 + (i + 0.5) * row);
    });
    for (const n of data.nodes) {
      const x = xOf(n.when, width), y = 2 + rowOf(n.kind) * row;
      const strong = hit.has(n.id) || n.id === selected;
      g.globalAlpha = matches.length && !strong ? 0.15 : 0.85;
      g.fillStyle = n.id === selected ? "#000" : hit.has(n.id) ? "#ffb300" : COLORS[n.kind];
      g.fillRect(x - (strong ? 2 : 1), y + 2, strong ? 4 : 2, row - 4);
    }
    g.globalAlpha = 1;
  }
  canvas.addEventListener("click", (event) => {
    const x = event.offsetX, width = canvas.clientWidth;
    const row = ROWS[Math.floor((event.offsetY - 2) / ((canvas.clientHeight - 4) / ROWS.length))];
    let best = null, bestGap = 6;
    for (const n of data.nodes) {
      const gap = Math.abs(xOf(n.when, width) - x);
      if (row && n.kind === row[0] && gap < bestGap) { best = n; bestGap = gap; }
    }
    if (best) select(best.id);
  });
  window.addEventListener("resize", drawTimeline);
  drawTimeline();
})();
