// iconsynth preview page: the editor, when `iconsynth preview --serve` serves the page. An edit is
// a change `path = value` of the spec; the page holds its changes, the server applies them to the
// spec's text token by token and sends back what they rebuilt (one motion's animations, one
// theme's colours…), which the viewer swaps in place. At most one rebuild is asked for at a time
// and the latest value always goes next, so a drag never queues behind a slow build. Nothing is
// written until Save; undo and redo step through committed changes (a whole drag is one).
(function () {
  'use strict';
  const viewer = window.iconsynthPreview;
  if (!viewer) return;
  const $ = (id) => document.getElementById(id);
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const keepLast = (list, item) => { list.push(item); if (list.length > 5000) list.shift(); };
  const listeners = { applied: [], error: [], changes: [], begin: [], scrub: [] };
  const emit = (name, arg) => listeners[name].forEach((f) => f(arg));

  const editor = {
    served: viewer.served,
    token: '',
    session: null,          // {file, base, startFolder, conflict}
    paths: new Map(),       // path → {path, group, name, value, unit, kind, min, max, step}
    order: [],              // paths in the document's order
    changes: new Map(),     // path → value: what the page asks for (unsaved)
    base: new Map(),        // path → the value in the file
    good: new Map(),        // path → value of the last build that succeeded (for a refused edit)
    errors: new Map(),      // path → message of a value the spec refused
    drawn: [],              // [{path, written, drawn, why}]
    undo: [], redo: [],     // [{path, before, after}]
    boundPath: null,        // the value the players follow by themselves, in the gesture under way
    // For the benchmark (tools/bench/editor_latency.mjs): each input's time; for each input, the
    // time until the players, and the Cairo frame, show it; each rebuild's round trip and the
    // page's own work on its answer.
    // `patch`: the page's work to move the players by a drag itself (live_players.js).
    // `frameTrip`: the round trip of the shown frame asked for alone; `frameRequests` each such
    // request ({upTo: the last input it carries, sent, answered}) and `cairoShown` each Cairo
    // frame shown ({upTo, at: its image loaded, painted: the animation frame after}), so the
    // benchmark can say where each input's time went.
    latency: { inputs: [], players: [], cairo: [], roundTrip: [], frameTrip: [], apply: [], patch: [], frameRequests: [], cairoShown: [] },
    on: (name, f) => listeners[name].push(f),
  };
  window.iconsynthEditor = editor;
  let started = null;
  editor.ready = new Promise((resolve) => { started = resolve; });

  // --- talking to the server --------------------------------------------------------------
  async function api(path, body) {
    const init = body === undefined ? {} : {
      method: 'POST', body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'X-Iconsynth-Token': editor.token },
    };
    const response = await fetch(path, init);
    let json = null;
    try { json = await response.json(); } catch (e) { json = { message: `${response.status} ${response.statusText}` }; }
    return { status: response.status, json };
  }
  editor.api = api;

  // --- values -------------------------------------------------------------------------------
  editor.value = (path) => (editor.changes.has(path) ? editor.changes.get(path) : editor.base.get(path));
  editor.entry = (path) => editor.paths.get(path);

  function put(path, value) {
    if (same(value, editor.base.get(path))) editor.changes.delete(path);
    else editor.changes.set(path, value);
  }

  // A gesture (a drag, a held key, a typed value) is one undo step: begin, scrub…, end.
  const gestures = new Map();  // path → value before
  let inputSeq = 0, lastPath = null;
  editor.begin = (path) => {
    if (gestures.has(path)) return;
    gestures.set(path, editor.value(path));
    emit('begin', path);
  };
  editor.scrub = (path, value, inputTime) => {
    editor.begin(path);
    editor.errors.delete(path);
    put(path, value);
    lastPath = path;
    keepLast(editor.latency.inputs, { seq: ++inputSeq, t: inputTime || performance.now() });
    emit('changes', path);
    emit('scrub', { path, value, seq: inputSeq });
    // While the players follow this value by themselves (live_players.js) and the Cairo frame is
    // drawn alone, the rebuild waits for the gesture to end or pause.
    requestBuild(editor.boundPath === path && gestures.has(path));
  };
  editor.end = (path) => {
    if (!gestures.has(path)) return;
    const before = gestures.get(path);
    gestures.delete(path);
    if (buildWaits) requestBuild();
    const after = editor.value(path);
    if (same(before, after)) return;
    editor.undo.push({ path, before, after });
    editor.redo.length = 0;
    tools();
  };
  editor.set = (path, value, inputTime) => { editor.begin(path); editor.scrub(path, value, inputTime); editor.end(path); };
  // A value the control could not even read ("abc" in a number field): refused at the control.
  editor.refuse = (path, message) => {
    editor.errors.set(path, message);
    emit('error', { path, message });
    tools();
  };

  function step(from, to) {
    const entry = from.pop();
    if (!entry) return;
    put(entry.path, from === editor.undo ? entry.before : entry.after);
    editor.errors.delete(entry.path);
    to.push(entry);
    lastPath = entry.path;
    emit('changes', entry.path);
    requestBuild();
    tools();
  }
  editor.rebuild = () => requestBuild();
  editor.undoStep = () => step(editor.undo, editor.redo);
  editor.redoStep = () => step(editor.redo, editor.undo);

  // --- rebuilds: one in flight, the latest next ------------------------------------------
  // Beside each rebuild, the frame the page shows is asked for alone (api/shown-frame: drawn
  // before anything else, one in flight, the latest next), so the Cairo side never waits for a
  // rebuild's animations. A value the players follow by themselves is rebuilt once its gesture
  // ends or pauses: on two busy cores each rebuild mid-drag slowed the frames that show the drag.
  let inFlight = false, again = false;
  // A paused gesture: this long without a new value.
  const PAUSE_MS = 100;
  let buildWaits = 0;  // the timer of a rebuild waiting for a gesture to pause
  function requestBuild(waitForPause) {
    requestShownFrame();
    clearTimeout(buildWaits);
    buildWaits = 0;
    if (waitForPause) { buildWaits = setTimeout(() => requestBuild(), PAUSE_MS); return; }
    if (inFlight) { again = true; return; }
    send();
  }
  // One at a time as well: on two busy cores, requests sent while one is in flight (the server
  // answers a replaced one at once) measured slower than waiting for it.
  let frameInFlight = false, frameAgain = false;
  function requestShownFrame() {
    if (frameInFlight) { frameAgain = true; return; }
    sendShownFrame();
  }
  async function sendShownFrame() {
    frameInFlight = true;
    frameAgain = false;
    const upTo = inputSeq;
    const { state } = viewer;
    try {
      const sent = performance.now();
      const { status, json } = await api('api/shown-frame', { changes: [...editor.changes].map(([path, value]) => ({ path, value })),
                                                              motion: state.motion, theme: state.theme, frame: state.frame });
      editor.latency.frameTrip.push(performance.now() - sent);
      keepLast(editor.latency.frameRequests, { upTo, sent, answered: performance.now() });
      if (status === 200 && json.ok) {
        for (const f of json.frames) noteCairo(`api/frame?key=${f.key}`, upTo);
        viewer.showFrameNow(json, upTo);
      }
    } catch (e) {
      // the rebuild's request says when the server does not answer
    }
    frameInFlight = false;
    if (frameAgain) sendShownFrame();
  }
  function haveKeys() {
    const data = viewer.data();
    return Object.values(data.variants).filter((v) => v.lottie && v.key).map((v) => v.key);
  }
  async function send() {
    inFlight = true;
    again = false;
    const upTo = inputSeq;
    const asked = [...editor.changes].map(([path, value]) => ({ path, value }));
    const blamed = lastPath;
    const blamedValue = editor.changes.get(blamed);
    try {
      const sent = performance.now();
      const { state } = viewer;
      const { status, json } = await api('api/edit', { changes: asked, have: haveKeys(), motion: state.motion, theme: state.theme,
                                                       frame: state.frame });
      editor.latency.roundTrip.push(performance.now() - sent);
      if (json && json.superseded) {
        // another tab's edit went first: ask again
      } else if (status === 200 && json.ok) {
        applied(json, upTo);
      } else if (status === 200) {
        refused(json.error, blamed, blamedValue);
      } else {
        viewer.showError(json.message || `edit failed (${status})`);
      }
    } catch (e) {
      viewer.showError(`the server does not answer: ${e.message}`);
    }
    inFlight = false;
    if (again) send();
    else quiet();
  }

  // Edits paused: the flipbooks of the last one can be drawn whole.
  let quietTimer = 0;
  function quiet() {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => { if (!inFlight && !buildWaits) viewer.loadFlipbooks(); }, 150);
  }

  const cairoUpTo = new Map();  // frame URL prefix → the last input it shows (the latest few hundred)
  function noteCairo(url, upTo) {
    const before = cairoUpTo.get(url) || 0;
    cairoUpTo.delete(url);  // newest last
    cairoUpTo.set(url, Math.max(before, upTo));
    if (cairoUpTo.size > 512) cairoUpTo.delete(cairoUpTo.keys().next().value);
  }
  function applied(json, upTo) {
    const start = performance.now();
    editor.paths = new Map(json.paths.map((p) => [p.path, p]));
    editor.order = json.paths.map((p) => p.path);
    editor.good = new Map(json.changes.map((c) => [c.path, c.value]));
    for (const c of json.changes) editor.base.set(c.path, c.was);
    for (const p of json.paths) if (!editor.changes.has(p.path) && !editor.good.has(p.path)) editor.base.set(p.path, p.value);
    editor.drawn = json.drawn || [];
    editor.lastResponse = json;
    editor.answeredUpTo = upTo;
    for (const v of Object.values(json.data.variants)) {
      for (const url of Object.values(v.frames || {})) noteCairo(url, upTo);
    }
    // Players moved by the drag to a later input than this answer's keep what they show.
    viewer.swap(json.data, true, upTo, playersPatchedUpTo > upTo);
    viewer.showError(null);
    emit('applied', json);
    changesPanel();
    tools();
    editor.latency.apply.push(performance.now() - start);
    // The players drew the new data in this task; the next animation frame puts it on screen.
    requestAnimationFrame(() => record('players', upTo, performance.now()));
  }

  function refused(error, path, value) {
    const at = path || error.path || '';
    // Moved on since (a drag through a value the spec refuses): the latest value is asked next.
    if (path && !same(editor.changes.get(path), value)) { requestBuild(); return; }
    editor.errors.set(at, error.message);
    // The icon keeps the last good value: the page asks for it again.
    if (editor.good.has(at)) editor.changes.set(at, editor.good.get(at));
    else editor.changes.delete(at);
    emit('error', { path: at, message: error.message });
    tools();
    requestBuild();
  }

  // Latency: each input event until the first frame on screen that shows it (or a newer value).
  const shownUpTo = { players: 0, cairo: 0, flipbook: 0 };
  function record(side, upTo, at) {
    for (const input of editor.latency.inputs) {
      if (input.seq > shownUpTo[side] && input.seq <= upTo) editor.latency[side].push(at - input.t);
    }
    shownUpTo[side] = Math.max(shownUpTo[side], upTo);
  }
  // The players show input `seq` in this animation frame: live_players.js drew it in the frame's
  // callback.
  let playersPatchedUpTo = 0;  // the last input the players were moved to by the drag itself
  editor.playersShow = (seq) => {
    playersPatchedUpTo = Math.max(playersPatchedUpTo, seq);
    record('players', seq, performance.now());
  };
  editor.lastInput = () => inputSeq;
  viewer.on('shown', (e) => {
    if (e.side === 'cairo') {
      const prefix = [...cairoUpTo.keys()].find((url) => e.src.startsWith(url));
      if (prefix) {
        const upTo = cairoUpTo.get(prefix), at = performance.now();
        requestAnimationFrame(() => {
          const painted = performance.now();
          keepLast(editor.latency.cairoShown, { upTo, at, painted });
          record('cairo', upTo, painted);
        });
      }
    }
  });

  // --- the changes panel -------------------------------------------------------------------
  const text = (v) => (typeof v === 'string' ? v : JSON.stringify(v));
  function changesPanel() {
    const list = $('change-list');
    list.replaceChildren();
    const shown = editor.lastResponse ? editor.lastResponse.changes : [];
    $('no-changes').hidden = shown.length > 0;
    $('set-label').hidden = shown.length === 0;
    $('set-flags').value = shown.map((c) => c.set).join(' ');
    for (const c of shown) {
      const item = document.createElement('li');
      item.dataset.path = c.path;
      const about = document.createElement('code');
      about.textContent = `${c.path}: ${text(c.was)} → ${text(c.value)}`;
      const revert = document.createElement('button');
      revert.type = 'button';
      revert.textContent = 'revert';
      revert.setAttribute('aria-label', `revert ${c.path}`);
      revert.addEventListener('click', () => editor.set(c.path, c.was));
      const flag = document.createElement('code');
      flag.className = 'set-flag';
      flag.textContent = c.set;
      item.append(about, ' ', revert, document.createElement('br'), flag);
      list.appendChild(item);
    }
  }

  // --- Save, Undo, Redo -----------------------------------------------------------------
  function tools() {
    $('undo').disabled = editor.undo.length === 0;
    $('redo').disabled = editor.redo.length === 0;
    const unsaved = editor.changes.size > 0 || (editor.session && !editor.session.file);
    $('save').disabled = editor.errors.size > 0 || !unsaved;
    $('save').title = editor.errors.size > 0 ? 'a value the spec refuses is still in a control' : '';
    $('edit-status').textContent = editor.errors.size > 0 ? `${editor.errors.size} refused value${editor.errors.size > 1 ? 's' : ''}`
      : editor.changes.size > 0 ? `${editor.changes.size} unsaved change${editor.changes.size > 1 ? 's' : ''}` : 'saved';
  }

  async function save(overwrite) {
    const body = { changes: [...editor.changes].map(([path, value]) => ({ path, value })), base: editor.session.base };
    if (!editor.session.file) Object.assign(body, { name: $('save-name').value.trim(), overwrite: !!overwrite });
    const { status, json } = await api('api/save', body);
    if (status === 200 && json.ok) {
      editor.session.base = json.base;
      editor.session.file = json.file;
      $('save-as').hidden = true;
      for (const [path, value] of editor.changes) editor.base.set(path, value);
      editor.changes.clear();
      $('edit-status').textContent = `saved ${json.file}`;
      requestBuild();
      return;
    }
    if (status === 409 && json.conflict) return conflict(json.conflict, json.ours);
    if (status === 409 && !editor.session.file && window.confirm(`${json.message}. Replace it?`)) return save(true);
    viewer.showError(json.error ? json.error.message : json.message);
  }

  // --- the file changed on disk while the page holds unsaved changes ------------------------
  function conflict(c, ours) {
    $('conflict-about').textContent = `${c.file} was changed by another program since this page read it. Nothing is lost: choose.`;
    $('conflict-disk').textContent = c.disk;
    $('conflict-ours').textContent = [...editor.changes].map(([p, v]) => `${p}: ${text(editor.base.get(p))} → ${text(v)}`).join('\n') +
                                     (ours ? `\n\n(Save would write:)\n${ours}` : '');
    $('conflict').dataset.hash = c.diskHash;
    $('conflict').hidden = false;
    $('keep-both').focus();
  }
  async function resolve(keepMine) {
    const { status, json } = await api('api/rebase', { hash: $('conflict').dataset.hash });
    if (status === 409 && json.conflict) return conflict(json.conflict);
    if (status !== 200) { viewer.showError(json.error ? json.error.message : json.message); return; }
    $('conflict').hidden = true;
    editor.session.base = json.base;
    if (!keepMine) editor.changes.clear();
    editor.base.clear();  // the file's values come with the next build
    requestBuild();
  }

  // --- starting ---------------------------------------------------------------------------
  async function start() {
    document.body.classList.add('editing');
    $('viewer-note').hidden = true;
    $('edit-tools').hidden = false;
    $('side').hidden = false;
    editor.token = (await api('api/token')).json.token;
    const { json: session } = await api('api/session');
    editor.session = session;
    for (const c of session.changes) editor.changes.set(c.path, c.value);
    if (!session.file) {
      $('save-as').hidden = false;
      $('save-name').value = `${viewer.data().id}.json`;
    }
    $('save').addEventListener('click', () => save(false));
    $('undo').addEventListener('click', editor.undoStep);
    $('redo').addEventListener('click', editor.redoStep);
    $('keep-both').addEventListener('click', () => resolve(true));
    $('take-disk').addEventListener('click', () => resolve(false));
    document.addEventListener('keydown', (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      if (e.target && e.target.tagName === 'TEXTAREA') return;
      e.preventDefault();
      if (e.shiftKey) editor.redoStep(); else editor.undoStep();
    });
    // A build of the folder: the file on disk was edited and taken (the page had no unsaved change).
    viewer.onUpdate = (update) => {
      if (update.error) return true;
      api('api/session').then(({ json }) => {
        editor.session = json;
        editor.base.clear();
        requestBuild();
      });
      return true;
    };
    viewer.events.addEventListener('conflict', (e) => conflict(JSON.parse(e.data)));
    if (session.conflict) conflict(session.conflict);
    requestBuild();
    tools();
    started();
  }

  if (editor.served) {
    start().catch((e) => viewer.showError(`the editor could not start: ${e.message}`));
  }
})();
